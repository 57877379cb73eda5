/** The SDK transport for a server's configuration (streamable HTTP, or stdio when the operator allows it). */
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpSettings } from "./config";
import { McpToolError } from "./errors";
import { guardedFetch } from "./guarded-fetch";
import type { McpServerConfig } from "./types";

const STDERR_TAIL_CHARS = 2000;

export interface OpenedTransport {
  transport: Transport;
  /** The end of what a stdio server wrote to stderr (for error messages; redact before use). */
  stderrTail: () => string;
}

export function stdioRefusal(name: string): McpToolError {
  return new McpToolError(
    "config",
    `MCP server "${name}" uses stdio, which is switched off on this server (the operator can allow it with MCP_ALLOW_STDIO=true).`,
  );
}

export interface TransportHooks {
  /** A request's HTTP response stream broke before it ended (the server died or the connection was cut). */
  onStreamBroken?: (error: unknown) => void;
}

export function openTransport(
  config: McpServerConfig,
  settings: McpSettings,
  hooks: TransportHooks = {},
): OpenedTransport {
  const t = config.transport;
  if (t.type === "http") {
    let url: URL;
    try {
      url = new URL(t.url);
    } catch {
      throw new McpToolError("config", `MCP server "${config.name}" has an invalid URL.`);
    }
    // Built-in servers are the operator's own (MCP_NOTES_URL): only admins' URLs are under the policy.
    const base = config.builtin
      ? fetch
      : guardedFetch(settings.addressPolicy, { secretHeaders: Object.keys(t.headers) });
    return {
      transport: new StreamableHTTPClientTransport(url, {
        requestInit: { headers: t.headers },
        // The SDK adds the user's bearer token, refreshes it on a 401 and discovers the auth server.
        ...(config.oauth ? { authProvider: config.oauth.provider } : {}),
        fetch: fetchClosingCancelledStreams(base, hooks.onStreamBroken),
      }),
      stderrTail: () => "",
    };
  }
  if (!settings.allowStdio) throw stdioRefusal(config.name);
  const transport = new StdioClientTransport({
    command: t.command,
    args: t.args,
    env: t.env,
    stderr: "pipe",
  });
  let tail = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
  });
  return { transport, stderrTail: () => tail.trim() };
}

const MAX_TRACKED_REQUESTS = 1000;

/**
 * A cancelled request gets no response (the spec says so), and SDK servers then keep its response
 * stream open for good: one HTTP connection leaked per cancelled call on both sides. This fetch
 * remembers each request's own abort controller by JSON-RPC id and, when the client sends
 * notifications/cancelled for it, closes that request's stream, which frees the server's side too.
 * The per-request signal also keeps undici from piling an abort listener per call onto the
 * transport's one shared signal (the bare SDK client warns of a listener leak after ~1500 calls).
 */
export function fetchClosingCancelledStreams(
  base: typeof fetch = fetch,
  onStreamBroken?: (error: unknown) => void,
): typeof fetch {
  const open = new Map<string | number, AbortController>();
  return (input, init) => {
    let message: { id?: string | number; method?: string; params?: { requestId?: string | number } } = {};
    try {
      message = typeof init?.body === "string" ? JSON.parse(init.body) : {};
    } catch {}
    if (message.method === "notifications/cancelled" && message.params?.requestId !== undefined) {
      const id = message.params.requestId;
      // Let the notification go out first, then drop the stream it cancels.
      return base(input, init).finally(() => {
        open.get(id)?.abort();
        open.delete(id);
      });
    }
    if (message.id === undefined || !message.method) return base(input, init);
    const ctl = new AbortController();
    open.set(message.id, ctl);
    if (open.size > MAX_TRACKED_REQUESTS) open.delete(open.keys().next().value as string | number);
    const signal = init?.signal ? AbortSignal.any([init.signal, ctl.signal]) : ctl.signal;
    const sent = base(input, { ...init, signal });
    return onStreamBroken ? sent.then((res) => watchBody(res, signal, onStreamBroken)) : sent;
  };
}

/**
 * The SDK reads a request's answer from its POST response stream; when that stream breaks (server
 * killed mid-call) it only reports a transport error and the call waits for its timeout. This passes
 * the body through unchanged and says when reading it failed, unless we aborted it ourselves.
 */
function watchBody(res: Response, signal: AbortSignal, onBroken: (error: unknown) => void): Response {
  if (!res.body) return res;
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (err) {
        if (!signal.aborted) onBroken(err);
        controller.error(err);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}
