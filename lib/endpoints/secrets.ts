// How endpoint secrets are stored: encrypted (lib/providers/secrets.ts) with their row as
// associated data, so a ciphertext copied onto another row, or onto another user's key, fails to
// decrypt. Only the last 4 characters of a key ever leave the server, and none of a short key.
import "server-only";
import type { SecretColumns } from "@/lib/db/endpoints";
import { encryptionEnv } from "@/lib/env";
import { AppError, type ErrorText, keyOfCode, text } from "@/lib/errors";
import { decryptSecret, encryptSecret, SecretError } from "@/lib/providers";
import { mergeWriteOnlyMap } from "@/lib/util/write-only-map";

const keyContext = (id: string) => `endpoint:${id}:apiKey`;
const headersContext = (id: string) => `endpoint:${id}:headers`;
const userKeyContext = (userId: string, id: string) => `user:${userId}:${keyContext(id)}`;

/** What is stored next to a key so the forms can show `••••abcd`. */
export const last4 = (key: string) => (key.length > 8 ? key.slice(-4) : "");

/** `••••abcd` for a stored key, `••••` when it was too short to show any of it, null when none. */
export const keyHint = (encrypted: string | null, tail: string | null) =>
  encrypted ? (tail ? `••••${tail}` : "••••") : null;

export function decryptEndpointKey(row: { id: string; apiKeyEncrypted: string }): string {
  return decryptSecret(row.apiKeyEncrypted, { env: encryptionEnv(), context: keyContext(row.id) });
}

export function encryptUserKey(userId: string, endpointId: string, apiKey: string): string {
  return encryptSecret(apiKey, { env: encryptionEnv(), context: userKeyContext(userId, endpointId) });
}

export function decryptUserKey(userId: string, endpointId: string, keyEncrypted: string): string {
  return decryptSecret(keyEncrypted, { env: encryptionEnv(), context: userKeyContext(userId, endpointId) });
}

/** The headers stored on a row, decrypted ({} when none). Throws SecretError when unreadable. */
export function storedHeaders(row: { id: string; headersEncrypted: string | null }): Record<string, string> {
  if (!row.headersEncrypted) return {};
  const json = decryptSecret(row.headersEncrypted, { env: encryptionEnv(), context: headersContext(row.id) });
  return JSON.parse(json) as Record<string, string>;
}

/** The headers after an edit (see mergeWriteOnlyMap), undefined when none are left. */
export function mergeHeaders(
  stored: Record<string, string>,
  next: Record<string, string | null> | undefined,
): Record<string, string> | undefined {
  const merged = mergeWriteOnlyMap(stored, next);
  return Object.keys(merged).length ? merged : undefined;
}

/**
 * The secret columns for an edit of row `id`: `apiKey` undefined keeps the key, "" removes it;
 * `headers` as in `mergeHeaders` (with `stored` the row's current headers).
 */
export function secretColumns(
  id: string,
  input: { apiKey?: string; headers?: Record<string, string | null> },
  stored: Record<string, string>,
): SecretColumns {
  const data: SecretColumns = {};
  if (input.apiKey !== undefined) {
    data.apiKeyEncrypted = input.apiKey
      ? encryptSecret(input.apiKey, { env: encryptionEnv(), context: keyContext(id) })
      : null;
    data.apiKeyLast4 = input.apiKey ? last4(input.apiKey) : null;
  }
  if (input.headers !== undefined) {
    const headers = mergeHeaders(stored, input.headers) ?? {};
    data.headersEncrypted = Object.keys(headers).length
      ? encryptSecret(JSON.stringify(headers), { env: encryptionEnv(), context: headersContext(id) })
      : null;
  }
  return data;
}

/** Runs `fn`; an unreadable secret becomes `provider:endpoint_secret` naming the endpoint. */
export function readSecret<T>(endpointName: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof SecretError) {
      throw new AppError("provider:endpoint_secret", {
        values: { endpoint: endpointName, reason: text(keyOfCode(err.code)) },
      });
    }
    throw err;
  }
}

const sameURL = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? "").trim().replace(/\/+$/, "") === (b ?? "").trim().replace(/\/+$/, "");

/**
 * A stored key or header value is only ever sent to the address (protocol and base URL) it was
 * saved with. A draft that points elsewhere and would reuse a stored secret (key left empty,
 * header value left empty) is refused with field messages asking to type the secret again.
 */
export function assertSecretsStayWithAddress(
  row: {
    protocol: string;
    baseURL: string | null;
    apiKeyEncrypted: string | null;
    headersEncrypted: string | null;
  },
  draft: {
    protocol: string;
    baseURL?: string | null;
    apiKey?: string;
    headers?: Record<string, string | null>;
  },
): void {
  if (draft.protocol === row.protocol && sameURL(draft.baseURL, row.baseURL)) return;
  const fields: Record<string, ErrorText> = {};
  if (draft.apiKey === undefined && row.apiKeyEncrypted) fields.apiKey = text("field.api_key_retype");
  const keepsHeaders =
    draft.headers === undefined || Object.values(draft.headers).some((value) => value === null);
  if (row.headersEncrypted && keepsHeaders) fields.headers = text("field.headers_retype");
  if (Object.keys(fields).length) {
    throw new AppError("bad_request:endpoint_secret", { ...(fields.apiKey ?? fields.headers), fields });
  }
}
