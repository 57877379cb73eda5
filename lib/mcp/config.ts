/**
 * Operator settings of the MCP layer, as the MCP code uses them. The variables themselves are
 * validated with the rest of the configuration in lib/env.ts; values are read on each call so tests
 * and a restart-free env change behave alike.
 */
import { type Env, env } from "@/lib/env";
import { type AddressPolicy, parseAddressPolicy } from "./address-policy";

export interface McpSettings {
  /** stdio servers run a program on this machine: only when the operator says so. */
  allowStdio: boolean;
  /** Longest a tool call may take before it is cancelled (MCP cancellation) and reported to the model. */
  callTimeoutMs: number;
  /** Longest connecting (spawn/HTTP + initialize) may take. */
  connectTimeoutMs: number;
  /** Characters of a tool result passed to the model; the rest is cut with a note. */
  maxResultChars: number;
  /** Where the app reaches its own bundled notes server. */
  notesUrl: string;
  /** Which addresses admins' HTTP servers may have (MCP_ALLOWED_NETWORKS, ./address-policy.ts). */
  addressPolicy: AddressPolicy;
}

// One policy per value of the setting: guarded fetches keep their connection pools per policy.
let policyMemo: { value: string | undefined; policy: AddressPolicy } | undefined;
function policyOf(value: string | undefined): AddressPolicy {
  if (!policyMemo || policyMemo.value !== value) policyMemo = { value, policy: parseAddressPolicy(value) };
  return policyMemo.policy;
}

export function mcpSettings(current: Env = env()): McpSettings {
  return {
    allowStdio: current.MCP_ALLOW_STDIO === "true",
    callTimeoutMs: current.MCP_TOOL_TIMEOUT_MS,
    connectTimeoutMs: current.MCP_CONNECT_TIMEOUT_MS,
    maxResultChars: current.MCP_MAX_RESULT_CHARS,
    notesUrl: current.MCP_NOTES_URL ?? `http://127.0.0.1:${current.PORT}/api/mcp/notes`,
    addressPolicy: policyOf(current.MCP_ALLOWED_NETWORKS),
  };
}
