// What the chat benchmarks share: seeded users with the starter team (rate limit off), signing in
// over HTTP, free ports, and percentile tables.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { hashPassword } from "../lib/auth/password";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "../lib/providers";

export const PASSWORD = "bench-Password-123";

export function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  // Nearest rank: p99 of 20 samples is the worst one, of 200 the 2nd worst.
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export function summary(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: pct(s, 50), p99: pct(s, 99) };
}
export const ms = (x: number) => (Number.isNaN(x) ? "—" : x >= 100 ? x.toFixed(0) : x.toFixed(1));
export const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

export interface BenchUser {
  id: string;
  email: string;
  leadId: string;
  cookies: Map<string, string>;
}

export async function seed(url: string, count: number): Promise<BenchUser[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // One hash for everyone: scrypt runs again at each sign-in on the server anyway.
    const hash = await hashPassword(PASSWORD);
    const users: BenchUser[] = [];
    await client.query("BEGIN");
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const email = `bench${i}@bench.local`;
      await client.query(
        `INSERT INTO "User" (id, name, email, "passwordHash", role, "updatedAt") VALUES ($1, $2, $3, $4, $5, now())`,
        [id, `Bench ${i}`, email, hash, i === 0 ? "ADMIN" : "USER"],
      );
      // Rate limit off and enough concurrent runs for 4 conversations of each user at once (200 in all).
      await client.query(
        `INSERT INTO "QuotaOverride" ("userId", "messagesPerWindow", "maxConcurrentRuns", "updatedAt") VALUES ($1, 0, $2, now())`,
        [id, 100],
      );
      const agent = async (
        name: string,
        description: string,
        instructions: string,
        tools: string[],
        delegates = false,
      ) => {
        const agentId = randomUUID();
        await client.query(
          `INSERT INTO "Agent" (id, "ownerId", name, description, instructions, provider, model, tools, "subagentsEnabled", "allowSelf", "updatedAt")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, now())`,
          [agentId, id, name, description, instructions, DEMO_ENDPOINT_ID, DEMO_MODEL_ID, tools, delegates],
        );
        return agentId;
      };
      // The same team as lib/chat/starter-agents.ts.
      const researcher = await agent(
        "Researcher",
        "Answers one focused question; can tell the time.",
        "Answer the task you are given concisely and factually.",
        ["current_time"],
      );
      const mathematician = await agent(
        "Mathematician",
        "Works out arithmetic with a calculator.",
        "Use the calculator for every computation and show the result.",
        ["calculator"],
      );
      const leadId = await agent(
        "Team Lead",
        "Splits a request into parts and delegates each part to a specialist, in parallel.",
        "When a request has several parts, delegate each part to the best subagent, then combine their answers.",
        [],
        true,
      );
      await client.query(
        `INSERT INTO "AgentSubagent" ("parentId", "childId", position, mode) VALUES ($1, $2, 0, 'ISOLATED'), ($1, $3, 1, 'ISOLATED')`,
        [leadId, researcher, mathematician],
      );
      users.push({ id, email, leadId, cookies: new Map() });
    }
    await client.query("COMMIT");
    return users;
  } finally {
    await client.end();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export function storeCookies(user: BenchUser, res: Response) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const eq = pair.indexOf("=");
    user.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
  }
}
export const cookieHeader = (user: BenchUser) => [...user.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

export async function signIn(base: string, user: BenchUser) {
  user.cookies.clear();
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  storeCookies(user, csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", cookie: cookieHeader(user) },
    body: new URLSearchParams({ csrfToken, email: user.email, password: PASSWORD, callbackUrl: base }),
  });
  storeCookies(user, res);
  await res.arrayBuffer();
  if (![...user.cookies.keys()].some((k) => k.includes("session-token"))) {
    throw new Error(`sign-in of ${user.email} failed (${res.status} ${res.headers.get("location")})`);
  }
}

/** SIGTERM, then SIGKILL if the process hasn't exited after `graceMs`; resolves once it has exited. */
export function stopProcess(child: ChildProcess, graceMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export interface NextApp {
  port: number;
  base: string;
  child: ChildProcess;
  log: () => string;
  stop: () => Promise<void>;
}

/** `next start` of the current build on `port`, with the offline demo model; resolves when it serves. */
export async function startNextApp({
  root,
  port,
  env,
  nodeArgs = [],
}: {
  root: string;
  port: number;
  env: Record<string, string>;
  /** Options for node itself (e.g. --cpu-prof). */
  nodeArgs?: string[];
}): Promise<NextApp> {
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  let log = "";
  const child = spawn(process.execPath, [...nodeArgs, next, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO_ENDPOINT: "on",
      AUTH_SECRET: "bench-auth-secret-not-for-production",
      APP_ENCRYPTION_KEY: "bench-encryption-key-not-for-production",
      AUTH_TRUST_HOST: "true",
      ...env,
    },
  });
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-200_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const base = `http://127.0.0.1:${port}`;
  const stop = () => stopProcess(child, 15_000);
  const started = Date.now();
  while (Date.now() - started < 90_000) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${log.slice(-2000)}`);
    const res = await fetch(`${base}/api/ready`).catch(() => null);
    if (res?.ok) return { port, base, child, log: () => log, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`next start not ready after 90 s:\n${log.slice(-2000)}`);
}
