import "server-only";
import { getDb } from "./client";
import type { Endpoint } from "./generated/client";

// Queries of the admin-managed model endpoints and users' personal keys. Secrets arrive and leave
// encrypted: encrypting, decrypting and deciding who may use what is lib/endpoints' business.

export type EndpointRow = Endpoint & { users: { userId: string }[] };

/** Secret columns as stored (ciphertexts bound to their row, see lib/endpoints/secrets.ts). */
export interface SecretColumns {
  apiKeyEncrypted?: string | null;
  apiKeyLast4?: string | null;
  headersEncrypted?: string | null;
}

/** The columns an admin edits directly. */
export interface EndpointColumns {
  name: string;
  protocol: string;
  baseURL: string | null;
  models: string[];
  restricted: boolean;
  allowUserKeys: boolean;
}

export async function listEndpointRows(): Promise<EndpointRow[]> {
  return getDb().endpoint.findMany({ include: { users: true }, orderBy: { name: "asc" } });
}

export async function findEndpointRow({ id }: { id: string }): Promise<Endpoint | null> {
  return getDb().endpoint.findUnique({ where: { id } });
}

export async function findEndpointSummaryRow({ id }: { id: string }): Promise<EndpointRow> {
  return getDb().endpoint.findUniqueOrThrow({ where: { id }, include: { users: true } });
}

/** An endpoint with `users` holding only this user's access row (empty when not listed). */
export async function findEndpointForUser({
  id,
  userId,
}: {
  id: string;
  userId: string;
}): Promise<EndpointRow | null> {
  return getDb().endpoint.findUnique({ where: { id }, include: { users: { where: { userId } } } });
}

/** An endpoint with the emails of the users it is restricted to. */
export async function findEndpointWithEmails({ id }: { id: string }) {
  return getDb().endpoint.findUnique({
    where: { id },
    include: { users: { include: { user: { select: { email: true } } } } },
  });
}

/** Agents whose model runs on this endpoint. */
export async function countAgentsOnEndpoint({ id }: { id: string }): Promise<number> {
  return getDb().agent.count({ where: { provider: id } });
}

/** Whether a stored endpoint (other than `exceptId`) has this name, ignoring case. */
export async function endpointNameTaken({ name, exceptId }: { name: string; exceptId?: string }) {
  const row = await getDb().endpoint.findFirst({
    where: { name: { equals: name, mode: "insensitive" }, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  });
  return Boolean(row);
}

/**
 * Inserts an endpoint and its allowed users; its secret columns are computed from the new row's
 * id (`secretsFor`), in the same transaction.
 */
export async function insertEndpoint({
  columns,
  allowedUserIds,
  secretsFor,
}: {
  columns: EndpointColumns;
  allowedUserIds: string[];
  secretsFor: (id: string) => SecretColumns;
}): Promise<{ id: string }> {
  return getDb().$transaction(async (tx) => {
    const created = await tx.endpoint.create({
      data: { ...columns, users: { create: allowedUserIds.map((userId) => ({ userId })) } },
      select: { id: true },
    });
    return tx.endpoint.update({
      where: { id: created.id },
      data: secretsFor(created.id),
      select: { id: true },
    });
  });
}

/** Replaces an endpoint's columns, secrets (those given) and allowed users at once. */
export async function updateEndpointRow({
  id,
  columns,
  secrets,
  allowedUserIds,
}: {
  id: string;
  columns: EndpointColumns;
  secrets: SecretColumns;
  allowedUserIds: string[];
}): Promise<void> {
  const db = getDb();
  await db.$transaction([
    db.endpointUser.deleteMany({ where: { endpointId: id } }),
    db.endpoint.update({
      where: { id },
      data: { ...columns, ...secrets, users: { create: allowedUserIds.map((userId) => ({ userId })) } },
    }),
  ]);
}

/** Deletes an endpoint; false when it did not exist. */
export async function deleteEndpointRow({ id }: { id: string }): Promise<boolean> {
  const { count } = await getDb().endpoint.deleteMany({ where: { id } });
  return count > 0;
}

/** Endpoints the user may use that accept personal keys, each with this user's key row if any. */
export async function listPersonalKeyRows({ userId }: { userId: string }) {
  return getDb().endpoint.findMany({
    where: { allowUserKeys: true, OR: [{ restricted: false }, { users: { some: { userId } } }] },
    include: { userKeys: { where: { userId } } },
    orderBy: { name: "asc" },
  });
}

export async function findUserKeyRow({ userId, endpointId }: { userId: string; endpointId: string }) {
  return getDb().userEndpointKey.findUnique({ where: { userId_endpointId: { userId, endpointId } } });
}

export async function saveUserKeyRow({
  userId,
  endpointId,
  keyEncrypted,
  keyLast4,
}: {
  userId: string;
  endpointId: string;
  keyEncrypted: string;
  keyLast4: string;
}): Promise<void> {
  const data = { keyEncrypted, keyLast4 };
  await getDb().userEndpointKey.upsert({
    where: { userId_endpointId: { userId, endpointId } },
    create: { userId, endpointId, ...data },
    update: data,
  });
}

export async function deleteUserKeyRow({ userId, endpointId }: { userId: string; endpointId: string }) {
  await getDb().userEndpointKey.deleteMany({ where: { userId, endpointId } });
}
