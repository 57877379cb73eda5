import "server-only";
import { AppError } from "@/lib/errors";
import {
  decryptSecret,
  demoEndpoint,
  type EndpointDefinition,
  encryptSecret,
  endpointsFromEnv,
  maskKey,
  type Protocol,
  withDemoEndpoint,
} from "@/lib/providers";
import { getDb } from "./client";

/** What the admin UI and the browser may see of an endpoint: never the key itself. */
export interface EndpointSummary {
  id: string;
  name: string;
  protocol: Protocol;
  baseURL: string | null;
  models: string[];
  source: "env" | "db" | "builtin";
  keyHint: string | null;
  hasHeaders: boolean;
  restricted: boolean;
  allowUserKeys: boolean;
  allowedUserIds: string[];
}

// The key's ciphertext is bound to the endpoint id, so a ciphertext copied onto another row fails to decrypt.
const keyContext = (id: string) => `endpoint:${id}:apiKey`;
const headersContext = (id: string) => `endpoint:${id}:headers`;

export interface EndpointInput {
  name: string;
  protocol: Protocol;
  baseURL?: string | null;
  /** undefined = keep the stored key; "" = remove it. */
  apiKey?: string;
  /** undefined = keep; {} = remove. */
  headers?: Record<string, string>;
  models: string[];
  restricted: boolean;
  allowUserKeys: boolean;
  allowedUserIds: string[];
}

export async function listDbEndpoints(): Promise<EndpointSummary[]> {
  const rows = await getDb().endpoint.findMany({ include: { users: true }, orderBy: { name: "asc" } });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    protocol: r.protocol as Protocol,
    baseURL: r.baseURL,
    models: r.models,
    source: "db",
    keyHint: r.apiKeyLast4 ? maskKey(`xxxx${r.apiKeyLast4}`) : null,
    hasHeaders: Boolean(r.headersEncrypted),
    restricted: r.restricted,
    allowUserKeys: r.allowUserKeys,
    allowedUserIds: r.users.map((u) => u.userId),
  }));
}

function envSummary(e: EndpointDefinition): EndpointSummary {
  return {
    id: e.id,
    name: e.name,
    protocol: e.protocol,
    baseURL: e.baseURL ?? null,
    models: e.models,
    source: e.source,
    keyHint: e.apiKey ? maskKey(e.apiKey) : null,
    hasHeaders: Boolean(e.headers && Object.keys(e.headers).length),
    restricted: false,
    allowUserKeys: false,
    allowedUserIds: [],
  };
}

/** Every endpoint a user may pick models from: env ones, DB ones they may use, and the demo. */
export async function listEndpointsForUser({ userId }: { userId: string }): Promise<EndpointSummary[]> {
  const db = (await listDbEndpoints()).filter((e) => !e.restricted || e.allowedUserIds.includes(userId));
  const env = endpointsFromEnv();
  const offered = withDemoEndpoint([
    ...env,
    ...db.map((d) => ({ ...d, source: "db" as const, baseURL: d.baseURL ?? undefined })),
  ]);
  const demo = offered.find((e) => e.protocol === "demo");
  return [...env.map(envSummary), ...db, ...(demo ? [envSummary(demo)] : [])];
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
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol as Protocol,
    baseURL: row.baseURL ?? undefined,
    apiKey: userKey
      ? decryptSecret(userKey.keyEncrypted, { context: `user:${userId}:${keyContext(id)}` })
      : row.apiKeyEncrypted
        ? decryptSecret(row.apiKeyEncrypted, { context: keyContext(id) })
        : undefined,
    headers: row.headersEncrypted
      ? (JSON.parse(decryptSecret(row.headersEncrypted, { context: headersContext(id) })) as Record<
          string,
          string
        >)
      : undefined,
    models: row.models,
    source: "db",
  };
}

export async function createEndpoint({ input }: { input: EndpointInput }): Promise<EndpointSummary> {
  const db = getDb();
  try {
    const row = await db.$transaction(async (tx) => {
      const created = await tx.endpoint.create({
        data: {
          name: input.name,
          protocol: input.protocol,
          baseURL: input.baseURL || null,
          models: input.models,
          restricted: input.restricted,
          allowUserKeys: input.allowUserKeys,
          users: { create: input.allowedUserIds.map((userId) => ({ userId })) },
        },
      });
      return tx.endpoint.update({ where: { id: created.id }, data: secretColumns(created.id, input) });
    });
    return (await listDbEndpoints()).find((e) => e.id === row.id) as EndpointSummary;
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
  const exists = await db.endpoint.findUnique({ where: { id }, select: { id: true } });
  if (!exists) throw new AppError("not_found:endpoint", "That endpoint no longer exists.");
  try {
    await db.$transaction([
      db.endpointUser.deleteMany({ where: { endpointId: id } }),
      db.endpoint.update({
        where: { id },
        data: {
          name: input.name,
          protocol: input.protocol,
          baseURL: input.baseURL || null,
          models: input.models,
          restricted: input.restricted,
          allowUserKeys: input.allowUserKeys,
          ...secretColumns(id, input),
          users: { create: input.allowedUserIds.map((userId) => ({ userId })) },
        },
      }),
    ]);
  } catch (err) {
    throw mapUniqueName(err);
  }
  return (await listDbEndpoints()).find((e) => e.id === id) as EndpointSummary;
}

export async function deleteEndpoint({ id }: { id: string }): Promise<void> {
  const { count } = await getDb().endpoint.deleteMany({ where: { id } });
  if (count === 0) throw new AppError("not_found:endpoint", "That endpoint no longer exists.");
}

/** A user's own key for an endpoint that allows it. */
export async function setUserEndpointKey({
  userId,
  endpointId,
  apiKey,
}: {
  userId: string;
  endpointId: string;
  apiKey: string;
}) {
  const row = await getDb().endpoint.findUnique({ where: { id: endpointId } });
  if (!row?.allowUserKeys)
    throw new AppError("forbidden:endpoint", "This endpoint does not accept personal keys.");
  const data = {
    keyEncrypted: encryptSecret(apiKey, { context: `user:${userId}:${keyContext(endpointId)}` }),
    keyLast4: apiKey.slice(-4),
  };
  await getDb().userEndpointKey.upsert({
    where: { userId_endpointId: { userId, endpointId } },
    create: { userId, endpointId, ...data },
    update: data,
  });
}

function secretColumns(id: string, input: EndpointInput) {
  const data: {
    apiKeyEncrypted?: string | null;
    apiKeyLast4?: string | null;
    headersEncrypted?: string | null;
  } = {};
  if (input.apiKey !== undefined) {
    data.apiKeyEncrypted = input.apiKey ? encryptSecret(input.apiKey, { context: keyContext(id) }) : null;
    data.apiKeyLast4 = input.apiKey ? input.apiKey.slice(-4) : null;
  }
  if (input.headers !== undefined) {
    data.headersEncrypted = Object.keys(input.headers).length
      ? encryptSecret(JSON.stringify(input.headers), { context: headersContext(id) })
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
