/**
 * The MCP tools a user may use: grouped by server for the builder's picker (from the tool lists
 * stored at the last refresh, so the picker never waits for a server), and as RegistryTools for a
 * run. A tool that disappeared or that the user may no longer use is reported, not thrown.
 */
import type { RegistryTool } from "@/lib/agents/types";
import { listMcpOAuthConnected } from "@/lib/db/mcp-oauth";
import { recordCallOutcome } from "./call-status";
import { type McpSettings, mcpSettings } from "./config";
import { isMcpToolError } from "./errors";
import { modelToolName, slugOfToolName } from "./names";
import { getMcpPool, type McpPool } from "./pool";
import { mcpRegistryTool } from "./registry-tool";
import { listServerRecords, mayUse, type ServerRecord, serverConfig, serverRecordsForUser } from "./servers";
import { type McpToolSummary, toolSummaries } from "./summary";
import type { McpToolInfo } from "./types";

/**
 * A server as every user may see it: whether its last refresh worked and when, never why it failed
 * (an upstream error text can carry anything; admins see it under Admin → Tools).
 */
export interface McpToolGroup {
  server: { id: string; name: string; slug: string; builtin: boolean };
  tools: McpToolSummary[];
  status: ServerRecord["status"];
  lastRefreshedAt: Date | null;
  /** Per-user OAuth servers: whether this user has connected their account (their runs need it). */
  connected?: boolean;
}

export async function listMcpToolsForUser({ userId }: { userId: string }): Promise<McpToolGroup[]> {
  const records = (await listServerRecords()).filter((r) => mayUse(r, userId));
  const connected = records.some((r) => r.auth === "oauth")
    ? new Set((await listMcpOAuthConnected({ userId })).map((c) => c.serverId))
    : new Set<string>();
  return records.map((r) => ({
    server: { id: r.id, name: r.name, slug: r.slug, builtin: Boolean(r.builtin) },
    tools: toolSummaries(r.slug, r.tools),
    status: r.status,
    lastRefreshedAt: r.lastRefreshedAt,
    ...(r.auth === "oauth" ? { connected: connected.has(r.id) } : {}),
  }));
}

export interface MissingMcpTool {
  name: string;
  /**
   * Why: its server is gone or not open to this user (unavailable), the server can't be used as
   * configured (unusable), or the server no longer has the tool (gone). The chat words it.
   */
  kind: "unavailable" | "unusable" | "gone";
  /** The server's name, when the user may know it (unusable, gone). */
  server?: string;
  /** In English, for logs and the admin. */
  reason: string;
}

export interface ResolvedMcpTools {
  tools: RegistryTool[];
  /** Names asked for that cannot be used now, with a sentence for the chat. */
  missing: MissingMcpTool[];
}

const findTool = (slug: string, tools: McpToolInfo[], name: string) =>
  tools.find((t) => modelToolName(slug, t.name) === name);

/**
 * RegistryTools for the given model-facing names (`<slug>__<tool>`), as `userId` may use them.
 * A name missing from the stored tool list is looked up on the live server once; a server that is
 * down still yields its stored tools, which then fail fast with a clear message when called.
 */
export async function resolveMcpTools({
  userId,
  names,
  pool = getMcpPool(),
  settings = mcpSettings(),
}: {
  userId: string;
  names: string[];
  pool?: McpPool;
  settings?: McpSettings;
}): Promise<ResolvedMcpTools> {
  const wanted = [...new Set(names)];
  if (!wanted.length) return { tools: [], missing: [] };
  const slugs = [...new Set(wanted.map((name) => slugOfToolName(name) ?? ""))].filter(Boolean);
  const records = slugs.length ? await serverRecordsForUser({ slugs, userId }) : [];
  const bySlug = new Map(records.map((r) => [r.slug, r]));
  const tools: RegistryTool[] = [];
  const missing: MissingMcpTool[] = [];
  for (const name of wanted) {
    const record = bySlug.get(slugOfToolName(name) ?? "");
    if (!record || !mayUse(record, userId)) {
      missing.push({
        name,
        kind: "unavailable",
        reason: `The tool ${name} is not available: its MCP server was removed, disabled or is not open to you.`,
      });
      continue;
    }
    let config: ReturnType<typeof serverConfig>;
    try {
      config = serverConfig(record, settings, { userId });
    } catch (err) {
      if (!isMcpToolError(err)) throw err;
      missing.push({ name, kind: "unusable", server: record.name, reason: err.message });
      continue;
    }
    let tool = findTool(record.slug, record.tools, name);
    if (!tool) {
      const live = await pool.listTools(config).catch(() => [] as McpToolInfo[]);
      tool = findTool(record.slug, live, name);
    }
    if (!tool) {
      missing.push({
        name,
        kind: "gone",
        server: record.name,
        reason: `The tool ${name} no longer exists on MCP server "${record.name}".`,
      });
      continue;
    }
    tools.push(
      mcpRegistryTool(config, tool, {
        pool,
        userId,
        settings,
        onOutcome: (failure) => recordCallOutcome(config.id, failure),
      }),
    );
  }
  return { tools, missing };
}
