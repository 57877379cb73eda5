import "server-only";
import { getDb } from "./client";

// Rows of the Agents API keys. Only hashes are stored; listing never returns the hash.

export interface ApiKeyRow {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  agentIds: string[];
  listConversations: boolean;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
}

const listed = {
  id: true,
  userId: true,
  name: true,
  prefix: true,
  agentIds: true,
  listConversations: true,
  expiresAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdAt: true,
} as const;

export async function insertApiKey(data: {
  userId: string;
  name: string;
  keyHash: string;
  prefix: string;
  agentIds: string[];
  listConversations: boolean;
  expiresAt: Date | null;
}): Promise<ApiKeyRow> {
  return getDb().apiKey.create({ data, select: listed });
}

export async function listUserApiKeys({ userId }: { userId: string }): Promise<ApiKeyRow[]> {
  return getDb().apiKey.findMany({ where: { userId }, orderBy: { createdAt: "desc" }, select: listed });
}

/** Every user's keys with the owner's email, for admins (never the hash). */
export async function listAllApiKeys(): Promise<(ApiKeyRow & { email: string })[]> {
  const rows = await getDb().apiKey.findMany({
    orderBy: { createdAt: "desc" },
    select: { ...listed, user: { select: { email: true } } },
  });
  return rows.map(({ user, ...row }) => ({ ...row, email: user.email }));
}

/** Revokes the caller's own key; false when there is no such live key of this user. */
export async function revokeUserApiKey({ userId, id }: { userId: string; id: string }): Promise<boolean> {
  const { count } = await getDb().apiKey.updateMany({
    where: { id, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count === 1;
}

export interface KeyOwner {
  keyId: string;
  agentIds: string[];
  listConversations: boolean;
  expiresAt: Date | null;
  revokedAt: Date | null;
  user: {
    id: string;
    email: string;
    role: string;
    disabled: boolean;
    apiAccess: boolean | null;
    locale: string | null;
  };
}

/** The key with this hash and its owner, read fresh on every request (a revoke holds at once). */
export async function findApiKeyByHash({ keyHash }: { keyHash: string }): Promise<KeyOwner | null> {
  const row = await getDb().apiKey.findUnique({
    where: { keyHash },
    select: {
      id: true,
      agentIds: true,
      listConversations: true,
      expiresAt: true,
      revokedAt: true,
      user: { select: { id: true, email: true, role: true, disabled: true, apiAccess: true, locale: true } },
    },
  });
  if (!row) return null;
  const { id, ...rest } = row;
  return { keyId: id, ...rest, user: { ...row.user, role: String(row.user.role) } };
}

/** Stamps the key's last use, at most once a minute (a busy key would otherwise write on every call). */
export async function touchApiKey({ id, now = new Date() }: { id: string; now?: Date }): Promise<void> {
  const stale = new Date(now.getTime() - 60_000);
  await getDb().apiKey.updateMany({
    where: { id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: stale } }] },
    data: { lastUsedAt: now },
  });
}

/** Sets a user's API access; the value before and the user, or null when there is no such user. */
export async function setUserApiAccess({
  id,
  apiAccess,
}: {
  id: string;
  apiAccess: boolean | null;
}): Promise<{ before: boolean | null; user: { id: string; email: string } } | null> {
  return getDb().$transaction(async (tx) => {
    const row = await tx.user.findUnique({ where: { id }, select: { apiAccess: true } });
    if (!row) return null;
    const user = await tx.user.update({
      where: { id },
      data: { apiAccess },
      select: { id: true, email: true },
    });
    return { before: row.apiAccess, user };
  });
}

export async function userApiAccess({ id }: { id: string }): Promise<boolean | null> {
  const row = await getDb().user.findUnique({ where: { id }, select: { apiAccess: true } });
  return row?.apiAccess ?? null;
}

/** Every user with their API access setting, for the admin screen. */
export async function listUsersApiAccess(): Promise<
  { id: string; email: string; apiAccess: boolean | null }[]
> {
  return getDb().user.findMany({
    orderBy: { email: "asc" },
    select: { id: true, email: true, apiAccess: true },
  });
}
