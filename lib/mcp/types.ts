import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";

/** How to reach an MCP server; secrets (header and env values) are already decrypted here. */
export type McpTransportConfig =
  | { type: "http"; url: string; headers: Record<string, string> }
  | { type: "stdio"; command: string; args: string[]; env: Record<string, string> };

/** A server as the connection pool needs it. */
export interface McpServerConfig {
  id: string;
  name: string;
  /** Prefix of the model-facing tool names. */
  slug: string;
  transport: McpTransportConfig;
  /** Built-in servers only: every call carries the end user's identity, signed (lib/mcp/identity.ts). */
  identity?: "signed-user";
  /** Ships with the app at the operator's address: not under the address policy of admins' servers. */
  builtin?: boolean;
  /**
   * Per-user OAuth servers: requests carry this user's token (from `provider`, which refreshes it)
   * and the connection is this user's own (never shared with another user's run).
   */
  oauth?: McpUserAuth;
}

export interface McpUserAuth {
  userId: string;
  provider: OAuthClientProvider;
  /** Where the user connects their account (said in the error when they have not). */
  connectUrl: string;
}

/** What the MCP annotations say about a tool (hints, not guarantees: the server chooses them). */
export interface McpToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** One tool of a server, as tools/list describes it (and as the tool cache stores it). */
export interface McpToolInfo {
  name: string;
  title?: string;
  description: string;
  /** JSON Schema of the arguments (`type: "object"`). */
  inputSchema: Record<string, unknown>;
  annotations?: McpToolAnnotations;
}

export type McpConnectionState = "idle" | "connecting" | "connected" | "error";

/** Live state of one server's connection in this process. */
export interface McpConnectionStatus {
  state: McpConnectionState;
  /** The last connection or transport error (secrets redacted). */
  error?: string;
  /** When the tool list was last read from the server. */
  lastRefreshedAt?: Date;
  /** While in back-off after failures: calls fail fast until then. */
  retryAt?: Date;
}
