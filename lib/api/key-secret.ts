import { createHash, randomBytes } from "node:crypto";

// The secret of an Agents API key: "dc_" + 32 random bytes (base64url). Only its SHA-256 is
// stored; with 256 random bits a salt or a slow hash adds nothing. The prefix makes a leaked key
// recognisable (and lib/providers/errors.ts redactSecrets blanks "dc_…" tokens in error text).

export const KEY_PREFIX = "dc_";
/** How many characters of the secret a list shows to tell keys apart ("dc_AbCdEf"). */
const SHOWN = KEY_PREFIX.length + 6;

export function newKeySecret(): { secret: string; hash: string; prefix: string } {
  const secret = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { secret, hash: hashKeySecret(secret), prefix: secret.slice(0, SHOWN) };
}

export function hashKeySecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** A well-formed secret: anything else is refused before a database lookup. */
export function looksLikeKeySecret(value: string): boolean {
  return /^dc_[A-Za-z0-9_-]{43}$/.test(value);
}
