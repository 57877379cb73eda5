// Three app processes on one database and one Redis, as behind a load balancer: what the cluster
// spec starts, and how it talks to them (streamed SSE with the time each item arrived).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import type { BrowserContext } from "@playwright/test";

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

/** `npx tsx scripts/e2e-server.ts` on the given database and Redis, in its own process group. */
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
  redisUrl: string;
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
      REDIS_URL: redisUrl,
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
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      const at = performance.now();
      buffer += decoder.decode(chunk, { stream: true });
      let sep = buffer.indexOf("\n\n");
      while (sep !== -1) {
        const frame = buffer.slice(0, sep);
        buffer = buffer.slice(sep + 2);
        sep = buffer.indexOf("\n\n");
        if (frame.startsWith("event: end")) return out;
        const data = frame
          .split("\n")
          .filter((l) => l.startsWith("data: "))
          .map((l) => l.slice(6))
          .join("\n");
        if (!data) continue;
        const item = JSON.parse(data) as T;
        out.push({ item, at });
        onItem?.(item);
      }
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
