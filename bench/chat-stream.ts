import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { newKeySecret } from "../lib/api/key-secret";
import { migrate } from "../lib/db/migrate";
import { createDatabase, dropDatabase } from "../tests/helpers/test-database";
import {
  type BenchUser,
  cookieHeader,
  freePort,
  loadavg,
  ms,
  type NextApp,
  seed,
  signIn,
  startNextApp,
  summary,
  table,
} from "./bench-app";
import { type CountingProxy, startCountingProxy } from "./pg-count-proxy";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const QUICK = args.includes("--quick");
const KEEP_DB = args.includes("--keep-db");
/** --js-only: only the chat page's JavaScript size (any build; no floor route needed). */
const JS_ONLY = args.includes("--js-only");
const ONLY = args.find((a) => a.startsWith("--only="))?.split("=")[1];
const PACINGS = ONLY === undefined ? [0, 1] : [Number(ONLY)];
/** --profile=DIR: the server writes a V8 CPU profile there when it stops (bench/cpuprofile-summary.ts reads it). */
const PROFILE_DIR = args.find((a) => a.startsWith("--profile="))?.split("=")[1];
/** --node-args="--max-semi-space-size=32 ...": options for the server's node (to try V8 settings). */
const NODE_ARGS =
  args
    .find((a) => a.startsWith("--node-args="))
    ?.slice(12)
    .split(" ")
    .filter(Boolean) ?? [];

const USERS = 50;
/** --conc=1,200 and --kind=delegate: only those rows (for profiling one workload). */
const LEVELS = args
  .find((a) => a.startsWith("--conc="))
  ?.slice(7)
  .split(",")
  .map(Number) ?? [1, 10, 50, 200];
/** Requests per concurrency level: sequential ones, then rounds of `c` at once. */
/** --samples=N: N requests per row whatever the concurrency (more samples for a profile). */
const SAMPLES = Number(args.find((a) => a.startsWith("--samples="))?.slice(10)) || undefined;
const samplesAt = (c: number) => SAMPLES ?? (c === 1 ? (QUICK ? 8 : 20) : c === 10 ? (QUICK ? 10 : 30) : c);
const WARMUP = QUICK ? 3 : 6;
/** Answers (route and floor, half each) before the first measured row: see the warm-up below. */
const WARMUP_ANSWERS = Number(args.find((a) => a.startsWith("--warmup="))?.slice(9)) || (QUICK ? 1000 : 2000);
/** --api: also POST /v1/chat/completions (the Agents API, streaming) for the same agent and message. */
const API = args.includes("--api");
const HARD_LIMIT_MS = (API ? 15 : 10) * 60_000;
const CHAT_JS_BUDGET_KB = 180;

const MESSAGES = {
  single: "What is the capital of France?",
  delegate: "What time is it in UTC right now?\nWhat is 1234 * 5678?",
} as const;
type Kind = keyof typeof MESSAGES;
const ALL_KINDS: Kind[] = ["single", "delegate"];
const KIND_ARG = args.find((a) => a.startsWith("--kind="))?.slice(7);
const KINDS: Kind[] = KIND_ARG ? ALL_KINDS.filter((k) => k === KIND_ARG) : ALL_KINDS;

// ---------------------------------------------------------------------------------------------
// Statistics and formatting

// ---------------------------------------------------------------------------------------------
// Cleanup and the hard time limit

/** The app under test (kept after it stops: its log is read for the report). */
let app: NextApp | undefined;
let db: { name: string; url: string } | undefined;
let proxy: CountingProxy | undefined;
const tmp = mkdtempSync(path.join(os.tmpdir(), "bench-chat-"));
const floorEvents = path.join(tmp, "floor-events.json");
let cleaning: Promise<void> | undefined;

function stopServer(): Promise<void> {
  return app?.stop() ?? Promise.resolve();
}

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopServer().catch(() => {});
    await proxy?.close().catch(() => {});
    if (db && !KEEP_DB) await dropDatabase(db.name).catch((e) => console.error(`drop db: ${e}`));
    else if (db) console.log(`(kept database ${db.name})`);
    rmSync(tmp, { recursive: true, force: true });
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

// ---------------------------------------------------------------------------------------------
// The app server

function checkBuild() {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) {
    console.error("No build: run `BENCH_FLOOR=1 npx next build` first.");
    process.exit(2);
  }
  const routes = path.join(root, ".next", "app-path-routes-manifest.json");
  if (JS_ONLY) return;
  if (!existsSync(routes) || !readFileSync(routes, "utf8").includes("/api/bench-floor")) {
    console.error("This build has no floor route: run `BENCH_FLOOR=1 npx next build` first.");
    process.exit(2);
  }
  const built = statSync(buildId).mtime;
  console.log(`• Build ${readFileSync(buildId, "utf8").trim()} from ${built.toISOString()}`);
}

async function startServer(port: number, databaseUrl: string, paceMs: number): Promise<void> {
  const started = Date.now();
  app = await startNextApp({
    root,
    port,
    nodeArgs: [...NODE_ARGS, ...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [])],
    env: { DATABASE_URL: databaseUrl, DEMO_TOKEN_DELAY_MS: String(paceMs), BENCH_FLOOR_EVENTS: floorEvents },
  });
  console.log(`• next start ready on :${port} in ${Date.now() - started} ms (pid ${app.child.pid})`);
}

/** utime + stime of the server process in ms (Linux /proc; NaN elsewhere). */
function serverCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/${app?.child.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[11] = utime, fields[12] = stime (the 14th and 15th fields of the full line), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

const serverErrorLines = () =>
  (app?.log() ?? "").split("\n").filter((l) => /"level":"error"|Error|error/.test(l));

// ---------------------------------------------------------------------------------------------
// HTTP client: cookies, sign-in, one request read as SSE

interface Sample {
  ttfb: number;
  done: number;
  status: string;
  /** Body chunks read: about one per socket write of the server. */
  chunks: number;
}

type Target = "route" | "floor" | "api";
const TARGETS: Target[] = API ? ["route", "floor", "api"] : ["route", "floor"];

/** The Agents API key of each bench user (`--api`), inserted as Settings → API keys stores one. */
const apiKeys = new Map<string, string>();
async function createApiKeys(url: string, users: BenchUser[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const u of users) {
      const { secret, hash, prefix } = newKeySecret();
      await client.query(
        `INSERT INTO "ApiKey" (id, "userId", name, "keyHash", prefix) VALUES (gen_random_uuid()::text, $1, 'bench', $2, $3)`,
        [u.id, hash, prefix],
      );
      apiKeys.set(u.id, secret);
    }
  } finally {
    await client.end();
  }
}

function requestOf(user: BenchUser, kind: Kind, target: Target): { url: string; init: RequestInit } {
  const json = { "Content-Type": "application/json" };
  if (target === "api")
    return {
      url: "/v1/chat/completions",
      init: {
        headers: { ...json, Authorization: `Bearer ${apiKeys.get(user.id)}` },
        body: JSON.stringify({
          model: user.leadId,
          stream: true,
          messages: [{ role: "user", content: MESSAGES[kind] }],
        }),
      },
    };
  return {
    url: target === "route" ? "/api/chat" : "/api/bench-floor",
    init: {
      headers: { ...json, cookie: cookieHeader(user) },
      body: JSON.stringify(target === "route" ? { agentId: user.leadId, text: MESSAGES[kind] } : { kind }),
    },
  };
}

/** The end of an answer in one SSE data line: the chat's run_end, or the API's finish_reason / error. */
function endOf(data: string, target: Target): string | undefined {
  if (target !== "api") {
    const item = JSON.parse(data) as { type: string; status?: string };
    return item.type === "run_end" ? (item.status ?? "?") : undefined;
  }
  if (data === "[DONE]") return undefined;
  const chunk = JSON.parse(data) as { error?: unknown; choices?: { finish_reason?: string | null }[] };
  if (chunk.error) return "failed";
  return chunk.choices?.[0]?.finish_reason === "stop" ? "completed" : undefined;
}

/** One request read to its end; `items` receives the stream's items (without meta) when given. */
async function chatOnce(base: string, user: BenchUser, kind: Kind, target: Target, items?: unknown[]) {
  const t0 = performance.now();
  const request = requestOf(user, kind, target);
  const res = await fetch(`${base}${request.url}`, { method: "POST", ...request.init });
  if (!res.ok || !res.body)
    throw new Error(`POST ${target} ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let ttfb = Number.NaN;
  let buffer = "";
  let status = "no run_end";
  let chunks = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks++;
    if (Number.isNaN(ttfb)) ttfb = performance.now() - t0;
    buffer += decoder.decode(value, { stream: true });
    let sep = buffer.indexOf("\n\n");
    while (sep >= 0) {
      const block = buffer.slice(0, sep);
      buffer = buffer.slice(sep + 2);
      sep = buffer.indexOf("\n\n");
      const data = block.split("\n").find((l) => l.startsWith("data: "));
      if (!data || block.startsWith("event: end")) continue;
      if (items) {
        const item = JSON.parse(data.slice(6)) as { type: string };
        if (item.type !== "meta") items.push(item);
      }
      status = endOf(data.slice(6), target) ?? status;
    }
  }
  return { ttfb, done: performance.now() - t0, status, chunks };
}

// ---------------------------------------------------------------------------------------------
// Workloads

interface Row {
  pace: number;
  kind: Kind;
  c: number;
  target: Target;
  samples: Sample[];
  failures: string[];
  cpuMsPerReq: number;
  statementsPerReq: number;
}

async function measure(
  base: string,
  users: BenchUser[],
  pace: number,
  kind: Kind,
  c: number,
  target: Target,
): Promise<Row> {
  const samples: Sample[] = [];
  const failures: string[] = [];
  const n = samplesAt(c);
  const windowStart = monotonicUs();
  const cpu0 = serverCpuMs();
  const sql0 = proxy?.statements() ?? 0;
  let next = 0;
  while (next < n) {
    const width = Math.min(c, n - next);
    const batch = Array.from({ length: width }, (_, i) =>
      chatOnce(base, users[(next + i) % users.length], kind, target),
    );
    next += width;
    for (const s of await Promise.allSettled(batch)) {
      if (s.status === "fulfilled") samples.push(s.value);
      else failures.push(String(s.reason));
    }
  }
  windows.push({ label: `${pace}ms ${kind} c${c} ${target}`, start: windowStart, end: monotonicUs() });
  return {
    pace,
    kind,
    c,
    target,
    samples,
    failures,
    cpuMsPerReq: (serverCpuMs() - cpu0) / n,
    statementsPerReq: ((proxy?.statements() ?? 0) - sql0) / n,
  };
}

/**
 * When each row ran, on the clock V8's profiler stamps its samples with (CLOCK_MONOTONIC, µs, the
 * same for every process): with --profile, written to DIR/windows.json so that
 * `cpuprofile-summary.ts --window=RE` reads only the samples taken while matching rows ran.
 */
const windows: { label: string; start: number; end: number }[] = [];
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

const errorsOf = (r: Row) => r.failures.length + r.samples.filter((s) => s.status !== "completed").length;

function report(rows: Row[]) {
  const out: string[][] = [];
  for (const [i, r] of rows.entries()) {
    if (r.target !== "route") continue;
    // Each route row is followed by its floor row (the same pacing, message and concurrency).
    const f = rows[i + 1]?.target === "floor" ? rows[i + 1] : undefined;
    const a = rows[i + 2]?.target === "api" ? rows[i + 2] : undefined;
    const t = summary(r.samples.map((s) => s.ttfb));
    const d = summary(r.samples.map((s) => s.done));
    out.push([
      `${r.pace} ms`,
      r.kind,
      String(r.c),
      String(r.samples.length + r.failures.length),
      ms(t.p50),
      ms(t.p99),
      ms(d.p50),
      ms(d.p99),
      ms(r.cpuMsPerReq),
      f ? ms(f.cpuMsPerReq) : "—",
      f ? `${(r.cpuMsPerReq / f.cpuMsPerReq).toFixed(1)}×` : "—",
      f ? ms(summary(f.samples.map((s) => s.ttfb)).p50) : "—",
      `${summary(r.samples.map((s) => s.chunks)).p50} / ${f ? summary(f.samples.map((s) => s.chunks)).p50 : "—"}`,
      r.statementsPerReq.toFixed(1),
      ...(API
        ? [a ? ms(a.cpuMsPerReq) : "—", a ? `${(a.cpuMsPerReq / r.cpuMsPerReq).toFixed(2)}×` : "—"]
        : []),
      String(errorsOf(r) + (f ? errorsOf(f) : 0) + (a ? errorsOf(a) : 0)),
    ]);
  }
  console.log(
    table(
      [
        "pace/token",
        "msg",
        "conc",
        "n",
        "1st byte p50",
        "p99",
        "total p50",
        "p99",
        "CPU ms route",
        "floor",
        "route/floor",
        "floor 1st byte p50",
        "chunks route / floor",
        "SQL/send",
        ...(API ? ["CPU ms API", "API/route"] : []),
        "errors",
      ],
      out,
    ),
  );
}

/** The chat page's JavaScript as a browser loads it: every script it names, gzipped. */
async function chatPageJs(
  base: string,
  user: BenchUser,
): Promise<{ files: number; gzipKb: number; largest: string[]; all: string[] }> {
  const res = await fetch(`${base}/chat`, { headers: { cookie: cookieHeader(user) } });
  const html = await res.text();
  if (!res.ok) throw new Error(`GET /chat ${res.status}`);
  // Every script the page names (tags, preloads, the RSC payload), except those only in noModule
  // tags (Next.js's legacy polyfills), which a browser that runs modules never fetches.
  const named = (text: string) => [...text.matchAll(/\/_next\/static\/[^"'\s>]+\.js/g)].map((m) => m[0]);
  const legacy = new Set(
    named(
      [...html.matchAll(/<script\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => /\bnomodule\b/i.test(tag))
        .join(" "),
    ),
  );
  const srcs = new Set(named(html).filter((src) => !legacy.has(src) || html.split(src).length > 2));
  const sizes = [...srcs].map((src) => {
    const file = path.join(root, ".next", "static", decodeURIComponent(src.slice("/_next/static/".length)));
    return { src, gzip: gzipSync(readFileSync(file), { level: 9 }).length };
  });
  const largest = sizes
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 3)
    .map((f) => `${path.basename(f.src)} ${(f.gzip / 1024).toFixed(1)} KB`);
  const bytes = sizes.reduce((n, f) => n + f.gzip, 0);
  const all = sizes.map((f) => `${path.basename(f.src)} ${(f.gzip / 1024).toFixed(1)} KB`);
  return { files: srcs.size, gzipKb: bytes / 1024, largest, all };
}

async function main() {
  const started = Date.now();
  console.log(`Chat stream benchmark — ${new Date().toISOString()}, node ${process.version}`);
  console.log(`loadavg at start: ${loadavg()} (${os.cpus().length} cores)`);
  checkBuild();

  db = await createDatabase("delegate_bench");
  await migrate({ databaseUrl: db.url });
  const users = await seed(db.url, USERS);
  if (API) await createApiKeys(db.url, users);
  const pgUrl = new URL(db.url);
  proxy = await startCountingProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) });
  const viaProxy = new URL(db.url);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  console.log(`• database ${db.name}: migrated, ${users.length} users; statements counted on :${proxy.port}`);

  const rows: Row[] = [];
  let pageJs: Awaited<ReturnType<typeof chatPageJs>> | undefined;
  const errorLines: string[] = [];
  const warmupFailures: string[] = [];
  for (const pace of PACINGS) {
    const port = await freePort();
    await startServer(port, viaProxy.toString(), pace);
    const base = `http://127.0.0.1:${port}`;
    const tSign = Date.now();
    for (let i = 0; i < users.length; i += 4)
      await Promise.all(users.slice(i, i + 4).map((u) => signIn(base, u)));
    console.log(`• ${users.length} users signed in (${Date.now() - tSign} ms)`);
    if (JS_ONLY) {
      const js = await chatPageJs(base, users[0]);
      const verdict = js.gzipKb <= CHAT_JS_BUDGET_KB ? "within" : "OVER";
      console.log(
        `Chat page JavaScript: ${js.gzipKb.toFixed(1)} KB gzip in ${js.files} files (${verdict} the ${CHAT_JS_BUDGET_KB} KB budget); largest: ${js.largest.join(", ")}`,
      );
      console.log(`  every file: ${js.all.join(", ")}`);
      return js.gzipKb <= CHAT_JS_BUDGET_KB ? 0 : 1;
    }

    // Warm-up (JIT, route compilation, the pool), recording one answer of each kind for the floor.
    const recorded: Record<string, unknown[]> = {};
    for (const k of ALL_KINDS) {
      recorded[k] = [];
      await chatOnce(base, users[0], k, "route", recorded[k]);
    }
    writeFileSync(floorEvents, JSON.stringify(recorded));
    for (const target of TARGETS)
      for (const k of KINDS) for (let i = 0; i < WARMUP; i++) await chatOnce(base, users[i], k, target);
    // Then to a steady state: a fresh server's CPU per answer keeps falling for its first ~1,000
    // answers (V8 tiers up the route's many functions, the heap finds its size) — 30 → 20 ms for a
    // delegating answer here — and a long-running server is what is measured. Rounds of 10 at once,
    // route and floor alike.
    const tWarm = Date.now();
    for (let i = 0; i < WARMUP_ANSWERS; i += 10) {
      const round = Array.from({ length: 10 }, (_, j) => {
        const u = users[(i + j) % users.length];
        return chatOnce(base, u, KINDS[(i / 10 + j) % KINDS.length], TARGETS[j % TARGETS.length]);
      });
      for (const w of await Promise.allSettled(round))
        if (w.status === "rejected") warmupFailures.push(String(w.reason));
    }
    console.log(`• ${WARMUP_ANSWERS} warm-up answers in ${Date.now() - tWarm} ms`);
    pageJs ??= await chatPageJs(base, users[0]);
    console.log(`• pace ${pace} ms/token: warmed up; loadavg ${loadavg()}`);

    for (const kind of KINDS) {
      for (const c of LEVELS) {
        const measured: Row[] = [];
        for (const target of TARGETS) measured.push(await measure(base, users, pace, kind, c, target));
        rows.push(...measured);
        const [route, floor, api] = measured;
        console.log(
          `  ${pace} ms ${kind} c${c}: route ${ms(route.cpuMsPerReq)} ms CPU/answer, floor ${ms(floor.cpuMsPerReq)}${api ? `, API ${ms(api.cpuMsPerReq)}` : ""}, errors ${errorsOf(route)}; loadavg ${loadavg()}`,
        );
      }
    }
    errorLines.push(...serverErrorLines());
    await stopServer();
  }

  // What the app stored.
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows: stored } = await client.query<{ what: string; n: string }>(
    `SELECT 'run ' || status AS what, count(*) AS n FROM "Run" GROUP BY status
     UNION ALL SELECT 'answer ' || status, count(*) FROM "Message" WHERE role = 'ASSISTANT' GROUP BY status
     UNION ALL SELECT 'conversations without an answer', count(*) FROM "Conversation" c
       WHERE NOT EXISTS (SELECT 1 FROM "Message" m WHERE m."conversationId" = c.id AND m.role = 'ASSISTANT')
     UNION ALL SELECT 'usage records', count(*) FROM "UsageRecord" ORDER BY 1`,
  );
  await client.end();

  if (PROFILE_DIR) writeFileSync(path.join(PROFILE_DIR, "windows.json"), JSON.stringify(windows, null, 1));
  console.log(`\nloadavg at end: ${loadavg()}; total ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
  console.log(
    "Times in ms from sending the request: first byte of the body, total = end of the stream (after the final\n" +
      "save). CPU: the server process per answer (PostgreSQL not included), for POST /api/chat and for the floor\n" +
      "route (session check + the same events streamed). SQL/send: statements the server sent per request while\n" +
      "the row ran (includes the session lookup and lease heartbeats). conc: requests in flight at once. chunks:\n" +
      "body chunks the client read per answer (p50), about one per socket write.\n",
  );
  report(rows);
  console.log(`\nStored: ${stored.map((r) => `${r.what} ${r.n}`).join(", ")}`);
  if (pageJs) {
    const verdict = pageJs.gzipKb <= CHAT_JS_BUDGET_KB ? "within" : "OVER";
    console.log(
      `Chat page JavaScript: ${pageJs.gzipKb.toFixed(1)} KB gzip in ${pageJs.files} files (${verdict} the ${CHAT_JS_BUDGET_KB} KB budget); largest: ${pageJs.largest.join(", ")}`,
    );
  }
  const failures = [...warmupFailures, ...rows.flatMap((r) => r.failures)];
  const notCompleted = rows.reduce((n, r) => n + r.samples.filter((s) => s.status !== "completed").length, 0);
  console.log(
    `Errors: ${failures.length} failed requests (${warmupFailures.length} while warming up), ${notCompleted} answers not completed, ${errorLines.length} server error lines`,
  );
  for (const f of [...new Set(failures)].slice(0, 5)) console.log(`  ${f.slice(0, 300)}`);
  for (const l of errorLines.slice(0, 5)) console.log(`  ${l.slice(0, 300)}`);
  return failures.length + notCompleted + errorLines.length;
}

try {
  const errors = await main();
  await cleanup();
  process.exit(errors > 0 ? 1 : 0);
} catch (err) {
  console.error(err);
  console.error(app?.log().slice(-3000));
  await cleanup();
  process.exit(1);
}
