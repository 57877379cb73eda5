/**
 * A server's secret maps (HTTP header values, stdio env values), encrypted at rest with the app's
 * key (lib/providers/secrets.ts, AES-256-GCM) and bound to their row and purpose: a ciphertext
 * copied onto another row or field does not decrypt.
 */
import type { McpServerRow } from "@/lib/db/mcp-servers";
import { encryptionEnv } from "@/lib/env";
import { decryptSecret, encryptSecret } from "@/lib/providers/secrets";

export type SecretMapName = "headers" | "env";

const context = (id: string, which: SecretMapName) => `mcp:${id}:${which}`;

/** A stored secret map, decrypted. Throws SecretError when the encryption key changed. */
export function storedSecretMap(row: McpServerRow, which: SecretMapName): Record<string, string> {
  const payload = which === "headers" ? row.headersEncrypted : row.envEncrypted;
  if (!payload) return {};
  return JSON.parse(
    decryptSecret(payload, { env: encryptionEnv(), context: context(row.id, which) }),
  ) as Record<string, string>;
}

/** The column value for a secret map (null when empty). */
export function sealSecretMap(id: string, which: SecretMapName, map: Record<string, string>): string | null {
  if (!Object.keys(map).length) return null;
  return encryptSecret(JSON.stringify(map), { env: encryptionEnv(), context: context(id, which) });
}
