import "server-only";
import { getDb } from "./client";

/** One user's stored OAuth authorization for one MCP server (ciphertexts as stored). */
export interface McpOAuthConnectionRow {
  serverId: string;
  userId: string;
  tokensEncrypted: string | null;
  connectedAt: Date | null;
  pendingState: string | null;
  verifierEncrypted: string | null;
  pendingSince: Date | null;
}

export async function getMcpOAuthConnection({
  serverId,
  userId,
}: {
  serverId: string;
  userId: string;
}): Promise<McpOAuthConnectionRow | null> {
  return getDb().mcpOAuthConnection.findUnique({ where: { serverId_userId: { serverId, userId } } });
}

/** The connection whose authorization in flight has this state, only if it is `userId`'s. */
export async function findMcpOAuthPending({
  state,
  userId,
}: {
  state: string;
  userId: string;
}): Promise<McpOAuthConnectionRow | null> {
  return getDb().mcpOAuthConnection.findFirst({ where: { pendingState: state, userId } });
}

/** Server ids `userId` holds tokens for. */
export async function listMcpOAuthConnected({
  userId,
}: {
  userId: string;
}): Promise<{ serverId: string; connectedAt: Date | null }[]> {
  return getDb().mcpOAuthConnection.findMany({
    where: { userId, tokensEncrypted: { not: null } },
    select: { serverId: true, connectedAt: true },
  });
}

/** Starts an authorization: its state and encrypted PKCE verifier (tokens, if any, are kept). */
export async function saveMcpOAuthPending({
  serverId,
  userId,
  state,
  verifierEncrypted,
}: {
  serverId: string;
  userId: string;
  state: string;
  verifierEncrypted: string;
}): Promise<void> {
  const data = { pendingState: state, verifierEncrypted, pendingSince: new Date() };
  await getDb().mcpOAuthConnection.upsert({
    where: { serverId_userId: { serverId, userId } },
    create: { serverId, userId, ...data },
    update: data,
  });
}

/** Stores new tokens (after consent or a refresh); the authorization in flight, if any, is over. */
export async function saveMcpOAuthTokens({
  serverId,
  userId,
  tokensEncrypted,
  firstConnect,
}: {
  serverId: string;
  userId: string;
  tokensEncrypted: string;
  /** Set connectedAt (a consent, not a refresh). */
  firstConnect: boolean;
}): Promise<void> {
  const data = {
    tokensEncrypted,
    pendingState: null,
    verifierEncrypted: null,
    pendingSince: null,
    ...(firstConnect ? { connectedAt: new Date() } : {}),
  };
  await getDb().mcpOAuthConnection.upsert({
    where: { serverId_userId: { serverId, userId } },
    create: { serverId, userId, ...data, connectedAt: new Date() },
    update: data,
  });
}

/** Forgets a user's tokens (the server said they are no longer valid); a pending authorization stays. */
export async function clearMcpOAuthTokens({ serverId, userId }: { serverId: string; userId: string }) {
  await getDb().mcpOAuthConnection.updateMany({
    where: { serverId, userId },
    data: { tokensEncrypted: null, connectedAt: null },
  });
}

export async function deleteMcpOAuthConnection({
  serverId,
  userId,
}: {
  serverId: string;
  userId: string;
}): Promise<boolean> {
  const { count } = await getDb().mcpOAuthConnection.deleteMany({ where: { serverId, userId } });
  return count > 0;
}

/** Stores (or clears) a server's OAuth client registration. */
export async function saveMcpOAuthClient({
  serverId,
  clientEncrypted,
}: {
  serverId: string;
  clientEncrypted: string | null;
}): Promise<void> {
  await getDb().mcpServer.updateMany({
    where: { id: serverId },
    data: { oauthClientEncrypted: clientEncrypted },
  });
}

/** A server's stored client registration (read fresh: another user's connect may have just made it). */
export async function getMcpOAuthClient({ serverId }: { serverId: string }): Promise<string | null> {
  const row = await getDb().mcpServer.findUnique({
    where: { id: serverId },
    select: { oauthClientEncrypted: true },
  });
  return row?.oauthClientEncrypted ?? null;
}
