/**
 * Why an MCP tool call failed. The engine turns a thrown error into tool error text for the model
 * (the run goes on), so every message here is a sentence a model and a person understand, with the
 * server's secrets already redacted. Codes follow lib/errors.ts (`provider:*` → 502) in case one
 * reaches a route.
 */
export type McpFailure =
  /** The server cannot be reached (or is in back-off after failing to). */
  | "unavailable"
  /** The call took longer than the per-call timeout and was cancelled. */
  | "timeout"
  /** The tool ran and reported an error (`isError: true`). */
  | "tool"
  /** The server answered the request with a JSON-RPC error (unknown tool, invalid arguments, ...). */
  | "protocol"
  /** The connection broke during the call. */
  | "transport"
  /** A per-user OAuth server the user has not connected (or whose authorization ended). */
  | "auth"
  /** The server's configuration cannot be used here (e.g. stdio while the operator has not allowed it). */
  | "config";

export class McpToolError extends Error {
  override readonly name = "McpToolError";
  readonly code: `provider:mcp_${McpFailure}`;
  readonly failure: McpFailure;
  /**
   * The message as the server's stored status says it, when it differs: without what holds only
   * now ("It will be tried again in 3 s"), which the model is told but a stored status would keep.
   */
  readonly statusText?: string;
  constructor(failure: McpFailure, message: string, options: { statusText?: string } = {}) {
    super(message);
    this.failure = failure;
    this.code = `provider:mcp_${failure}`;
    if (options.statusText !== undefined) this.statusText = options.statusText;
  }
}

/**
 * Whether `err` is a McpToolError, by its code rather than its class: the pool lives on globalThis,
 * and Next.js bundles this module once per server layer, so an error thrown by a pool created in
 * another layer is not an instance of this layer's class (a failing Refresh was then rethrown, not stored).
 */
export function isMcpToolError(err: unknown): err is McpToolError {
  if (!(err instanceof Error)) return false;
  const { code, failure } = err as Partial<McpToolError>;
  return typeof failure === "string" && code === `provider:mcp_${failure}`;
}
