/**
 * Thousands of live answers in one process (`npm run bench:soak [-- --answers=N --seconds=S]`).
 *
 * On a fresh PostgreSQL database and a Redis of its own: users with the starter team (Team Lead
 * delegating to Researcher and Mathematician, on the demo model paced at --pace ms per token,
 * default 50 = 20 tokens/s), one runner process and one follower process (bench/soak-app.ts, both
 * with REDIS_URL). The runner holds N answers open at once (default 2,000) for S seconds (default
 * 30): N slots, each sending a delegating message (two parallel subagents that each call a tool)
 * through `startChat` and reading the answer's SSE stream to its end, then sending the next one,
 * until S seconds have passed (slots start spread over the first tenth of the window). The first
 * --follow share of the slots (default 10%) also follow each of their answers from the follower
 * process, through Redis (`followRun` → the run bus), from its meta on.
 *
 * Printed: answers completed, how many were open at once (min / mean / max, sampled every second
 * from the end of the ramp to the end of the window: requests the driver has open, some still
 * waiting for admission, and answers the runner is running, `liveRunCount()`), first byte and answer time p50/p99, event-loop delay p50/p99/max
 * and peak RSS of each process over the window (after a warm-up), CPU seconds, and errors: failed
 * requests, answers that did not complete, a follower whose items differ from the runner's
 * stream, a stored answer whose `parts` differ from the tree its stream reduces to or whose
 * `content` differs from its root text, and error lines the processes logged. Exits 1 on any.
 * Goals (issue 34): event-loop delay p99 ≤ 50 ms and peak RSS ≤ 1.5 GB on the runner, 0 errors.
 *
 * Flags: --answers=N, --seconds=S, --pace=MS, --follow=FRACTION, --pool=N (the runner's
 * DATABASE_POOL_MAX), --keep-db.
 */
import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import pg from "pg";
import { type RunEvent, reduceEvents, rootText } from "../lib/agents";
import { migrate } from "../lib/db/migrate";
import { startPrivateRedis } from "../tests/helpers/private-redis";
import { createDatabase, dropDatabase } from "../tests/helpers/test-database";
import { type BenchUser, freePort, loadavg, ms, seed, stopProcess, summary, table } from "./bench-app";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (name: string, fallback: number) =>
  Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const ANSWERS = flag("answers", 2000);
const SECONDS = flag("seconds", 30);
const PACE_MS = flag("pace", 50);
const FOLLOW = flag("follow", 0.1);
const KEEP_DB = args.includes("--keep-db");
/** The runner's DATABASE_POOL_MAX (the app's default, 10, unless given). */
const POOL = args.find((a) => a.startsWith("--pool="))?.split("=")[1];
/** bench-app's seed lets each user run 100 answers at once. */
const USERS = Math.ceil(ANSWERS / 90) + 1;
const MESSAGE = "What time is it in UTC right now?\nWhat is 1234 * 5678?";

interface Item {
  type: string;
  status?: string;
  runId?: string;
  assistantMessageId?: string;
}

/** Reads an SSE body to its end (the chat's framing: `data: <json>`, then `event: end`). */
async function readSse(
  res: Response,
  onItem?: (item: Item) => void,
): Promise<{ raw: string[]; items: Item[] }> {
  const raw: string[] = [];
  const items: Item[] = [];
  if (!res.body) return { raw, items };
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let sep = buffer.indexOf("\n\n");
    while (sep >= 0) {
      const block = buffer.slice(0, sep);
      buffer = buffer.slice(sep + 2);
      sep = buffer.indexOf("\n\n");
      if (block.startsWith("event: end")) continue;
      const data = block.split("\n").find((l) => l.startsWith("data: "));
      if (!data) continue;
      raw.push(data.slice(6));
      const item = JSON.parse(data.slice(6)) as Item;
      items.push(item);
      onItem?.(item);
    }
  }
  return { raw, items };
}

interface App {
  base: string;
  child: ChildProcess;
  errorLines: () => string[];
  stop: () => Promise<void>;
}

async function startApp(role: "runner" | "follower", env: Record<string, string>): Promise<App> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--conditions", "react-server", "--import", "tsx", path.join(root, "bench/soak-app.ts")],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env, SOAK_ROLE: role, SOAK_PORT: String(port) },
    },
  );
  const errors: string[] = [];
  let tail = "";
  const keep = (d: Buffer) => {
    tail = (tail + d.toString()).slice(-100_000);
    for (const line of d.toString().split("\n")) if (/"level":"error"|Error:/.test(line)) errors.push(line);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const base = `http://127.0.0.1:${port}`;
  const stop = () => stopProcess(child, 10_000);
  for (const started = Date.now(); Date.now() - started < 60_000; ) {
    if (child.exitCode !== null) throw new Error(`${role} exited:\n${tail.slice(-2000)}`);
    if ((await fetch(base).catch(() => null))?.ok) return { base, child, errorLines: () => errors, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`${role} not up after 60 s:\n${tail.slice(-2000)}`);
}

interface Stats {
  lagP50: number;
  lagP99: number;
  lagMax: number;
  peakRss: number;
  cpuMs: number;
  liveRuns: number;
}
const stats = async (app: App) => (await (await fetch(`${app.base}/stats`)).json()) as Stats;

interface Tally {
  completed: number;
  followed: number;
  errors: string[];
  firstByte: number[];
  total: number[];
  open: number;
}

/** Whether the stored answer is what its stream said: the tree its events reduce to, its root text. */
async function checkStored(db: pg.Pool, assistantMessageId: string, raw: string[]): Promise<string | null> {
  const events = raw.slice(1).map((r) => JSON.parse(r) as RunEvent);
  const tree = JSON.parse(JSON.stringify(reduceEvents(events)));
  const { rows } = await db.query<{ parts: unknown; content: string; status: string }>(
    `SELECT parts, content, status FROM "Message" WHERE id = $1`,
    [assistantMessageId],
  );
  const row = rows[0];
  if (!row) return "stored answer missing";
  if (row.status !== "COMPLETE") return `stored answer ${row.status}`;
  if (row.content !== rootText(tree)) return "stored content differs from the stream's text";
  // Deep equality, not JSON text: PostgreSQL's jsonb orders an object's keys its own way.
  if (!isDeepStrictEqual(row.parts, tree)) return "stored parts differ from the stream's tree";
  return null;
}

/**
 * Follows a run from the other process. Its Redis stream is written at most a frame after the run
 * starts (the mirror is paced like the SSE writer), and a follow that comes before it is refused
 * (404, as for a page, which then follows the saved message): asked again a few times, as a page
 * that loads a moment later would.
 */
async function follow(app: App, runId: string, userId: string): Promise<{ raw: string[] }> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${app.base}/follow/${runId}?user=${userId}`);
    if (res.ok) return readSse(res);
    const text = await res.text();
    if (res.status !== 404 || attempt >= 20) throw new Error(`follow ${res.status} ${text.slice(0, 200)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function converse(
  user: BenchUser,
  runner: App,
  follower: App | null,
  db: pg.Pool,
  tally: Tally,
): Promise<void> {
  const t0 = performance.now();
  tally.open++;
  try {
    const res = await fetch(`${runner.base}/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ userId: user.id, agentId: user.leadId, text: MESSAGE }),
    });
    if (!res.ok) {
      tally.errors.push(`POST ${res.status} ${(await res.text()).slice(0, 200)}`);
      return;
    }
    let first = 0;
    let following: Promise<{ raw: string[] } | Error> | undefined;
    const own = await readSse(res, (item) => {
      if (!first) first = performance.now() - t0;
      if (item.type === "meta" && follower && item.runId)
        following = follow(follower, item.runId, user.id).catch((err: Error) => err);
    });
    const done = performance.now() - t0;
    const meta = own.items[0];
    const end = own.items.at(-1);
    if (end?.type !== "run_end" || end.status !== "completed") {
      tally.errors.push(`answer ended ${end?.type}/${end?.status}`);
      return;
    }
    const followed = following ? await following : null;
    if (followed instanceof Error) tally.errors.push(String(followed));
    else if (followed && followed.raw.join("\n") !== own.raw.join("\n"))
      tally.errors.push(`follower got ${followed.raw.length} items, runner ${own.raw.length}`);
    const stored = await checkStored(db, meta?.assistantMessageId ?? "", own.raw);
    if (stored) tally.errors.push(stored);
    if (followed && !(followed instanceof Error)) tally.followed++;
    tally.completed++;
    tally.firstByte.push(first);
    tally.total.push(done);
  } catch (err) {
    // fetch's own message is "fetch failed"; what failed is its cause.
    const cause =
      err instanceof Error && err.cause ? ` (${String((err.cause as Error).message ?? err.cause)})` : "";
    tally.errors.push(`${String(err)}${cause}`);
  } finally {
    tally.open--;
  }
}

/** Errors by kind (ids and numbers masked), most frequent first. */
function errorKinds(errors: string[]): string {
  const kinds = new Map<string, number>();
  for (const e of errors) {
    const kind = e
      .replace(/"conversationId":"[^"]+"/g, '"conversationId":…')
      .replace(/\d+/g, "N")
      .slice(0, 240);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([kind, n]) => `\n  ${n} × ${kind}`)
    .join("");
}

async function main() {
  console.log(
    `bench:soak — ${ANSWERS} answers open at once for ${SECONDS} s, ${PACE_MS} ms per token, ${Math.round(
      FOLLOW * 100,
    )}% followed from a second process through Redis`,
  );
  console.log(`loadavg at start: ${loadavg()} (${os.cpus().length} cores)`);
  const redis = await startPrivateRedis({ port: await freePort() });
  const database = await createDatabase("delegate_bench_soak");
  const apps: App[] = [];
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  let failed = false;
  try {
    await migrate({ databaseUrl: database.url, log: () => {} });
    const users = await seed(database.url, USERS);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      DEMO_ENDPOINT: "on",
      DEMO_TOKEN_DELAY_MS: String(PACE_MS),
      AUTH_SECRET: "bench-auth-secret-not-for-production",
      APP_ENCRYPTION_KEY: "bench-encryption-key-not-for-production",
      ...(POOL ? { DATABASE_POOL_MAX: POOL } : {}),
    };
    const [runner, follower] = await Promise.all([startApp("runner", env), startApp("follower", env)]);
    apps.push(runner, follower);

    // Warm-up: one round of 20 answers, all followed (first compiles, pools filled).
    const warm: Tally = { completed: 0, followed: 0, errors: [], firstByte: [], total: [], open: 0 };
    await Promise.all(users.slice(0, 20).map((u) => converse(u, runner, follower, pool, warm)));
    if (warm.errors.length) throw new Error(`warm-up failed: ${warm.errors.slice(0, 3).join(" | ")}`);
    await Promise.all(apps.map((a) => fetch(`${a.base}/stats/reset`, { method: "POST" })));
    const cpu0 = await Promise.all(apps.map(stats));

    const tally: Tally = { completed: 0, followed: 0, errors: [], firstByte: [], total: [], open: 0 };
    const windowMs = SECONDS * 1000;
    const rampMs = windowMs / 10;
    const t0 = performance.now();
    const openSamples: number[] = [];
    const liveSamples: number[] = [];
    const sampler = setInterval(() => {
      if (performance.now() - t0 < rampMs + 1000 || performance.now() - t0 > windowMs) return;
      openSamples.push(tally.open);
      void stats(runner).then(
        (s) => liveSamples.push(s.liveRuns),
        () => {},
      );
    }, 1000);
    const followed = Math.round(ANSWERS * FOLLOW);
    await Promise.all(
      Array.from({ length: ANSWERS }, async (_, i) => {
        await new Promise((r) => setTimeout(r, (i / ANSWERS) * rampMs));
        while (performance.now() - t0 < windowMs) {
          const errors = tally.errors.length;
          await converse(users[i % users.length], runner, i < followed ? follower : null, pool, tally);
          // A refused or failed send is not retried at once: a user would not either.
          if (tally.errors.length > errors) await new Promise((r) => setTimeout(r, 1000));
        }
      }),
    );
    clearInterval(sampler);
    const wallMs = performance.now() - t0;
    const [r, f] = await Promise.all(apps.map(stats));
    for (const app of apps) tally.errors.push(...app.errorLines().map((l) => `logged: ${l.slice(0, 300)}`));

    const first = summary(tally.firstByte);
    const total = summary(tally.total);
    const open = openSamples.length ? openSamples : [tally.open];
    const live = liveSamples.length ? liveSamples : [0];
    const range = (xs: number[]) =>
      `min ${Math.min(...xs)}, mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(0)}, max ${Math.max(...xs)}`;
    const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
    console.log(
      `\n${tally.completed} answers completed in ${(wallMs / 1000).toFixed(1)} s (${tally.followed} also followed through Redis); ` +
        `\nrequests open at once (sent, not yet ended): ${range(open)}; answers running in the runner: ${range(live)}`,
    );
    console.log(
      `first byte p50 ${ms(first.p50)} ms, p99 ${ms(first.p99)} ms; answer p50 ${ms(total.p50)} ms, p99 ${ms(total.p99)} ms`,
    );
    console.log(
      `\n${table(
        ["process", "event-loop delay p50", "p99", "max", "peak RSS", "CPU s"],
        [
          [
            "runner",
            ms(r.lagP50),
            ms(r.lagP99),
            ms(r.lagMax),
            mb(r.peakRss),
            ((r.cpuMs - cpu0[0].cpuMs) / 1000).toFixed(1),
          ],
          [
            "follower",
            ms(f.lagP50),
            ms(f.lagP99),
            ms(f.lagMax),
            mb(f.peakRss),
            ((f.cpuMs - cpu0[1].cpuMs) / 1000).toFixed(1),
          ],
        ],
      )}`,
    );
    const storedChecked = tally.completed;
    console.log(
      `\nstored answers equal to their streams: ${storedChecked - tally.errors.filter((e) => e.startsWith("stored")).length}/${storedChecked} checked` +
        `\nerrors: ${tally.errors.length}${errorKinds(tally.errors)}`,
    );
    console.log(
      `goals: runner event-loop delay p99 ${ms(r.lagP99)} ms (≤ 50: ${r.lagP99 <= 50 ? "met" : "NOT met"}), ` +
        `peak RSS ${mb(r.peakRss)} (≤ 1.5 GB: ${r.peakRss <= 1.5 * 1024 ** 3 ? "met" : "NOT met"}), errors ${tally.errors.length}`,
    );
    console.log(`loadavg at end: ${loadavg()}`);
    failed = tally.errors.length > 0;
  } catch (err) {
    failed = true;
    console.error(err);
  } finally {
    await pool.end();
    await Promise.all(apps.map((a) => a.stop()));
    await redis.kill();
    if (!KEEP_DB) await dropDatabase(database.name).catch(() => {});
  }
  process.exit(failed ? 1 : 0);
}

await main();
