/**
 * Chat streaming benchmark (npx tsx bench/chat-stream.ts; needs a prior `npx next build`).
 *
 * Starts the production app (`next start`) on a fresh PostgreSQL database with the offline demo
 * model at zero latency (DEMO_TOKEN_DELAY_MS=0), signs users in, and measures POST /api/chat by
 * reading the SSE stream:
 *   TTFB        first byte of the response body (the `meta` item, sent once startChat is done)
 *   1st event   first chunk holding an engine event (comparable to the engine's first event)
 *   done        the stream's end (`event: end`, after the message is saved and the run finished)
 * for two messages on the starter "Team Lead" agent (Researcher + Mathematician children):
 *   single      one line: answered directly, one model call
 *   delegate    two lines: two parallel subagents, each calls a tool (6 model calls in all)
 * and three workloads:
 *   (a) seq      one conversation at a time (N_SEQ requests per message)
 *   (b) c50      50 concurrent conversations, one per user (ROUNDS rounds per message)
 *   (b') c50-1u  50 concurrent conversations of ONE user (per-user admission lock, 1 round)
 *   (c) engine   the same workloads through createRun in this process (same agents, same
 *                DemoChatModel at 0 delay, no database): the route's overhead is the difference.
 * Server CPU per request (utime+stime of the `next start` process, PostgreSQL excluded) is
 * printed too: it is less sensitive to the shared machine's load than wall times.
 *
 * Flags: --quick (fewer samples), --keep-db (don't drop the database), --port=N.
 * Stops by itself; hard limit of 5 minutes, after which it cleans up and exits 1.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type AgentDefinition, createRun, DEFAULT_LIMITS, type RunEvent } from "../lib/agents";
import { hashPassword } from "../lib/auth/password";
import { migrate } from "../lib/db/migrate";
import { createChatModel, DEMO_ENDPOINT_ID, DEMO_MODEL_ID, demoEndpoint } from "../lib/providers";
import { createDatabase, dropDatabase } from "../tests/helpers/test-database";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const QUICK = args.includes("--quick");
const KEEP_DB = args.includes("--keep-db");
const PORT_ARG = Number(args.find((a) => a.startsWith("--port="))?.split("=")[1] ?? 0);

const N_SEQ = QUICK ? 10 : 30;
const CONCURRENCY = 50;
const ROUNDS = QUICK ? 1 : 3;
const WARMUP_SEQ = QUICK ? 3 : 8;
const HARD_LIMIT_MS = 5 * 60_000;
const PASSWORD = "bench-Password-123";

const MESSAGES = {
  single: "What is the capital of France?",
  delegate: "What time is it in UTC right now?\nWhat is 1234 * 5678?",
} as const;
type Kind = keyof typeof MESSAGES;
const KINDS: Kind[] = ["single", "delegate"];

// ---------------------------------------------------------------------------------------------
// Statistics and formatting

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  // Nearest rank: p99 of 30 samples is the worst one, of 150 the 2nd worst.
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function summary(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s.at(-1) ?? Number.NaN };
}
const ms = (x: number) => (Number.isNaN(x) ? "—" : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

// ---------------------------------------------------------------------------------------------
// One sample

interface Sample {
  ttfb: number;
  firstEvent: number;
  /** The run_end event arrived (the stream still waits for the final save and finishRun). */
  runEnd: number;
  done: number;
  /** Body chunks read (http) — one per event means one socket write per event. */
  chunks: number;
  events: number;
  status: string;
}

interface Result {
  workload: string;
  kind: Kind;
  samples: Sample[];
  wallMs: number;
  cpuMsPerReq?: number;
  failures: string[];
}

// ---------------------------------------------------------------------------------------------
// Cleanup and the hard time limit

let server: ChildProcess | undefined;
let serverLog = "";
let db: { name: string; url: string } | undefined;
let cleaning: Promise<void> | undefined;

function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopServer().catch(() => {});
    if (db && !KEEP_DB) await dropDatabase(db.name).catch((e) => console.error(`drop db: ${e}`));
    else if (db) console.log(`(kept database ${db.name})`);
  })();
  return cleaning;
}

const hardLimit = setTimeout(() => {
  console.error(`\nHard time limit (${HARD_LIMIT_MS / 1000} s) reached: stopping.`);
  void cleanup().finally(() => process.exit(1));
}, HARD_LIMIT_MS);
hardLimit.unref();
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.once(sig, () => void cleanup().finally(() => process.exit(130)));
}

// ---------------------------------------------------------------------------------------------
// Database setup: users, the starter team per user, quota overrides

interface BenchUser {
  id: string;
  email: string;
  leadId: string;
  cookies: Map<string, string>;
}

async function seed(url: string, count: number): Promise<BenchUser[]> {
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
      // Rate limit off and enough concurrent runs for the 50-conversations-of-one-user workload.
      await client.query(
        `INSERT INTO "QuotaOverride" ("userId", "messagesPerWindow", "maxConcurrentRuns", "updatedAt") VALUES ($1, 0, $2, now())`,
        [id, CONCURRENCY * 2],
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

// ---------------------------------------------------------------------------------------------
// The app server

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function checkBuild() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) {
    console.error("No production build: run `npx next build` first.");
    process.exit(2);
  }
  const built = statSync(buildId).mtime;
  console.log(`• Build ${readFileSync(buildId, "utf8").trim()} from ${built.toISOString()}`);
}

async function startServer(port: number, databaseUrl: string): Promise<void> {
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  server = spawn(process.execPath, [next, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      DEMO_TOKEN_DELAY_MS: "0",
      DEMO_ENDPOINT: "on",
      AUTH_SECRET: "bench-auth-secret-not-for-production",
      APP_ENCRYPTION_KEY: "bench-encryption-key-not-for-production",
      AUTH_TRUST_HOST: "true",
      AUTH_URL: `http://127.0.0.1:${port}`,
    },
  });
  const keep = (d: Buffer) => {
    serverLog = (serverLog + d.toString()).slice(-200_000);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (!server || server.exitCode !== null) throw new Error(`server exited:\n${serverLog.slice(-2000)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/csrf`);
      if (res.ok) {
        await res.arrayBuffer();
        console.log(`• next start ready on :${port} in ${Date.now() - started} ms (pid ${server.pid})`);
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready after 60 s:\n${serverLog.slice(-2000)}`);
}

/** utime + stime of the server process in ms (Linux /proc; NaN elsewhere). */
function serverCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/${server?.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[11] = utime, fields[12] = stime (the 14th and 15th fields of the full line), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

function serverPeakRssMb(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${server?.pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP client: cookies, sign-in, one chat request read as SSE

function storeCookies(user: BenchUser, res: Response) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const eq = pair.indexOf("=");
    user.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1));
  }
}
const cookieHeader = (user: BenchUser) => [...user.cookies].map(([k, v]) => `${k}=${v}`).join("; ");

async function signIn(base: string, user: BenchUser) {
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

async function chatOnce(base: string, user: BenchUser, kind: Kind): Promise<Sample> {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", cookie: cookieHeader(user) },
    body: JSON.stringify({ agentId: user.leadId, text: MESSAGES[kind] }),
  });
  if (!res.ok || !res.body)
    throw new Error(`POST /api/chat ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let ttfb = Number.NaN;
  let firstEvent = Number.NaN;
  let buffer = "";
  let events = 0;
  let chunks = 0;
  let runEnd = Number.NaN;
  let status = "no run_end";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks++;
    const now = performance.now();
    if (Number.isNaN(ttfb)) ttfb = now - t0;
    buffer += decoder.decode(value, { stream: true });
    let sep = buffer.indexOf("\n\n");
    while (sep >= 0) {
      const block = buffer.slice(0, sep);
      buffer = buffer.slice(sep + 2);
      sep = buffer.indexOf("\n\n");
      const data = block.split("\n").find((l) => l.startsWith("data: "));
      if (!data || block.startsWith("event: end")) continue;
      const item = JSON.parse(data.slice(6)) as { type: string; status?: string };
      if (item.type === "meta") continue;
      events++;
      if (Number.isNaN(firstEvent)) firstEvent = now - t0;
      if (item.type === "run_end") {
        status = item.status ?? "?";
        runEnd = now - t0;
      }
    }
  }
  return { ttfb, firstEvent, runEnd, done: performance.now() - t0, events, chunks, status };
}

// ---------------------------------------------------------------------------------------------
// Engine directly, in this process: the same agents and model as the route builds

function engineRunner() {
  const endpoint = demoEndpoint();
  const base = { provider: endpoint.name, model: DEMO_MODEL_ID, parameters: {} };
  const researcher: AgentDefinition = {
    ...base,
    id: "researcher",
    name: "Researcher",
    description: "Answers one focused question; can tell the time.",
    instructions: "Answer the task you are given concisely and factually.",
    tools: ["current_time"],
    subagents: { enabled: false, allowSelf: true, agent_ids: [], modes: { self: "isolated" } },
  };
  const mathematician: AgentDefinition = {
    ...base,
    id: "mathematician",
    name: "Mathematician",
    description: "Works out arithmetic with a calculator.",
    instructions: "Use the calculator for every computation and show the result.",
    tools: ["calculator"],
    subagents: { enabled: false, allowSelf: true, agent_ids: [], modes: { self: "isolated" } },
  };
  const lead: AgentDefinition = {
    ...base,
    id: "lead",
    name: "Team Lead",
    description: "Splits a request into parts and delegates each part to a specialist, in parallel.",
    instructions:
      "When a request has several parts, delegate each part to the best subagent, then combine their answers.",
    tools: [],
    subagents: {
      enabled: true,
      allowSelf: true,
      agent_ids: [researcher.id, mathematician.id],
      modes: { self: "isolated", [researcher.id]: "isolated", [mathematician.id]: "isolated" },
    },
  };
  const lookup = new Map([lead, researcher, mathematician].map((a) => [a.id, a]));
  const endpoints = { [endpoint.name]: { provider: endpoint.protocol } };
  return async (kind: Kind): Promise<Sample> => {
    const t0 = performance.now();
    const run = await createRun({
      runId: randomUUID(),
      agents: [lead],
      agentLookup: lookup,
      endpoints,
      messages: [{ role: "user", content: MESSAGES[kind] }],
      modelFactory: (spec) =>
        createChatModel({
          provider: endpoint.name,
          endpoint,
          model: spec.model,
          parameters: spec.parameters,
          demoTokenDelayMs: 0,
        }),
      signal: new AbortController().signal,
      limits: { ...DEFAULT_LIMITS },
    });
    let firstEvent = Number.NaN;
    let events = 0;
    let runEnd = Number.NaN;
    let status = "no run_end";
    for await (const e of run.stream() as AsyncIterable<RunEvent>) {
      if (Number.isNaN(firstEvent)) firstEvent = performance.now() - t0;
      events++;
      if (e.type === "run_end") {
        status = e.status;
        runEnd = performance.now() - t0;
      }
    }
    const done = performance.now() - t0;
    return { ttfb: firstEvent, firstEvent, runEnd, done, events, chunks: Number.NaN, status };
  };
}

// ---------------------------------------------------------------------------------------------
// Workloads

async function sequential(
  workload: string,
  kind: Kind,
  n: number,
  one: () => Promise<Sample>,
  cpu: () => number,
): Promise<Result> {
  const samples: Sample[] = [];
  const failures: string[] = [];
  const c0 = cpu();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    try {
      samples.push(await one());
    } catch (e) {
      failures.push(String(e));
    }
  }
  const wallMs = performance.now() - t0;
  return { workload, kind, samples, wallMs, cpuMsPerReq: (cpu() - c0) / n, failures };
}

async function concurrent(
  workload: string,
  kind: Kind,
  rounds: number,
  width: number,
  one: (i: number) => Promise<Sample>,
  cpu: () => number,
): Promise<Result> {
  const samples: Sample[] = [];
  const failures: string[] = [];
  const c0 = cpu();
  const t0 = performance.now();
  for (let r = 0; r < rounds; r++) {
    const settled = await Promise.allSettled(Array.from({ length: width }, (_, i) => one(i)));
    for (const s of settled) {
      if (s.status === "fulfilled") samples.push(s.value);
      else failures.push(String(s.reason));
    }
  }
  const wallMs = performance.now() - t0;
  return { workload, kind, samples, wallMs, cpuMsPerReq: (cpu() - c0) / (rounds * width), failures };
}

// ---------------------------------------------------------------------------------------------

function report(results: Result[]) {
  const rows = results.map((r) => {
    const t = summary(r.samples.map((s) => s.ttfb));
    const e = summary(r.samples.map((s) => s.runEnd));
    const d = summary(r.samples.map((s) => s.done));
    const bad = r.samples.filter((s) => s.status !== "completed").length + r.failures.length;
    return [
      r.workload,
      r.kind,
      String(r.samples.length),
      ms(t.p50),
      ms(t.p99),
      ms(e.p50),
      ms(e.p99),
      ms(d.p50),
      ms(d.p99),
      ms(r.cpuMsPerReq ?? Number.NaN),
      String(Math.round(r.samples.length / (r.wallMs / 1000))),
      String(Math.round(summary(r.samples.map((s) => s.events)).p50)),
      ms(summary(r.samples.map((s) => s.chunks)).p50),
      String(bad),
    ];
  });
  console.log(
    table(
      [
        "workload",
        "msg",
        "n",
        "TTFB p50",
        "TTFB p99",
        "run_end p50",
        "run_end p99",
        "done p50",
        "done p99",
        "CPU ms/req",
        "req/s",
        "events",
        "chunks",
        "bad",
      ],
      rows,
    ),
  );
}

function overhead(results: Result[]) {
  const find = (w: string, k: Kind) => results.find((r) => r.workload === w && r.kind === k);
  const rows: string[][] = [];
  for (const [http, eng] of [
    ["http seq", "engine seq"],
    ["http c50", "engine c50"],
  ]) {
    for (const k of KINDS) {
      const a = find(http, k);
      const b = find(eng, k);
      if (!a || !b) continue;
      const pa = summary(a.samples.map((s) => s.done)).p50;
      const pb = summary(b.samples.map((s) => s.done)).p50;
      const fa = summary(a.samples.map((s) => s.ttfb)).p50;
      const fb = summary(b.samples.map((s) => s.ttfb)).p50;
      const ca = a.cpuMsPerReq ?? Number.NaN;
      const cb = b.cpuMsPerReq ?? Number.NaN;
      rows.push([
        `${http} vs engine`,
        k,
        ms(fa - fb),
        `${(fa / fb).toFixed(1)}×`,
        ms(pa - pb),
        `${(pa / pb).toFixed(1)}×`,
        ms(ca - cb),
        `${(ca / cb).toFixed(1)}×`,
      ]);
    }
  }
  console.log(
    table(
      ["route overhead", "msg", "TTFB Δp50", "ratio", "done Δp50", "ratio", "CPU Δ ms/req", "ratio"],
      rows,
    ),
  );
}

async function main() {
  const started = Date.now();
  console.log(`Chat stream benchmark — ${new Date().toISOString()}, node ${process.version}`);
  console.log(`loadavg at start: ${loadavg()} (${os.cpus().length} cores)`);
  checkBuild();

  db = await createDatabase("delegate_bench");
  await migrate({ databaseUrl: db.url });
  const users = await seed(db.url, CONCURRENCY);
  console.log(`• database ${db.name}: migrated, ${users.length} users with the starter team each`);

  const port = PORT_ARG || (await freePort());
  await startServer(port, db.url);
  const base = `http://127.0.0.1:${port}`;

  // Sign everyone in (scrypt on the server), four at a time.
  const tSign = Date.now();
  for (let i = 0; i < users.length; i += 4)
    await Promise.all(users.slice(i, i + 4).map((u) => signIn(base, u)));
  console.log(`• ${users.length} users signed in (${Date.now() - tSign} ms)`);

  const results: Result[] = [];
  const u0 = users[0];

  // Warm-up: JIT, route compilation, the database pool.
  for (const k of KINDS) for (let i = 0; i < WARMUP_SEQ; i++) await chatOnce(base, u0, k);
  await Promise.all(users.map((u, i) => chatOnce(base, u, KINDS[i % 2])));
  console.log(`• warmed up; loadavg ${loadavg()}`);

  for (const k of KINDS) {
    results.push(await sequential("http seq", k, N_SEQ, () => chatOnce(base, u0, k), serverCpuMs));
  }
  for (const k of KINDS) {
    results.push(
      await concurrent("http c50", k, ROUNDS, CONCURRENCY, (i) => chatOnce(base, users[i], k), serverCpuMs),
    );
  }
  for (const k of KINDS) {
    results.push(
      await concurrent("http c50-1u", k, 1, CONCURRENCY, () => chatOnce(base, u0, k), serverCpuMs),
    );
  }
  const peakRss = serverPeakRssMb();
  console.log(`• HTTP workloads done; loadavg ${loadavg()}; server peak RSS ${ms(peakRss)} MB`);

  // Sanity: what the app stored.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows: stored } = await client.query<{ status: string; n: string }>(
    `SELECT 'run ' || status AS status, count(*) AS n FROM "Run" GROUP BY status
     UNION ALL SELECT 'message ' || status, count(*) FROM "Message" WHERE role = 'ASSISTANT' GROUP BY status
     UNION ALL SELECT 'usage records', count(*) FROM "UsageRecord" ORDER BY 1`,
  );
  await client.end();
  const errorLines = serverLog.split("\n").filter((l) => /"level":"error"|Error|error/.test(l));

  await stopServer();

  // The engine directly, with the server gone (nothing else of ours competes for the CPU).
  const engine = engineRunner();
  for (const k of KINDS) for (let i = 0; i < WARMUP_SEQ * 3; i++) await engine(k);
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => engine(KINDS[i % 2])));
  const selfCpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  for (const k of KINDS) results.push(await sequential("engine seq", k, N_SEQ, () => engine(k), selfCpu));
  for (const k of KINDS) {
    results.push(await concurrent("engine c50", k, ROUNDS, CONCURRENCY, () => engine(k), selfCpu));
  }

  console.log(`\nloadavg at end: ${loadavg()}; total ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  console.log(
    "Times in ms from sending the request (http) or calling createRun (engine). TTFB: first body byte (http; it\n" +
      "carries the meta item and the first engine event) or first engine event (engine); run_end: the run_end event;\n" +
      "done: end of stream (http: after the final save and finishRun). CPU ms/req: the server process (http,\n" +
      "PostgreSQL not included) or this process (engine). events: engine events per answer (equal for http and\n" +
      "engine = same work); chunks: body chunks the client read.\n" +
      "c50: 50 concurrent conversations of 50 users; c50-1u: 50 concurrent conversations of one user.\n",
  );
  report(results);
  console.log("");
  overhead(results);
  console.log(`\nStored: ${stored.map((r) => `${r.status} ${r.n}`).join(", ")}`);
  console.log(`Server peak RSS ${ms(peakRss)} MB; server error lines: ${errorLines.length}`);
  for (const l of errorLines.slice(0, 5)) console.log(`  ${l.slice(0, 300)}`);
  const failures = results.flatMap((r) => r.failures);
  if (failures.length) {
    console.log(`Failed requests: ${failures.length}`);
    for (const f of [...new Set(failures)].slice(0, 5)) console.log(`  ${f.slice(0, 300)}`);
  }
}

try {
  await main();
  await cleanup();
  process.exit(0);
} catch (err) {
  console.error(err);
  console.error(serverLog.slice(-3000));
  await cleanup();
  process.exit(1);
}
