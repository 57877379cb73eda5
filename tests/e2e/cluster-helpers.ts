// Three app processes on one database and one Redis, as behind a load balancer: what the cluster
// spec starts, and how it talks to them (streamed SSE with the time each item arrived).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import type { BrowserContext } from "@playwright/test";
import { readSse } from "../../components/chat/sse";

export interface Instance {
  index: number;
  port: number;
  url: string;
  child: ChildProcess;
  output: string[];
}

export interface Timed<T> {
  item: T;
  at: number;
}

/** `npx tsx scripts/e2e-server.ts` on the given database (and Redis), in its own process group. */
export function startInstance({
  index,
  port,
  databaseUrl,
  redisUrl,
  env = {},
}: {
  index: number;
  port: number;
  databaseUrl: string;
  /** Unset: a single-process instance. */
  redisUrl?: string;
  env?: Record<string, string>;
}): Instance {
  const dataDir = `.data/cluster-${port}`;
  mkdirSync(dataDir, { recursive: true });
  const child = spawn("npx", ["tsx", "scripts/e2e-server.ts"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      E2E_DATABASE_URL: databaseUrl,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      DATA_DIR: dataDir,
      ...env,
    },
  });
  const output: string[] = [];
  child.stdout?.on("data", (d) => output.push(String(d)));
  child.stderr?.on("data", (d) => output.push(String(d)));
  return { index, port, url: `http://127.0.0.1:${port}`, child, output };
}

export async function waitReady(instance: Instance, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (instance.child.exitCode !== null)
      throw new Error(`instance ${instance.index} exited:\n${instance.output.join("").slice(-3000)}`);
    const res = await fetch(`${instance.url}/api/ready`).catch(() => null);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance ${instance.index} not ready:\n${instance.output.join("").slice(-3000)}`);
}

/** Kills the whole process group at once (tsx, the start script and `next start`): a crash. */
export function killInstance(instance: Instance, signal: NodeJS.Signals = "SIGKILL") {
  if (instance.child.pid && instance.child.exitCode === null) {
    try {
      process.kill(-instance.child.pid, signal);
    } catch {
      // already gone
    }
  }
}

/** The session cookie of a browser context, for requests made outside the browser. */
export async function cookieHeader(ctx: BrowserContext): Promise<string> {
  return (await ctx.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** A request with the session and the instance's own Origin (the app refuses foreign ones). */
export function call(instance: Instance, cookie: string, path: string, init: RequestInit = {}) {
  return fetch(`${instance.url}${path}`, {
    ...init,
    headers: {
      cookie,
      origin: instance.url,
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.headers ?? {}),
    },
  });
}

/** Reads a server-sent-events response, calling `onItem` with each item and when it arrived. */
export async function readTimed<T>(res: Response, onItem?: (item: T) => void): Promise<Timed<T>[]> {
  const out: Timed<T>[] = [];
  if (!res.body) return out;
  try {
    // The chat page's own reader: items are yielded as their chunk is parsed.
    for await (const item of readSse<T>(res.body)) {
      out.push({ item, at: performance.now() });
      onItem?.(item);
    }
  } catch {
    // The connection dropped: what arrived is returned.
  }
  return out;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}
