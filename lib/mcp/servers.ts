/**
 * MCP servers as the app knows them: stored rows merged with the built-in servers, who may use
 * each, and the decrypted connection config (server side only). Secret values never leave through
 * a summary: only header and variable names do.
 */
import {
  getMcpServerRow,
  listMcpServerRows,
  listMcpServerRowsForUser,
  type McpServerRow,
} from "@/lib/db/mcp-servers";
import { SecretError } from "@/lib/providers/secrets";
import { BUILTIN_SERVERS, type BuiltinServer, builtinServer } from "./builtin";
import { type McpSettings, mcpSettings } from "./config";
import { McpToolError } from "./errors";
import { userAuth } from "./oauth/user-auth";
import { storedSecretMap } from "./secrets";
import type { McpServerConfig, McpToolInfo } from "./types";

export type McpRefreshStatus = "unknown" | "connected" | "error";

/** A server with everything but its secret values. */
export interface ServerRecord {
  id: string;
  name: string;
  slug: string;
  transport: "http" | "stdio";
  url: string | null;
  command: string | null;
  args: string[];
  enabled: boolean;
  restricted: boolean;
  /** "oauth": each user connects their own account (lib/mcp/oauth); its calls carry that user's token. */
  auth: "none" | "oauth";
  allowedUserIds: string[];
  allowedEmails: string[];
  /** Set for servers that ship with the app. */
  builtin?: BuiltinServer;
  /** Tools as of the last refresh, with its outcome. */
  tools: McpToolInfo[];
  status: McpRefreshStatus;
  lastError: string | null;
  lastRefreshedAt: Date | null;
  /** The stored row (null for a built-in server nobody changed yet). */
  row: McpServerRow | null;
}

function cachedTools(value: unknown): McpToolInfo[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (t): t is McpToolInfo =>
      typeof t?.name === "string" && typeof t?.inputSchema === "object" && t.inputSchema !== null,
  );
}

function recordOf(row: McpServerRow | null, builtin?: BuiltinServer): ServerRecord {
  if (!row && !builtin) throw new Error("recordOf needs a row or a built-in server");
  const settings = mcpSettings();
  const fixed = builtin?.config(settings);
  return {
    id: builtin?.id ?? (row as McpServerRow).id,
    name: builtin?.name ?? (row as McpServerRow).name,
    slug: builtin?.slug ?? (row as McpServerRow).slug,
    transport: fixed ? fixed.transport.type : (row as McpServerRow).transport === "stdio" ? "stdio" : "http",
    url: fixed?.transport.type === "http" ? fixed.transport.url : (row?.url ?? null),
    command: fixed ? null : (row?.command ?? null),
    args: fixed ? [] : (row?.args ?? []),
    enabled: row?.enabled ?? true,
    restricted: row?.restricted ?? false,
    auth: !builtin && row?.auth === "oauth" ? "oauth" : "none",
    allowedUserIds: row?.users.map((u) => u.userId) ?? [],
    allowedEmails: row?.users.map((u) => u.email).sort() ?? [],
    ...(builtin ? { builtin } : {}),
    tools: row?.lastRefreshedAt ? cachedTools(row.tools) : (builtin?.tools() ?? []),
    status: (["connected", "error"].includes(row?.status ?? "")
      ? row?.status
      : "unknown") as McpRefreshStatus,
    lastError: row?.lastError ?? null,
    lastRefreshedAt: row?.lastRefreshedAt ?? null,
    row,
  };
}

/** Every server: built-in ones first, then the stored ones by name. */
export async function listServerRecords(): Promise<ServerRecord[]> {
  const rows = await listMcpServerRows();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const builtins = BUILTIN_SERVERS.map((b) => recordOf(byId.get(b.id) ?? null, b));
  return [...builtins, ...rows.filter((r) => !builtinServer(r.id)).map((r) => recordOf(r))];
}

/**
 * The servers with these slugs as `userId` sees them (built-in or stored), in one query: what a
 * run needs. `allowedUserIds` / `allowedEmails` hold at most `userId` (enough for `mayUse` with
 * that user); use `listServerRecords` for who else may use a server.
 */
export async function serverRecordsForUser({
  slugs,
  userId,
}: {
  slugs: string[];
  userId: string;
}): Promise<ServerRecord[]> {
  const builtins = BUILTIN_SERVERS.filter((b) => slugs.includes(b.slug));
  const rows = await listMcpServerRowsForUser({ slugs, ids: builtins.map((b) => b.id), userId });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [
    ...builtins.map((b) => recordOf(byId.get(b.id) ?? null, b)),
    ...rows.filter((r) => !builtinServer(r.id)).map((r) => recordOf(r)),
  ];
}

export async function getServerRecord(id: string): Promise<ServerRecord | null> {
  const builtin = builtinServer(id);
  const row = await getMcpServerRow({ id });
  if (!row && !builtin) return null;
  return recordOf(row, builtin);
}

/** Enabled, and open to everyone or to this user by name. */
export function mayUse(record: ServerRecord, userId: string): boolean {
  return record.enabled && (!record.restricted || record.allowedUserIds.includes(userId));
}

/**
 * The connection config of a server, secrets decrypted (server side only). For a per-user OAuth
 * server, `userId` is whose authorization its requests carry (without one they carry none).
 */
export function serverConfig(
  record: ServerRecord,
  settings: McpSettings = mcpSettings(),
  { userId }: { userId?: string } = {},
): McpServerConfig {
  if (record.builtin) return record.builtin.config(settings);
  const row = record.row as McpServerRow;
  try {
    const transport: McpServerConfig["transport"] =
      record.transport === "stdio"
        ? { type: "stdio", command: row.command ?? "", args: row.args, env: storedSecretMap(row, "env") }
        : { type: "http", url: row.url ?? "", headers: storedSecretMap(row, "headers") };
    const oauth = record.auth === "oauth" && userId ? { oauth: userAuth(record.id, userId) } : {};
    return { id: record.id, name: record.name, slug: record.slug, transport, ...oauth };
  } catch (err) {
    if (!(err instanceof SecretError)) throw err;
    throw new McpToolError(
      "config",
      `The stored headers or environment of MCP server "${record.name}" cannot be decrypted (APP_ENCRYPTION_KEY changed?). An admin must enter them again.`,
    );
  }
}
