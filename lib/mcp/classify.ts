/** Tells transport failures (drop the connection) from answers (the connection is fine), in words. */
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { AddressRefusedError } from "./address-policy";
import { plainSchemaWording } from "./schema-wording";

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ENOENT: "command not found",
  EACCES: "permission denied",
  UND_ERR_SOCKET: "connection closed by the server",
  UND_ERR_CONNECT_TIMEOUT: "connection timed out",
};

function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  if (typeof e?.cause?.code === "string") return e.cause.code;
  return typeof e?.code === "string" ? e.code : undefined;
}

/** A short, human description of why a request failed (not yet redacted). */
export function describeError(err: unknown): string {
  // The address policy's refusal, however deep the fetch and the SDK wrapped it.
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof AddressRefusedError) return e.message;
  if (err instanceof StreamableHTTPError) {
    if (err.code === 404) return "HTTP 404: the server does not know this session or path";
    return (err.code ?? -1) > 0
      ? `HTTP ${err.code}: ${err.message.replace(/^Streamable HTTP error: /, "")}`
      : err.message;
  }
  if (err instanceof McpError) {
    if (err.code === ErrorCode.ConnectionClosed) return "the connection was closed";
    if (err.code === ErrorCode.RequestTimeout) return "no answer in time";
    return plainSchemaWording(err.message.replace(/^MCP error -?\d+: /, ""));
  }
  const code = errorCode(err);
  if (code && NETWORK_CODES[code]) return NETWORK_CODES[code];
  const message = err instanceof Error ? err.message : String(err);
  return code ? `${message} (${code})` : message;
}

export function isTimeout(err: unknown): boolean {
  return err instanceof McpError && err.code === ErrorCode.RequestTimeout;
}

/** The server answered with a JSON-RPC error (or an answer the SDK rejected): the connection still works. */
export function isAnswer(err: unknown): boolean {
  if (err instanceof McpError) return err.code !== ErrorCode.ConnectionClosed && !isTimeout(err);
  return (err as { name?: string })?.name === "ZodError";
}

/** The server forgot our session (it restarted): reconnecting and sending again is safe. */
export function isSessionLost(err: unknown): boolean {
  return err instanceof StreamableHTTPError && err.code === 404;
}

/** The request never reached the server (nothing can have run): sending it again is safe. */
export function wasNotSent(err: unknown): boolean {
  return isSessionLost(err) || errorCode(err) === "ECONNREFUSED";
}

/** The connection dropped under the request: it may or may not have run on the server. */
export function isConnectionDrop(err: unknown): boolean {
  const code = errorCode(err);
  return code === "UND_ERR_SOCKET" || code === "ECONNRESET";
}

/** The server wants an authorization we do not have (no token, or refreshing it failed). */
export function isUnauthorized(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof UnauthorizedError) return true;
    if (e instanceof StreamableHTTPError && e.code === 401) return true;
  }
  return false;
}
