/**
 * A user's connections to per-user OAuth MCP servers: begin one (the SDK discovers the
 * authorization server, registers the app when offered, and builds the PKCE authorization URL),
 * finish it at the callback (code exchange), list them, and disconnect (revoke at the server when
 * it offers revocation, and forget the tokens). Only servers the user may use; only their own.
 */
import { auth, discoverOAuthServerInfo } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  deleteMcpOAuthConnection,
  findMcpOAuthPending,
  getMcpOAuthConnection,
  listMcpOAuthConnected,
} from "@/lib/db/mcp-oauth";
import { AppError } from "@/lib/errors";
import { describeError } from "../classify";
import { mcpSettings } from "../config";
import { guardedFetch } from "../guarded-fetch";
import { getMcpPool, type McpPool } from "../pool";
import { safeErrorText } from "../redact";
import { getServerRecord, listServerRecords, mayUse, type ServerRecord } from "../servers";
import { DbOAuthProvider, OAUTH_CALLBACK_PATH, openVerifier } from "./provider";

/** How long a consent may take between Connect and the callback. */
export const PENDING_TTL_MS = 15 * 60_000;
const REVOKE_TIMEOUT_MS = 5_000;

export interface McpConnection {
  server: { id: string; name: string };
  connected: boolean;
  connectedAt: Date | null;
}

async function oauthServerFor(serverId: string, userId: string): Promise<ServerRecord> {
  const record = await getServerRecord(serverId);
  // Someone else's or a plain server looks like no server at all.
  if (record?.auth !== "oauth" || !mayUse(record, userId) || !record.url) {
    throw new AppError("not_found:mcp_server");
  }
  return record;
}

const authFetch = () => guardedFetch(mcpSettings().addressPolicy);

/** The authorization server's refusal or unreachability, in words (never a token or secret). */
function oauthFailure(record: ServerRecord, err: unknown): AppError {
  if (err instanceof AppError) return err;
  return new AppError("provider:mcp_oauth", {
    values: { server: record.name, reason: safeErrorText(describeError(err), []).slice(0, 300) },
    cause: err,
  });
}

/** The per-user OAuth servers `userId` may use, and whether they are connected to each. */
export async function listMcpConnections({ userId }: { userId: string }): Promise<McpConnection[]> {
  const records = (await listServerRecords()).filter((r) => r.auth === "oauth" && mayUse(r, userId));
  if (!records.length) return [];
  const connected = new Map((await listMcpOAuthConnected({ userId })).map((c) => [c.serverId, c]));
  return records.map((r) => ({
    server: { id: r.id, name: r.name },
    connected: connected.has(r.id),
    connectedAt: connected.get(r.id)?.connectedAt ?? null,
  }));
}

/**
 * Begins connecting: the URL to send the user to (the authorization server's consent), or null
 * when the stored authorization still works (nothing to do).
 */
export async function beginMcpConnection({
  userId,
  serverId,
  origin,
}: {
  userId: string;
  serverId: string;
  /** The app's public origin: the callback address is built from it (and must be the same at the callback). */
  origin: string;
}): Promise<{ authorizationUrl: string | null }> {
  const record = await oauthServerFor(serverId, userId);
  const provider = new DbOAuthProvider({
    serverId,
    userId,
    redirectUrl: `${origin}${OAUTH_CALLBACK_PATH}`,
    interactive: true,
  });
  try {
    const result = await auth(provider, { serverUrl: record.url as string, fetchFn: authFetch() });
    if (result === "AUTHORIZED") return { authorizationUrl: null };
  } catch (err) {
    throw oauthFailure(record, err);
  }
  if (!provider.authorizationUrl) throw oauthFailure(record, new Error("no authorization URL"));
  return { authorizationUrl: provider.authorizationUrl.href };
}

/**
 * Finishes connecting at the callback: the state must be one `userId` began, recently; the code is
 * exchanged (with the PKCE verifier) for tokens, stored encrypted. Returns the server's name.
 */
export async function finishMcpConnection({
  userId,
  state,
  code,
  origin,
  pool = getMcpPool(),
}: {
  userId: string;
  state: string;
  code: string;
  origin: string;
  pool?: McpPool;
}): Promise<{ serverId: string; serverName: string }> {
  const pending = await findMcpOAuthPending({ state, userId });
  const fresh = pending?.pendingSince && Date.now() - pending.pendingSince.getTime() < PENDING_TTL_MS;
  const verifier =
    pending && fresh ? openVerifier(pending.serverId, userId, pending.verifierEncrypted) : undefined;
  if (!pending || !verifier) throw new AppError("bad_request:mcp_oauth_state");
  const record = await oauthServerFor(pending.serverId, userId);
  const provider = new DbOAuthProvider({
    serverId: record.id,
    userId,
    redirectUrl: `${origin}${OAUTH_CALLBACK_PATH}`,
    verifier,
    interactive: true,
  });
  try {
    const result = await auth(provider, {
      serverUrl: record.url as string,
      authorizationCode: code,
      fetchFn: authFetch(),
    });
    if (result !== "AUTHORIZED") throw new Error("the authorization server did not issue tokens");
  } catch (err) {
    throw oauthFailure(record, err);
  }
  // A connection this process holds for the user carried the old (or no) token.
  await pool.forget(record.id, { userId });
  return { serverId: record.id, serverName: record.name };
}

/**
 * Disconnects: the tokens are revoked at the authorization server when it offers revocation
 * (RFC 7009; a failure there does not keep them here) and deleted; the user's connection closes.
 */
export async function disconnectMcpConnection({
  userId,
  serverId,
  pool = getMcpPool(),
}: {
  userId: string;
  serverId: string;
  pool?: McpPool;
}): Promise<{ revoked: boolean }> {
  const record = await oauthServerFor(serverId, userId);
  const row = await getMcpOAuthConnection({ serverId, userId });
  if (!row) throw new AppError("not_found:mcp_connection");
  const provider = new DbOAuthProvider({ serverId, userId, redirectUrl: "", interactive: false });
  const [tokens, client] = await Promise.all([provider.tokens(), provider.clientInformation()]);
  const revoked = tokens && client ? await revoke(record, tokens, client) : false;
  await deleteMcpOAuthConnection({ serverId, userId });
  await pool.forget(serverId, { userId });
  return { revoked };
}

async function revoke(
  record: ServerRecord,
  tokens: OAuthTokens,
  client: OAuthClientInformationMixed,
): Promise<boolean> {
  const fetchFn = authFetch();
  try {
    const info = await discoverOAuthServerInfo(record.url as string, { fetchFn });
    // OAuth metadata (RFC 8414) has it; OpenID discovery documents may too, untyped.
    const meta = info.authorizationServerMetadata as { revocation_endpoint?: string } | undefined;
    const endpoint = meta?.revocation_endpoint;
    if (!endpoint) return false;
    // The refresh token first: revoking it ends the authorization (RFC 7009 §2.1).
    for (const [token, hint] of [
      [tokens.refresh_token, "refresh_token"],
      [tokens.access_token, "access_token"],
    ] as const) {
      if (!token) continue;
      const body = new URLSearchParams({ token, token_type_hint: hint, client_id: client.client_id });
      if (client.client_secret) body.set("client_secret", client.client_secret);
      const res = await fetchFn(endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
      });
      if (!res.ok) return false;
    }
    return true;
  } catch {
    return false;
  }
}
