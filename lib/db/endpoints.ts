import "server-only";
import { AppError } from "@/lib/errors";
import {
  DEMO_ENDPOINT_NAME,
  decryptSecret,
  demoEndpoint,
  type EndpointDefinition,
  encryptSecret,
  endpointsFromEnv,
  listModels,
  maskKey,
  type Protocol,
  SecretError,
  withDemoEndpoint,
} from "@/lib/providers";
import { getDb } from "./client";

/** How the offline demo endpoint is labelled wherever it is offered or listed. */
export const DEMO_LABEL = "Scripted demo · offline";

/** What the admin UI and the browser may see of an endpoint: never the key itself. */
export interface EndpointSummary {
  id: string;
  name: string;
  protocol: Protocol;
  baseURL: string | null;
  models: string[];
  source: "env" | "db" | "builtin";
  /** `••••abcd` (last 4 characters only), or null when no key is stored. */
  keyHint: string | null;
  hasHeaders: boolean;
  restricted: boolean;
  allowUserKeys: boolean;
  /** Admin views only; empty in what `listEndpointsForUser` returns. */
  allowedUserIds: string[];
}

/** The admin's view of a stored endpoint: who may use it and the names (never values) of its headers. */
export interface AdminEndpoint extends EndpointSummary {
  allowedEmails: string[];
  headerNames: string[];
  /** True when the stored key or headers can no longer be decrypted (encryption key changed). */
  secretsUnreadable: boolean;
  /** Agents that use this endpoint (they stop working when it is deleted). */
  agentCount: number;
}

/** An endpoint that accepts personal keys, as its user sees it on the settings page. */
export interface PersonalKeySlot {
  endpointId: string;
  name: string;
  protocol: Protocol;
  /** The user's own key, masked; null when they have none. */
  keyHint: string | null;
  /** Whether the endpoint has a shared key to fall back on. */
  hasSharedKey: boolean;
}

// Ciphertexts are bound to their row (AES-GCM associated data), so one copied onto another row
// (or onto another user's key) fails to decrypt.
const keyContext = (id: string) => `endpoint:${id}:apiKey`;
const headersContext = (id: string) => `endpoint:${id}:headers`;
const userKeyContext = (userId: string, id: string) => `user:${userId}:${keyContext(id)}`;

/** Only the last 4 characters ever leave the server, and none of a short key. */
const last4 = (key: string) => (key.length > 8 ? key.slice(-4) : "");
const hint = (encrypted: string | null, tail: string | null) =>
  encrypted ? (tail ? `••••${tail}` : "••••") : null;

export interface EndpointInput {
  name: string;
  protocol: Protocol;
  baseURL?: string | null;
  /** undefined = keep the stored key; "" = remove it. */
  apiKey?: string;
  /**
   * undefined = keep all stored headers; {} = remove them. Otherwise the new set of headers, where a
   * `null` value keeps the stored value of that header (the form never receives header values).
   */
  headers?: Record<string, string | null>;
  models: string[];
  restricted: boolean;
  allowUserKeys: boolean;
  allowedUserIds: string[];
}

type EndpointRow = {
  id: string;
  name: string;
  protocol: string;
  baseURL: string | null;
  apiKeyEncrypted: string | null;
  apiKeyLast4: string | null;
  headersEncrypted: string | null;
  models: string[];
  restricted: boolean;
  allowUserKeys: boolean;
  users: { userId: string }[];
};

function summaryOf(r: EndpointRow): EndpointSummary {
  return {
    id: r.id,
    name: r.name,
    protocol: r.protocol as Protocol,
    baseURL: r.baseURL,
    models: r.models,
    source: "db",
    keyHint: hint(r.apiKeyEncrypted, r.apiKeyLast4),
    hasHeaders: Boolean(r.headersEncrypted),
    restricted: r.restricted,
    allowUserKeys: r.allowUserKeys,
    allowedUserIds: r.users.map((u) => u.userId),
  };
}

export async function listDbEndpoints(): Promise<EndpointSummary[]> {
  const rows = await getDb().endpoint.findMany({ include: { users: true }, orderBy: { name: "asc" } });
  return rows.map(summaryOf);
}

function envSummary(e: EndpointDefinition): EndpointSummary {
  return {
    id: e.id,
    name: e.name,
    protocol: e.protocol,
    baseURL: e.baseURL ?? null,
    models: e.models,
    source: e.source,
    keyHint: e.apiKey ? maskKey(e.apiKey) || null : null,
    hasHeaders: Boolean(e.headers && Object.keys(e.headers).length),
    restricted: false,
    allowUserKeys: false,
    allowedUserIds: [],
  };
}

/**
 * Every endpoint on this server for the admin page: the stored ones, the environment ones and the
 * demo when it is offered (DEMO_ENDPOINT=on, or auto with nothing else configured).
 */
export async function listAllEndpoints(): Promise<EndpointSummary[]> {
  const stored = await listDbEndpoints();
  const env = endpointsFromEnv();
  const placeholders = stored.map((d) => ({ ...d, source: "db" as const, baseURL: undefined }));
  const demo = withDemoEndpoint([...env, ...placeholders]).filter((e) => e.protocol === "demo");
  return [...stored, ...env.map(envSummary), ...demo.map(envSummary)];
}

/** Every endpoint a user may pick models from: env ones, DB ones they may use, and the demo. */
export async function listEndpointsForUser({ userId }: { userId: string }): Promise<EndpointSummary[]> {
  const db = (await listDbEndpoints())
    .filter((e) => !e.restricted || e.allowedUserIds.includes(userId))
    .map((e) => ({ ...e, allowedUserIds: [] }));
  const env = endpointsFromEnv();
  const offered = withDemoEndpoint([
    ...env,
    ...db.map((d) => ({ ...d, source: "db" as const, baseURL: d.baseURL ?? undefined })),
  ]);
  const demo = offered.find((e) => e.protocol === "demo");
  return [...env.map(envSummary), ...db, ...(demo ? [envSummary(demo)] : [])];
}

/** One stored endpoint for the admin's edit form (no key, no header values). */
export async function getAdminEndpoint({ id }: { id: string }): Promise<AdminEndpoint> {
  const row = await getDb().endpoint.findUnique({
    where: { id },
    include: { users: { include: { user: { select: { email: true } } } } },
  });
  if (!row) throw new AppError("not_found:endpoint", "That endpoint no longer exists.");
  let headerNames: string[] = [];
  let secretsUnreadable = false;
  try {
    headerNames = Object.keys(storedHeaders(row));
    if (row.apiKeyEncrypted) decryptSecret(row.apiKeyEncrypted, { context: keyContext(id) });
  } catch (err) {
    if (!(err instanceof SecretError)) throw err;
    secretsUnreadable = true;
  }
  const agentCount = await getDb().agent.count({ where: { provider: id } });
  return {
    ...summaryOf(row),
    allowedEmails: row.users.map((u) => u.user.email).sort(),
    headerNames,
    secretsUnreadable,
    agentCount,
  };
}

function storedHeaders(row: { id: string; headersEncrypted: string | null }): Record<string, string> {
  if (!row.headersEncrypted) return {};
  return JSON.parse(decryptSecret(row.headersEncrypted, { context: headersContext(row.id) })) as Record<
    string,
    string
  >;
}

/**
 * The full endpoint (decrypted key) an agent refers to, for building its model on the server.
 * Throws a typed error when it no longer exists or the user may not use it.
 */
export async function resolveEndpointForUser({
  id,
  userId,
}: {
  id: string;
  userId: string;
}): Promise<EndpointDefinition> {
  if (id === demoEndpoint().id || id === "demo") {
    if ((process.env.DEMO_ENDPOINT ?? "").toLowerCase() === "off") {
      throw new AppError("bad_request:endpoint", "The demo model is switched off on this server.");
    }
    return demoEndpoint();
  }
  const env = endpointsFromEnv().find((e) => e.id === id);
  if (env) return env;
  const row = await getDb().endpoint.findUnique({ where: { id }, include: { users: { where: { userId } } } });
  if (!row)
    throw new AppError(
      "not_found:endpoint",
      "This agent's model endpoint no longer exists. Pick another model in the agent builder.",
    );
  if (row.restricted && row.users.length === 0) {
    throw new AppError("forbidden:endpoint", `You are not allowed to use the endpoint ${row.name}.`);
  }
  const userKey = row.allowUserKeys
    ? await getDb().userEndpointKey.findUnique({ where: { userId_endpointId: { userId, endpointId: id } } })
    : null;
  const readable = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (err) {
      if (err instanceof SecretError) {
        throw new AppError("provider:endpoint_secret", `The endpoint ${row.name}: ${err.message}`);
      }
      throw err;
    }
  };
  const apiKey = userKey
    ? readable(() => decryptSecret(userKey.keyEncrypted, { context: userKeyContext(userId, id) }))
    : row.apiKeyEncrypted
      ? readable(() => decryptSecret(row.apiKeyEncrypted as string, { context: keyContext(id) }))
      : undefined;
  const headers = row.headersEncrypted ? readable(() => storedHeaders(row)) : undefined;
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol as Protocol,
    baseURL: row.baseURL ?? undefined,
    apiKey,
    headers,
    models: row.models,
    source: "db",
  };
}

/**
 * Asks an endpoint (possibly not saved yet) which models it offers, on the server. With `id`, a
 * missing key or a header value of `null` falls back to what that row stores. Throws the provider's
 * user-facing error (`provider:auth`, `provider:connection`, ...).
 */
export async function fetchEndpointModels({
  id,
  draft,
}: {
  id?: string;
  draft: Pick<EndpointInput, "name" | "protocol" | "baseURL" | "apiKey" | "headers">;
}): Promise<string[]> {
  const row = id ? await getDb().endpoint.findUnique({ where: { id } }) : null;
  if (id && !row) throw new AppError("not_found:endpoint", "That endpoint no longer exists.");
  let apiKey = draft.apiKey || undefined;
  if (draft.apiKey === undefined && row?.apiKeyEncrypted) {
    apiKey = decryptSecret(row.apiKeyEncrypted, { context: keyContext(row.id) });
  }
  const headers = mergeHeaders(row ? storedHeaders(row) : {}, draft.headers);
  return listModels({
    name: draft.name || "(unnamed)",
    protocol: draft.protocol,
    baseURL: draft.baseURL || undefined,
    apiKey,
    headers: headers ?? undefined,
  });
}

function mergeHeaders(
  stored: Record<string, string>,
  next: Record<string, string | null> | undefined,
): Record<string, string> | undefined {
  if (next === undefined) return Object.keys(stored).length ? stored : undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(next)) {
    const kept = value ?? stored[name];
    if (kept !== undefined) out[name] = kept;
  }
  return out;
}

/** Names taken by ready-made endpoints (the chat keys endpoints by name). */
async function assertNameFree(name: string, exceptId?: string) {
  const lower = name.trim().toLowerCase();
  const builtin = [...endpointsFromEnv().map((e) => e.name), DEMO_ENDPOINT_NAME];
  const clash =
    builtin.some((n) => n.toLowerCase() === lower) ||
    (await getDb().endpoint.findFirst({
      where: {
        name: { equals: name.trim(), mode: "insensitive" },
        ...(exceptId ? { NOT: { id: exceptId } } : {}),
      },
      select: { id: true },
    }));
  if (clash) {
    throw new AppError("conflict:endpoint_name", "An endpoint with this name already exists.", {
      fields: { name: "An endpoint with this name already exists." },
    });
  }
}

async function getSummary(id: string): Promise<EndpointSummary> {
  const row = await getDb().endpoint.findUniqueOrThrow({ where: { id }, include: { users: true } });
  return summaryOf(row);
}

/** The columns an admin edits directly (secrets go through `secretColumns`). */
function plainColumns(input: EndpointInput) {
  return {
    name: input.name.trim(),
    protocol: input.protocol,
    baseURL: input.baseURL || null,
    models: input.models,
    restricted: input.restricted,
    allowUserKeys: input.allowUserKeys,
  };
}

const allowedUsers = (input: EndpointInput) => input.allowedUserIds.map((userId) => ({ userId }));

export async function createEndpoint({ input }: { input: EndpointInput }): Promise<EndpointSummary> {
  await assertNameFree(input.name);
  const db = getDb();
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.endpoint.create({
        data: { ...plainColumns(input), users: { create: allowedUsers(input) } },
      });
      return tx.endpoint.update({ where: { id: created.id }, data: secretColumns(created.id, input, {}) });
    });
    return getSummary(row.id);
  } catch (err) {
    throw mapUniqueName(err);
  }
}

export async function updateEndpoint({
  id,
  input,
}: {
  id: string;
  input: EndpointInput;
}): Promise<EndpointSummary> {
  const db = getDb();
  const existing = await db.endpoint.findUnique({ where: { id } });
  if (!existing) throw new AppError("not_found:endpoint", "That endpoint no longer exists.");
  await assertNameFree(input.name, id);
  // Header values the form left empty keep their stored value.
  const needsStored = input.headers && Object.values(input.headers).some((v) => v === null);
  const stored = needsStored ? storedHeaders(existing) : {};
  try {
    await db.$transaction([
      db.endpointUser.deleteMany({ where: { endpointId: id } }),
      db.endpoint.update({
        where: { id },
        data: {
          ...plainColumns(input),
          ...secretColumns(id, input, stored),
          users: { create: allowedUsers(input) },
        },
      }),
    ]);
  } catch (err) {
    throw mapUniqueName(err);
  }
  return getSummary(id);
}

export async function deleteEndpoint({ id }: { id: string }): Promise<void> {
  const { count } = await getDb().endpoint.deleteMany({ where: { id } });
  if (count === 0) throw new AppError("not_found:endpoint", "That endpoint no longer exists.");
}

/** Endpoints the user may use that accept personal keys, with the user's own key masked. */
export async function listPersonalKeySlots({ userId }: { userId: string }): Promise<PersonalKeySlot[]> {
  const rows = await getDb().endpoint.findMany({
    where: { allowUserKeys: true, OR: [{ restricted: false }, { users: { some: { userId } } }] },
    include: { userKeys: { where: { userId } } },
    orderBy: { name: "asc" },
  });
  return rows.map((r) => ({
    endpointId: r.id,
    name: r.name,
    protocol: r.protocol as Protocol,
    keyHint: r.userKeys[0] ? hint(r.userKeys[0].keyEncrypted, r.userKeys[0].keyLast4) : null,
    hasSharedKey: Boolean(r.apiKeyEncrypted),
  }));
}

async function personalKeyEndpoint(userId: string, endpointId: string) {
  const row = await getDb().endpoint.findUnique({
    where: { id: endpointId },
    include: { users: { where: { userId } } },
  });
  if (!row || (row.restricted && row.users.length === 0)) {
    throw new AppError("not_found:endpoint", "That endpoint does not exist.");
  }
  if (!row.allowUserKeys) {
    throw new AppError("forbidden:endpoint", "This endpoint does not accept personal keys.");
  }
  return row;
}

/** A user's own key for an endpoint that allows it (replaces the previous one). */
export async function setUserEndpointKey({
  userId,
  endpointId,
  apiKey,
}: {
  userId: string;
  endpointId: string;
  apiKey: string;
}) {
  await personalKeyEndpoint(userId, endpointId);
  const data = {
    keyEncrypted: encryptSecret(apiKey, { context: userKeyContext(userId, endpointId) }),
    keyLast4: last4(apiKey),
  };
  await getDb().userEndpointKey.upsert({
    where: { userId_endpointId: { userId, endpointId } },
    create: { userId, endpointId, ...data },
    update: data,
  });
}

export async function removeUserEndpointKey({ userId, endpointId }: { userId: string; endpointId: string }) {
  await getDb().userEndpointKey.deleteMany({ where: { userId, endpointId } });
}

function secretColumns(id: string, input: EndpointInput, stored: Record<string, string>) {
  const data: {
    apiKeyEncrypted?: string | null;
    apiKeyLast4?: string | null;
    headersEncrypted?: string | null;
  } = {};
  if (input.apiKey !== undefined) {
    data.apiKeyEncrypted = input.apiKey ? encryptSecret(input.apiKey, { context: keyContext(id) }) : null;
    data.apiKeyLast4 = input.apiKey ? last4(input.apiKey) : null;
  }
  if (input.headers !== undefined) {
    const headers = mergeHeaders(stored, input.headers) ?? {};
    data.headersEncrypted = Object.keys(headers).length
      ? encryptSecret(JSON.stringify(headers), { context: headersContext(id) })
      : null;
  }
  return data;
}

function mapUniqueName(err: unknown): unknown {
  if ((err as { code?: string }).code === "P2002") {
    return new AppError("conflict:endpoint_name", "An endpoint with this name already exists.", {
      fields: { name: "An endpoint with this name already exists." },
    });
  }
  return err;
}
