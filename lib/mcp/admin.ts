/**
 * Admin operations on MCP servers: add, edit, delete, refresh. Callers (server actions) check that
 * the user is an admin; this checks everything about the input. Editing a server replaces its live
 * connection in this process; other processes notice the changed config on their next use.
 */
import { randomUUID } from "node:crypto";
import { existingUserIds } from "@/lib/db/agents-users";
import {
  deleteMcpServerRow,
  findMcpServerClash,
  listMcpSlugsLike,
  type McpServerColumns,
  saveMcpServerRow,
  saveMcpToolCache,
} from "@/lib/db/mcp-servers";
import { AppError, text } from "@/lib/errors";
import { mergeWriteOnlyMap } from "@/lib/util/write-only-map";
import { resolvedUrlRefusal } from "./address-policy";
import { BUILTIN_SERVERS } from "./builtin";
import { mcpSettings } from "./config";
import { isMcpToolError } from "./errors";
import {
  type McpAccessInput,
  type McpServerInput,
  mcpAccessInputSchema,
  mcpServerInputSchema,
  type ParsedMcpServerInput,
  validated,
} from "./input";
import { freeSlug, slugify } from "./names";
import { getMcpPool, type McpPool } from "./pool";
import { safeErrorText, secretValues } from "./redact";
import { sealSecretMap, storedSecretMap } from "./secrets";
import { getServerRecord, listServerRecords, type ServerRecord, serverConfig } from "./servers";
import { type McpServerSummary, summaryOf } from "./summary";

/** Every server (built-in first) as Admin → Tools lists it. */
export async function listMcpServersForAdmin(): Promise<McpServerSummary[]> {
  return (await listServerRecords()).map((r) => summaryOf(r));
}

export async function getMcpServerForAdmin({ id }: { id: string }): Promise<McpServerSummary> {
  return summaryOf(await recordOrThrow(id));
}

async function recordOrThrow(id: string): Promise<ServerRecord> {
  const record = await getServerRecord(id);
  if (!record) throw new AppError("not_found:mcp_server");
  return record;
}

async function assertNameFree(name: string, exceptId?: string) {
  const lower = name.toLowerCase();
  const clash =
    BUILTIN_SERVERS.some((b) => b.name.toLowerCase() === lower) ||
    (await findMcpServerClash({ name, exceptId })).length > 0;
  if (clash) {
    throw new AppError("conflict:mcp_server_name", { fields: { name: text("conflict.mcp_server_name") } });
  }
}

function assertStdioAllowed(input: ParsedMcpServerInput) {
  if (input.transport === "stdio" && !mcpSettings().allowStdio) {
    throw new AppError("forbidden:mcp_stdio", { fields: { transport: text("field.mcp_stdio_off") } });
  }
}

/** An HTTP server's URL under the operator's address policy, as written and as its name resolves. */
async function assertAddressAllowed(input: ParsedMcpServerInput) {
  if (input.transport !== "http") return;
  const refusal = await resolvedUrlRefusal(input.url ?? "", mcpSettings().addressPolicy);
  if (refusal) {
    const message = text("bad_request.mcp_url_refused", { reason: refusal });
    throw new AppError("bad_request:mcp_server", { ...message, fields: { url: message } });
  }
}

function plainColumns(input: ParsedMcpServerInput, slug: string): McpServerColumns {
  const http = input.transport === "http";
  return {
    name: input.name,
    slug,
    transport: input.transport,
    url: http ? (input.url ?? null) : null,
    command: http ? null : (input.command ?? null),
    args: http ? [] : input.args,
    enabled: input.enabled,
    restricted: input.restricted,
    auth: http ? input.auth : "none",
  };
}

export async function createMcpServer({ input }: { input: McpServerInput }): Promise<McpServerSummary> {
  const parsed = validated(mcpServerInputSchema, input);
  assertStdioAllowed(parsed);
  await assertAddressAllowed(parsed);
  await assertNameFree(parsed.name);
  const base = slugify(parsed.name);
  const taken = [...BUILTIN_SERVERS.map((b) => b.slug), ...(await listMcpSlugsLike({ prefix: base }))];
  const id = randomUUID();
  const http = parsed.transport === "http";
  const columns: McpServerColumns = {
    ...plainColumns(parsed, freeSlug(base, taken)),
    headersEncrypted: http ? sealSecretMap(id, "headers", mergeWriteOnlyMap({}, parsed.headers)) : null,
    envEncrypted: http ? null : sealSecretMap(id, "env", mergeWriteOnlyMap({}, parsed.env)),
  };
  const userIds = await existingUserIds({ ids: parsed.allowedUserIds });
  await saveMcpServerRow({ id, columns, userIds }).catch(mapUniqueName);
  return getMcpServerForAdmin({ id });
}

export async function updateMcpServer({
  id,
  input,
  pool = getMcpPool(),
}: {
  id: string;
  /** Built-in servers take only the access fields (McpAccessInput). */
  input: McpServerInput | McpAccessInput;
  pool?: McpPool;
}): Promise<McpServerSummary> {
  const record = await recordOrThrow(id);
  if (record.builtin) {
    // Only who may use it and whether it is on: its name and transport come with the app.
    const access = validated(mcpAccessInputSchema, input);
    const userIds = await existingUserIds({ ids: access.allowedUserIds });
    await saveMcpServerRow({ id, columns: builtinColumns(record, access), userIds });
    await pool.forget(id);
    return getMcpServerForAdmin({ id });
  }
  const parsed = validated(mcpServerInputSchema, input);
  const userIds = await existingUserIds({ ids: parsed.allowedUserIds });
  const row = record.row;
  if (!row) throw new AppError("not_found:mcp_server");
  const runsSomethingNew =
    parsed.transport === "stdio" &&
    (record.transport !== "stdio" ||
      row.command !== (parsed.command ?? null) ||
      JSON.stringify(row.args) !== JSON.stringify(parsed.args) ||
      parsed.env !== undefined);
  if (runsSomethingNew) assertStdioAllowed(parsed);
  await assertAddressAllowed(parsed);
  await assertNameFree(parsed.name, id);
  const http = parsed.transport === "http";
  const keepOld = (which: "headers" | "env") =>
    (which === "headers" ? parsed.headers : parsed.env) === undefined ||
    Object.values((which === "headers" ? parsed.headers : parsed.env) ?? {}).some((v) => v === null);
  const stored = (which: "headers" | "env") => (keepOld(which) ? storedSecretMap(row, which) : {});
  const columns: McpServerColumns = {
    ...plainColumns(parsed, row.slug),
    headersEncrypted: http
      ? sealSecretMap(id, "headers", mergeWriteOnlyMap(stored("headers"), parsed.headers))
      : null,
    envEncrypted: http ? null : sealSecretMap(id, "env", mergeWriteOnlyMap(stored("env"), parsed.env)),
  };
  await saveMcpServerRow({ id, columns, userIds }).catch(mapUniqueName);
  await pool.forget(id);
  return getMcpServerForAdmin({ id });
}

export async function deleteMcpServer({ id, pool = getMcpPool() }: { id: string; pool?: McpPool }) {
  const record = await recordOrThrow(id);
  if (record.builtin) {
    throw new AppError("bad_request:mcp_builtin");
  }
  await deleteMcpServerRow({ id });
  await pool.forget(id);
}

/** Connects (even during back-off), lists the tools and stores them with the outcome for every process. */
export async function refreshMcpServer({
  id,
  userId,
  pool = getMcpPool(),
}: {
  id: string;
  /** Who refreshes: a per-user OAuth server is asked with this user's own authorization. */
  userId?: string;
  pool?: McpPool;
}): Promise<McpServerSummary> {
  const record = await recordOrThrow(id);
  const create = record.row ? undefined : builtinColumns(record);
  const lastRefreshedAt = new Date();
  let secrets: string[] = [];
  try {
    const config = serverConfig(record, undefined, { userId });
    secrets = secretValues(config);
    const tools = await pool.listTools(config, { refresh: true });
    await saveMcpToolCache({
      id,
      create,
      cache: { tools, status: "connected", lastError: null, lastRefreshedAt },
    });
  } catch (err) {
    if (!isMcpToolError(err)) throw err;
    // The refresher's own account is not connected: nothing is wrong with the server for everyone.
    if (err.failure === "auth") throw new AppError("bad_request:mcp_oauth_connect_first");
    // The previous tool list is kept: a server that is down for a moment keeps its agents' tools.
    await saveMcpToolCache({
      id,
      create,
      // Shown to admins only (users see that the server is unavailable, not why).
      cache: {
        tools: record.tools,
        status: "error",
        lastError: safeErrorText(err.statusText ?? err.message, secrets),
        lastRefreshedAt,
      },
    });
  }
  return getMcpServerForAdmin({ id });
}

function builtinColumns(
  record: ServerRecord,
  input?: { enabled: boolean; restricted: boolean },
): McpServerColumns {
  return {
    name: record.name,
    slug: record.slug,
    transport: record.transport,
    url: null,
    command: null,
    args: [],
    enabled: input?.enabled ?? record.enabled,
    restricted: input?.restricted ?? record.restricted,
  };
}

function mapUniqueName(err: unknown): never {
  if ((err as { code?: string }).code === "P2002") {
    throw new AppError("conflict:mcp_server_name", { fields: { name: text("conflict.mcp_server_name") } });
  }
  throw err;
}
