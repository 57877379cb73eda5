/**
 * Encryption of stored API keys (AES-256-GCM) and masking for display.
 *
 * Key: derived with HKDF-SHA256 from env `APP_ENCRYPTION_KEY`, or from `AUTH_SECRET` when
 * APP_ENCRYPTION_KEY is unset (so a fresh install works with the one secret next-auth already
 * needs). Set APP_ENCRYPTION_KEY explicitly in production: rotating AUTH_SECRET (which logs
 * everybody out) would otherwise make every stored key unreadable. Either must be ≥ 16 characters,
 * e.g. `openssl rand -base64 32`.
 *
 * Format: `enc:v1:<iv>:<tag>:<ciphertext>` (base64url; 12-byte random IV, 16-byte GCM tag).
 * The version lets a later format or key coexist with v1 rows. An optional `context` (e.g. the
 * endpoint id) is authenticated as AAD, so a ciphertext copied to another row does not decrypt.
 * Plaintext keys are never logged or put in error messages.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

type Env = Record<string, string | undefined>;

const PREFIX = "enc:v1:";
const SALT = "delegate-chat/provider-keys";
const INFO = "aes-256-gcm/v1";

export class SecretError extends Error {
  override readonly name = "SecretError";
  readonly code: "secret:no_key" | "secret:invalid";
  constructor(code: "secret:no_key" | "secret:invalid", message: string) {
    super(message);
    this.code = code;
  }
}

/** The 32-byte AES key derived from the given configuration (the app passes lib/env's `encryptionEnv()`). Throws SecretError when no secret is set. */
export function encryptionKey(env: Env): Buffer {
  const secret = env.APP_ENCRYPTION_KEY?.trim() || env.AUTH_SECRET?.trim();
  if (!secret) {
    throw new SecretError(
      "secret:no_key",
      "Set APP_ENCRYPTION_KEY (or AUTH_SECRET) to store API keys: e.g. `openssl rand -base64 32`.",
    );
  }
  if (secret.length < 16) {
    throw new SecretError(
      "secret:no_key",
      "APP_ENCRYPTION_KEY / AUTH_SECRET must be at least 16 characters long.",
    );
  }
  return Buffer.from(hkdfSync("sha256", secret, SALT, INFO, 32));
}

/** Encrypt a secret for storage. `context` (optional) must be given again to decrypt. */
export function encryptSecret(plaintext: string, options: { env: Env; context?: string }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(options.env), iv);
  if (options.context) cipher.setAAD(Buffer.from(options.context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${iv.toString("base64url")}:${tag.toString("base64url")}:${ciphertext.toString("base64url")}`;
}

/** Decrypt what `encryptSecret` produced. Throws SecretError (without any key material) on failure. */
export function decryptSecret(payload: string, options: { env: Env; context?: string }): string {
  if (!isEncryptedSecret(payload))
    throw new SecretError("secret:invalid", "Not an encrypted secret (unknown format).");
  const [iv, tag, data] = payload
    .slice(PREFIX.length)
    .split(":")
    .map((p) => Buffer.from(p, "base64url"));
  if (iv?.length !== 12 || tag?.length !== 16 || !data) {
    throw new SecretError("secret:invalid", "Encrypted secret is malformed.");
  }
  try {
    const decipher = createDecipheriv("aes-256-gcm", encryptionKey(options.env), iv);
    if (options.context) decipher.setAAD(Buffer.from(options.context, "utf8"));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretError(
      "secret:invalid",
      "A stored API key could not be decrypted: APP_ENCRYPTION_KEY/AUTH_SECRET changed or the value was tampered with. Enter the key again.",
    );
  }
}

export function isEncryptedSecret(value: string): boolean {
  return value.startsWith(PREFIX);
}

/** `••••abcd`: the last 4 characters only (nothing for keys of 8 characters or fewer). */
export function maskKey(key: string | null | undefined): string {
  if (!key) return "";
  const k = key.trim();
  return k.length > 8 ? `••••${k.slice(-4)}` : "••••";
}
