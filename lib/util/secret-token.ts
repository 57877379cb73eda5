import { createHash, randomBytes } from "node:crypto";

// A bearer secret: a prefix + 32 random bytes (base64url). Only its SHA-256 is stored; with 256
// random bits a salt or a slow hash adds nothing. Used by Agents API keys and shared links.

export function newSecretToken(prefix: string): { secret: string; hash: string } {
  const secret = `${prefix}${randomBytes(32).toString("base64url")}`;
  return { secret, hash: hashSecretToken(secret) };
}

export function hashSecretToken(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** prefix + 43 base64url characters: anything else is refused before a database lookup. */
export function looksLikeSecretToken(value: string, prefix: string): boolean {
  return value.startsWith(prefix) && /^[A-Za-z0-9_-]{43}$/.test(value.slice(prefix.length));
}
