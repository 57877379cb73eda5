import "server-only";
import { findApiKeyByHash, touchApiKey } from "@/lib/db/api-keys";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { hashKeySecret, looksLikeKeySecret } from "./key-secret";

// Who an Agents API request acts for: the owner of the bearer key, read from the database on
// every request (no cache), so a revoke, an expiry or an admin switching API access off holds at
// once on every process. The key itself never appears in an error or a log line.

export interface ApiCaller {
  keyId: string;
  /** Agent ids the key is limited to; empty = every agent the user may use. */
  agentIds: string[];
  /** Whether the conversations it starts appear in the user's chat list. */
  listConversations: boolean;
  user: { id: string; email: string; role: string; locale: string | null };
}

export function apiAccessAllowed(apiAccess: boolean | null, current = env()): boolean {
  return apiAccess ?? current.API_ACCESS_DEFAULT === "on";
}

export function bearerOf(header: string | null): string | null {
  const m = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return m ? m[1] : null;
}

/**
 * The caller of a request. `recordUse` stamps the key's last use: only requests that run
 * something (not GET/HEAD, which never write) — Settings shows it as "Last used".
 */
export async function authenticateApiKey(
  authorization: string | null,
  { now = new Date(), recordUse = false }: { now?: Date; recordUse?: boolean } = {},
): Promise<ApiCaller> {
  const secret = bearerOf(authorization);
  if (!secret) throw new AppError("unauthorized:api_key_missing");
  if (!looksLikeKeySecret(secret)) throw new AppError("unauthorized:api_key");
  const row = await findApiKeyByHash({ keyHash: hashKeySecret(secret) });
  if (!row || row.revokedAt || row.user.disabled) throw new AppError("unauthorized:api_key");
  if (row.expiresAt && row.expiresAt <= now) throw new AppError("unauthorized:api_key_expired");
  if (!apiAccessAllowed(row.user.apiAccess)) throw new AppError("forbidden:api_access");
  if (recordUse) await touchApiKey({ id: row.keyId, now });
  const { id, email, role, locale } = row.user;
  return {
    keyId: row.keyId,
    agentIds: row.agentIds,
    listConversations: row.listConversations,
    user: { id, email, role, locale },
  };
}

/** Whether the key may use this agent (the user's own right to it is checked by the chat path). */
export function keyAllowsAgent(caller: ApiCaller, agentId: string): boolean {
  return caller.agentIds.length === 0 || caller.agentIds.includes(agentId);
}
