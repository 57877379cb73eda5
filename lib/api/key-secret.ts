import { hashSecretToken, looksLikeSecretToken, newSecretToken } from "@/lib/util/secret-token";

// The secret of an Agents API key: "dc_" + 32 random bytes (lib/util/secret-token.ts). The prefix
// makes a leaked key recognisable (and lib/providers/errors.ts redactSecrets blanks "dc_…" tokens in error text).

export const KEY_PREFIX = "dc_";
/** How many characters of the secret a list shows to tell keys apart ("dc_AbCdEf"). */
const SHOWN = KEY_PREFIX.length + 6;

export function newKeySecret(): { secret: string; hash: string; prefix: string } {
  const { secret, hash } = newSecretToken(KEY_PREFIX);
  return { secret, hash, prefix: secret.slice(0, SHOWN) };
}

export const hashKeySecret = hashSecretToken;

/** A well-formed secret: anything else is refused before a database lookup. */
export function looksLikeKeySecret(value: string): boolean {
  return looksLikeSecretToken(value, KEY_PREFIX);
}
