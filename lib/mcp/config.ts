/**
 * Operator settings of the MCP layer, read from the environment in this one place (see .env.example).
 * Values are read on each call so tests and an admin's restart-free env changes behave alike.
 */
type Env = Record<string, string | undefined>;

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
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

export function mcpSettings(env: Env = process.env): McpSettings {
  const port = positiveInt(env.PORT, 3000);
  return {
    allowStdio: (env.MCP_ALLOW_STDIO ?? "").trim().toLowerCase() === "true",
    callTimeoutMs: positiveInt(env.MCP_TOOL_TIMEOUT_MS, 60_000),
    connectTimeoutMs: positiveInt(env.MCP_CONNECT_TIMEOUT_MS, 10_000),
    maxResultChars: positiveInt(env.MCP_MAX_RESULT_CHARS, 20_000),
    notesUrl: env.MCP_NOTES_URL?.trim() || `http://127.0.0.1:${port}/api/mcp/notes`,
  };
}
