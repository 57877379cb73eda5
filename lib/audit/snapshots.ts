// How the audit log describes an endpoint or an MCP server: its plain fields, and for its secrets
// only whether a key is set and the names of its headers/variables (values never).
import type { AdminEndpoint } from "@/lib/endpoints/admin";
import type { McpServerSummary } from "@/lib/mcp";
import type { Snapshot } from "./record";

export function endpointSnapshot(
  e: AdminEndpoint,
  /** What the save did to the secrets (secretState / secretNames); default: as stored. */
  secrets: { apiKey?: string; headers?: string[] } = {},
): Snapshot {
  return {
    name: e.name,
    protocol: e.protocol,
    baseURL: e.baseURL,
    models: e.models,
    restricted: e.restricted,
    allowedUsers: e.allowedEmails,
    allowUserKeys: e.allowUserKeys,
    apiKey: secrets.apiKey ?? (e.keyHint ? "set" : "not set"),
    headers: secrets.headers ?? e.headerNames,
  };
}

export function mcpServerSnapshot(
  s: McpServerSummary,
  secrets: { headers?: string[]; env?: string[] } = {},
): Snapshot {
  return {
    name: s.name,
    transport: s.transport,
    url: s.url,
    command: s.command,
    args: s.args,
    enabled: s.enabled,
    restricted: s.restricted,
    auth: s.auth,
    allowedUsers: s.allowedEmails,
    headers: secrets.headers ?? s.headerNames,
    env: secrets.env ?? s.envNames,
  };
}
