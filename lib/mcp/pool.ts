/**
 * One MCP client connection per server per process, shared by every run: opened lazily on first
 * use, replaced when the server's configuration changes, dropped when its transport breaks and
 * reopened on the next call. After a failed connect the server is in back-off (0.5 s doubling up to
 * 30 s): calls in that window fail at once with the last error instead of each waiting for a
 * connect timeout. Every message leaving here has the server's secrets redacted.
 */
import { createHash } from "node:crypto";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describeError, isAnswer, isConnectionDrop, isTimeout, isUnauthorized, wasNotSent } from "./classify";
import { type McpSettings, mcpSettings } from "./config";
import { connectClient } from "./connect";
import { McpToolError } from "./errors";
import { safeErrorText, secretValues } from "./redact";
import { toToolInfo } from "./tool-info";
import type { McpConnectionStatus, McpServerConfig, McpToolInfo } from "./types";

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;

interface Entry {
  config: McpServerConfig;
  fingerprint: string;
  secrets: string[];
  client?: Client;
  connecting?: Promise<Client>;
  tools?: McpToolInfo[];
  lastRefreshedAt?: Date;
  error?: string;
  /** Calls in flight on the current client, aborted at once when its connection breaks. */
  inFlight: Set<AbortController>;
  failures: number;
  retryAt: number;
}

export interface CallRequest {
  tool: string;
  args: Record<string, unknown>;
  /** Sent as the request's `_meta` (e.g. the signed user for built-in servers). */
  meta?: Record<string, unknown>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * The tool may run twice without harm (read-only or idempotent per its annotations): after the
   * connection drops under it (e.g. the server restarted) it is sent once more on a new connection.
   * Other calls are only repeated when they certainly never reached the server.
   */
  repeatable?: boolean;
}

export interface McpPoolOptions {
  settings?: () => McpSettings;
  log?: (line: Record<string, unknown>) => void;
}

const fingerprintOf = (c: McpServerConfig) =>
  createHash("sha256")
    .update(JSON.stringify([c.transport, c.identity ?? null]))
    .digest("hex");

/** Per-user OAuth servers get a connection per user: one user's session never carries another's token. */
const keyOf = (c: McpServerConfig) => (c.oauth ? `${c.id}\u0000${c.oauth.userId}` : c.id);

const seconds = (ms: number) => `${Math.max(1, Math.round(ms / 1000))} s`;

export class McpPool {
  private readonly entries = new Map<string, Entry>();
  private readonly settings: () => McpSettings;
  private readonly log: (line: Record<string, unknown>) => void;

  constructor(options: McpPoolOptions = {}) {
    this.settings = options.settings ?? (() => mcpSettings());
    this.log = options.log ?? ((line) => console.warn(JSON.stringify({ level: "warn", ...line })));
  }

  /** The tools a server offers: from the live connection's cache unless `refresh` (then asked again). */
  async listTools(config: McpServerConfig, { refresh = false } = {}): Promise<McpToolInfo[]> {
    const entry = this.entryFor(config);
    const client = await this.acquire(entry, { force: refresh });
    if (entry.tools && !refresh) return entry.tools;
    try {
      const tools: McpToolInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor ? { cursor } : undefined, {
          timeout: this.settings().callTimeoutMs,
        });
        tools.push(...page.tools.map((t) => toToolInfo(t)));
        cursor = page.nextCursor;
      } while (cursor && tools.length < 10_000);
      entry.tools = tools;
      entry.lastRefreshedAt = new Date();
      return tools;
    } catch (err) {
      throw this.failure(entry, client, err, "listing its tools");
    }
  }

  /** Calls a tool. Throws McpToolError (never a raw transport error); rethrows the abort reason when `signal` aborts. */
  async callTool(config: McpServerConfig, req: CallRequest): Promise<CallToolResult> {
    const entry = this.entryFor(config);
    for (let attempt = 0; ; attempt++) {
      if (req.signal?.aborted) throw req.signal.reason;
      const client = await untilAborted(this.acquire(entry), req.signal);
      // A controller per call: the SDK never removes its listener from the signal it is given, and
      // a run's signal sees many calls.
      const ctl = new AbortController();
      const onAbort = () => ctl.abort(req.signal?.reason);
      req.signal?.addEventListener("abort", onAbort, { once: true });
      const timeoutMs = req.timeoutMs ?? this.settings().callTimeoutMs;
      entry.inFlight.add(ctl);
      try {
        const result = await client.callTool(
          { name: req.tool, arguments: req.args, ...(req.meta ? { _meta: req.meta } : {}) },
          undefined,
          { signal: ctl.signal, timeout: timeoutMs },
        );
        return result as CallToolResult;
      } catch (err) {
        if (req.signal?.aborted) throw req.signal.reason;
        if (ctl.signal.reason instanceof ServerGone) {
          throw new McpToolError(
            "transport",
            `MCP server "${entry.config.name}" went away while calling "${req.tool}": the connection broke before it answered (${safeErrorText(ctl.signal.reason.message, entry.secrets)}).`,
          );
        }
        if (isTimeout(err)) {
          throw new McpToolError(
            "timeout",
            `Tool "${req.tool}" on MCP server "${entry.config.name}" did not answer within ${seconds(timeoutMs)} and was cancelled.`,
          );
        }
        if (attempt === 0 && (wasNotSent(err) || (req.repeatable && isConnectionDrop(err)))) {
          this.drop(entry, client);
          continue;
        }
        throw this.failure(entry, client, err, `calling "${req.tool}"`);
      } finally {
        entry.inFlight.delete(ctl);
        req.signal?.removeEventListener("abort", onAbort);
      }
    }
  }

  status(serverId: string): McpConnectionStatus {
    const e = this.entries.get(serverId);
    if (!e) return { state: "idle" };
    const state = e.client ? "connected" : e.connecting ? "connecting" : e.error ? "error" : "idle";
    return {
      state,
      ...(e.error && !e.client ? { error: e.error } : {}),
      ...(e.lastRefreshedAt ? { lastRefreshedAt: e.lastRefreshedAt } : {}),
      ...(e.retryAt > Date.now() ? { retryAt: new Date(e.retryAt) } : {}),
    };
  }

  /** Closes and forgets a server's connection (its configuration was edited or it was deleted). */
  async forget(serverId: string, { userId }: { userId?: string } = {}): Promise<void> {
    const keys = [...this.entries.keys()].filter((k) =>
      userId ? k === `${serverId}\u0000${userId}` : k === serverId || k.startsWith(`${serverId}\u0000`),
    );
    for (const key of keys) {
      const e = this.entries.get(key);
      this.entries.delete(key);
      await e?.client?.close().catch(() => {});
    }
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.entries.keys()].map((id) => this.forget(id)));
  }

  private entryFor(config: McpServerConfig): Entry {
    const fingerprint = fingerprintOf(config);
    const existing = this.entries.get(keyOf(config));
    if (existing?.fingerprint === fingerprint) {
      existing.config = config;
      return existing;
    }
    if (existing) void existing.client?.close().catch(() => {});
    const entry: Entry = {
      config,
      fingerprint,
      secrets: secretValues(config),
      failures: 0,
      retryAt: 0,
      inFlight: new Set(),
    };
    this.entries.set(keyOf(config), entry);
    return entry;
  }

  private async acquire(entry: Entry, { force = false } = {}): Promise<Client> {
    if (entry.client) return entry.client;
    if (entry.connecting) return entry.connecting;
    if (!force && Date.now() < entry.retryAt) throw this.unavailable(entry);
    // A user who never connected gets "connect first" without a request that would begin an authorization.
    if (entry.config.oauth && !(await entry.config.oauth.provider.tokens()))
      throw notAuthorized(entry.config);
    if (entry.client) return entry.client;
    if (entry.connecting) return entry.connecting;
    const settings = this.settings();
    const hooks = {
      onToolsChanged: (tools: McpToolInfo[]) => {
        entry.tools = tools;
        entry.lastRefreshedAt = new Date();
      },
      onClose: (client: Client) => {
        if (entry.client === client) entry.client = undefined;
      },
      onBroken: (client: Client, error: unknown) => {
        if (entry.client !== client) return;
        const why = describeError(error);
        for (const ctl of entry.inFlight) ctl.abort(new ServerGone(why));
        this.drop(entry, client);
        entry.error = safeErrorText(why, entry.secrets);
        this.log({ msg: "mcp connection lost", server: entry.config.id, error: entry.error });
      },
    };
    // A kept-alive socket that died with a restarted server fails the first attempt: one more is safe
    // (nothing has run yet during a handshake).
    entry.connecting = connectClient(entry.config, settings, hooks)
      .catch((err: Error) =>
        isConnectionDrop(err.cause) ? connectClient(entry.config, settings, hooks) : Promise.reject(err),
      )
      .then((client) => {
        if (this.entries.get(keyOf(entry.config)) !== entry) {
          // Reconfigured or forgotten while connecting: this connection belongs to nobody.
          void client.close().catch(() => {});
          throw new McpToolError(
            "unavailable",
            `MCP server "${entry.config.name}" was reconfigured; try again.`,
          );
        }
        Object.assign(entry, { client, failures: 0, retryAt: 0, error: undefined });
        return client;
      })
      .catch((err: unknown) => {
        if (err instanceof McpToolError && err.failure === "unavailable") throw err;
        // Not a failure of the server: this user must connect (again); no back-off for them.
        if (entry.config.oauth && isUnauthorized(err)) throw notAuthorized(entry.config);
        entry.failures += 1;
        entry.retryAt = Date.now() + Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (entry.failures - 1));
        entry.error = safeErrorText(
          err instanceof McpToolError ? err.message : describeError(err),
          entry.secrets,
        );
        this.log({ msg: "mcp connect failed", server: entry.config.id, error: entry.error });
        if (err instanceof McpToolError && err.failure === "config") throw err;
        throw this.unavailable(entry);
      })
      .finally(() => {
        entry.connecting = undefined;
      });
    return entry.connecting;
  }

  private unavailable(entry: Entry): McpToolError {
    const wait = entry.retryAt - Date.now();
    const retry = wait > 0 ? ` It will be tried again in ${seconds(wait)}.` : "";
    const status = `MCP server "${entry.config.name}" is unavailable: ${entry.error ?? "not connected"}.`;
    return new McpToolError("unavailable", `${status}${retry}`, { statusText: status });
  }

  /** Turns a failed request into a McpToolError; a broken transport also drops the connection. */
  private failure(entry: Entry, client: Client, err: unknown, doing: string): McpToolError {
    if (entry.config.oauth && isUnauthorized(err)) {
      this.drop(entry, client);
      return notAuthorized(entry.config);
    }
    const why = safeErrorText(describeError(err), entry.secrets);
    if (isAnswer(err)) {
      return new McpToolError("protocol", `MCP server "${entry.config.name}" refused ${doing}: ${why}`);
    }
    this.drop(entry, client);
    entry.error = why;
    this.log({ msg: "mcp connection lost", server: entry.config.id, error: why });
    return new McpToolError("transport", `MCP server "${entry.config.name}" failed while ${doing}: ${why}`);
  }

  private drop(entry: Entry, client: Client) {
    if (entry.client === client) entry.client = undefined;
    void client.close().catch(() => {});
  }
}

/** The user has no (more) authorization for a per-user OAuth server: where to connect, in words. */
export function notAuthorized(config: McpServerConfig): McpToolError {
  return new McpToolError(
    "auth",
    `You have not connected your account to MCP server "${config.name}" (or its authorization ended). Connect it at ${config.oauth?.connectUrl ?? "Settings → Connections"}, then try again.`,
  );
}

/** The abort reason of calls whose connection broke under them (told apart from Stop and timeouts). */
class ServerGone extends Error {}

/** `promise`, or the abort reason as soon as `signal` aborts (Stop must not wait for a slow connect). */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

const globalForPool = globalThis as unknown as { mcpPool?: McpPool };

/** The process-wide pool (kept on globalThis so Next.js dev reloads keep connections). */
export function getMcpPool(): McpPool {
  globalForPool.mcpPool ??= new McpPool();
  return globalForPool.mcpPool;
}
