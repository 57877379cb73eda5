/** What the admin pages and the builder may see of a server: names of secrets, never their values. */
import { SecretError } from "@/lib/providers/secrets";
import { mcpSettings } from "./config";
import { modelToolName } from "./names";
import { asksBeforeRunningByDefault } from "./registry-tool";
import { storedSecretMap } from "./secrets";
import type { ServerRecord } from "./servers";
import type { McpToolInfo } from "./types";

export interface McpToolSummary extends McpToolInfo {
  /** The name the model sees (`<slug>__<tool>`); agents refer to tools by it. */
  modelName: string;
  /** "Ask before running" starts on for this tool (destructive or open-world per its annotations). */
  askByDefault: boolean;
}

/** What the admin pages may see of a server: names of its secrets, never their values. */
export interface McpServerSummary
  extends Pick<
    ServerRecord,
    | "id"
    | "name"
    | "slug"
    | "transport"
    | "url"
    | "command"
    | "args"
    | "enabled"
    | "restricted"
    | "auth"
    | "allowedUserIds"
    | "allowedEmails"
    | "status"
    | "lastError"
    | "lastRefreshedAt"
  > {
  headerNames: string[];
  envNames: string[];
  builtin: boolean;
  description: string | null;
  tools: McpToolSummary[];
  /** stdio server while the operator has not allowed stdio: its tools cannot run. */
  stdioBlocked: boolean;
  /** The stored headers/env can no longer be decrypted (the encryption key changed). */
  secretsUnreadable: boolean;
}

export function toolSummaries(slug: string, tools: McpToolInfo[]): McpToolSummary[] {
  return tools.map((t) => ({
    ...t,
    modelName: modelToolName(slug, t.name),
    askByDefault: asksBeforeRunningByDefault(t.annotations),
  }));
}

function secretNames(record: ServerRecord): {
  headerNames: string[];
  envNames: string[];
  unreadable: boolean;
} {
  if (!record.row || record.builtin) return { headerNames: [], envNames: [], unreadable: false };
  try {
    return {
      headerNames: Object.keys(storedSecretMap(record.row, "headers")),
      envNames: Object.keys(storedSecretMap(record.row, "env")),
      unreadable: false,
    };
  } catch (err) {
    if (!(err instanceof SecretError)) throw err;
    return { headerNames: [], envNames: [], unreadable: true };
  }
}

// One status per server: the stored one (`status`, `lastError`), which refreshes and tool calls
// alike update (lib/mcp/call-status.ts), the same in every process; never this process's live
// connection, which another process may see otherwise.
export function summaryOf(record: ServerRecord): McpServerSummary {
  const names = secretNames(record);
  return {
    id: record.id,
    name: record.name,
    slug: record.slug,
    transport: record.transport,
    url: record.url,
    command: record.command,
    args: record.args,
    headerNames: names.headerNames,
    envNames: names.envNames,
    enabled: record.enabled,
    restricted: record.restricted,
    auth: record.auth,
    allowedUserIds: record.allowedUserIds,
    allowedEmails: record.allowedEmails,
    builtin: Boolean(record.builtin),
    description: record.builtin?.description ?? null,
    tools: toolSummaries(record.slug, record.tools),
    status: record.status,
    lastError: record.lastError,
    lastRefreshedAt: record.lastRefreshedAt,
    stdioBlocked: record.transport === "stdio" && !mcpSettings().allowStdio,
    secretsUnreadable: names.unreadable,
  };
}
