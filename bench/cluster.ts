/**
 * Several app instances (`npm run bench:cluster`; needs a production build: `npx next build`).
 *
 * On a fresh PostgreSQL database and a Redis of its own, with 50 seeded users (the starter team:
 * Team Lead delegating to two specialists) and the demo model at 1 ms per token:
 *
 *   one process    `next start` without REDIS_URL (the single-process mode): rounds of 50
 *                  conversations at once, each a delegating answer;
 *   three processes `next start` ×3 with REDIS_URL: the same rounds, conversation i sent to process
 *                  i mod 3; then again, each also followed from its meta on through
 *                  GET /api/chat/runs/:id on process i+1 mod 3 (replayed from the run's Redis
 *                  Stream, then live) — every answer streamed twice.
 *
 * Printed per mode: answers, wall time, answers per second, answer time p50/p99, and the event lag
 * — receipt time minus the event's timestamp on the runner (same machine, same clock) — on the
 * runner's own stream and on the follower on another process (p50/p99). A follower whose items
 * differ from the runner's stream counts as an error. Exits 1 on any error.
 *
 * Flags: --quick (2 rounds instead of 4), --keep-db.
 */
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "../lib/db/migrate";
import { startPrivateRedis } from "../tests/helpers/private-redis";
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

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const QUICK = args.includes("--quick");
const KEEP_DB = args.includes("--keep-db");
const USERS = 50;
const ROUNDS = QUICK ? 2 : 4;
const MESSAGE = "What time is it in UTC right now?\nWhat is 1234 * 5678?";

interface Item {
  type: string;
  ts?: number;
  status?: string;
  runId?: string;
}

interface Read {
  items: Item[];
  /** Receipt time (Date.now()) minus the runner's timestamp, per item that has one. */
  lags: number[];
}

/**
 * Reads an SSE response to its end; `onMeta` is called as soon as the run's meta arrives. A
 * follower's first chunk is the replay of what happened before it connected: its items are not
 * live, so they count for order but not for lag.
 */
async function readSse(
  res: Response,
  { onMeta, replayFirst = false }: { onMeta?: (meta: Item) => void; replayFirst?: boolean } = {},
): Promise<Read> {
  const out: Read = { items: [], lags: [] };
  if (!res.body) return out;
  const decoder = new TextDecoder();
  let buffer = "";
  let chunks = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    const now = Date.now();
    const live = !replayFirst || chunks++ > 0;
    buffer += decoder.decode(chunk, { stream: true });
    let sep = buffer.indexOf("\n\n");
    while (sep >= 0) {
      const block = buffer.slice(0, sep);
      buffer = buffer.slice(sep + 2);
      sep = buffer.indexOf("\n\n");
      const data = block.split("\n").find((l) => l.startsWith("data: "));
      if (!data || block.startsWith("event: end")) continue;
      const item = JSON.parse(data.slice(6)) as Item;
      out.items.push(item);
      if (live && typeof item.ts === "number") out.lags.push(now - item.ts);
      if (item.type === "meta") onMeta?.(item);
    }
  }
  return out;
}

interface Outcome {
  ms: number;
  runner: Read;
  follower?: Read;
  error?: string;
}

async function converse(user: BenchUser, runner: NextApp, follower?: NextApp): Promise<Outcome> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${runner.base}/api/chat`, {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie: cookieHeader(user), origin: runner.base },
      body: JSON.stringify({ agentId: user.leadId, text: MESSAGE }),
    });
    if (!res.ok) return { ms: 0, runner: { items: [], lags: [] }, error: `POST ${res.status}` };
    let following: Promise<Read> | undefined;
    const own = await readSse(res, {
      onMeta: (meta) => {
        if (!follower) return;
        following = fetch(`${follower.base}/api/chat/runs/${meta.runId}`, {
          headers: { cookie: cookieHeader(user) },
        }).then((r) =>
          r.ok ? readSse(r, { replayFirst: true }) : Promise.reject(new Error(`follow ${r.status}`)),
        );
      },
    });
    const done = performance.now() - t0;
    const end = own.items.at(-1);
    if (end?.type !== "run_end" || end.status !== "completed")
      return { ms: done, runner: own, error: `answer ended ${end?.type}/${end?.status}` };
    if (!following) return { ms: done, runner: own };
    const followed = await following;
    const same = JSON.stringify(followed.items) === JSON.stringify(own.items);
    return {
      ms: done,
      runner: own,
      follower: followed,
      error: same ? undefined : `follower got ${followed.items.length} items, runner ${own.items.length}`,
    };
  } catch (err) {
    return { ms: performance.now() - t0, runner: { items: [], lags: [] }, error: String(err) };
  }
}

interface Row {
  mode: string;
  answers: number;
  wallMs: number;
  outcomes: Outcome[];
}

async function rounds(mode: string, users: BenchUser[], apps: NextApp[], follow: boolean): Promise<Row> {
  // Warm-up: one answer per process (first compiles of each route).
  await Promise.all(
    apps.map((app, i) => converse(users[i], app, follow ? apps[(i + 1) % apps.length] : undefined)),
  );
  const outcomes: Outcome[] = [];
  const t0 = performance.now();
  for (let r = 0; r < ROUNDS; r++) {
    const round = await Promise.all(
      users.map((u, i) =>
        converse(u, apps[i % apps.length], follow ? apps[(i + 1) % apps.length] : undefined),
      ),
    );
    outcomes.push(...round);
  }
  return { mode, answers: outcomes.length, wallMs: performance.now() - t0, outcomes };
}

function report(rows: Row[]) {
  const header = [
    "mode",
    "processes",
    "answers",
    "wall s",
    "answers/s",
    "answer p50",
    "answer p99",
    "runner lag p50",
    "runner lag p99",
    "follower lag p50",
    "follower lag p99",
    "errors",
  ];
  const lines = rows.map((r) => {
    const ok = r.outcomes.filter((o) => !o.error);
    const answer = summary(ok.map((o) => o.ms));
    const runner = summary(ok.flatMap((o) => o.runner.lags));
    const follower = summary(ok.flatMap((o) => o.follower?.lags ?? []));
    return [
      r.mode,
      r.mode.startsWith("three") ? "3" : "1",
      String(r.answers),
      (r.wallMs / 1000).toFixed(1),
      (r.answers / (r.wallMs / 1000)).toFixed(2),
      ms(answer.p50),
      ms(answer.p99),
      ms(runner.p50),
      ms(runner.p99),
      ms(follower.p50),
      ms(follower.p99),
      String(r.outcomes.length - ok.length),
    ];
  });
  console.log(`\n${table(header, lines)}`);
  console.log(
    "\nLag: ms from the event's timestamp on the runner to its receipt by the client (same machine clock; 1 ms resolution).\n" +
      "The runner's own stream and the follower are both paced at one write per frame (16 ms) by design.",
  );
}

async function main() {
  console.log(`bench:cluster — ${USERS} conversations at once, ${ROUNDS} rounds, 1 ms per token`);
  console.log(`loadavg at start: ${loadavg()} (${os.cpus().length} cores)`);
  const redis = await startPrivateRedis({ port: await freePort() });
  const db = await createDatabase("delegate_bench_cluster");
  let apps: NextApp[] = [];
  const rows: Row[] = [];
  let failed = false;
  try {
    await migrate({ databaseUrl: db.url, log: () => {} });
    const users = await seed(db.url, USERS);
    const common = { DATABASE_URL: db.url, DEMO_TOKEN_DELAY_MS: "1" };

    apps = [await startAppOn(common)];
    for (const u of users) await signIn(apps[0].base, u);
    rows.push(await rounds("one process (no Redis)", users, apps, false));
    await Promise.all(apps.map((a) => a.stop()));

    apps = await Promise.all([0, 1, 2].map(() => startAppOn({ ...common, REDIS_URL: redis.url })));
    rows.push(await rounds("three processes + Redis", users, apps, false));
    rows.push(await rounds("three processes + Redis, followed", users, apps, true));
    report(rows);
    const errors = rows.flatMap((r) => r.outcomes.filter((o) => o.error).map((o) => o.error));
    if (errors.length) {
      failed = true;
      console.error(`\n${errors.length} errors, e.g.: ${[...new Set(errors)].slice(0, 5).join(" | ")}`);
    }
    console.log(`loadavg at end: ${loadavg()}`);
  } catch (err) {
    failed = true;
    console.error(err);
    for (const a of apps) console.error(a.log().slice(-2000));
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
    await redis.kill();
    if (!KEEP_DB) await dropDatabase(db.name).catch(() => {});
  }
  process.exit(failed ? 1 : 0);
}

async function startAppOn(env: Record<string, string>): Promise<NextApp> {
  return startNextApp({ root, port: await freePort(), env });
}

await main();
