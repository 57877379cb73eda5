/**
 * How fast runs recover from faults (node --conditions=react-server --import tsx bench/run-faults.ts).
 *
 *   restart   an app process running an answer is SIGKILLed and the same server started again
 *             (same host, new pid); the user (one answer at a time) sends again at once, and again
 *             every 0.5 s while refused: the time from the kill, and from the restarted process's
 *             ready, until a send is admitted. Runs first, while this process holds no lease.
 *   kill      an app process running an answer is SIGKILLed; this process (another app process
 *             with its own lease heartbeat) measures the time until the run is INTERRUPTED.
 *             Bounded by RUN_LEASE_STALE_SECONDS + RUN_LEASE_HEARTBEAT_SECONDS (defaults 12 + 3).
 *   outage    (with --outage) PostgreSQL of its own is stopped mid-answer and started again after
 *             the answer ended; measures the time from the restart to the full answer being saved
 *             and the run closed (bounded by the retry backoff cap, 5 s).
 *
 * Uses tests/integration/run-worker.ts as the app process and the fake OpenAI server as a slow
 * model. Set RUN_LEASE_* in the environment to try other lease settings. Flags: --rounds=N, --outage.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { migrate } from "../lib/db/migrate";
import { startFakeOpenAIServer } from "../tests/helpers/fake-openai-server";
import { startPrivatePostgres } from "../tests/helpers/private-postgres";
import { createDatabase, dropDatabase } from "../tests/helpers/test-database";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const rounds = Number(args.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 3);
process.env.APP_ENCRYPTION_KEY ??= "bench-encryption-key-not-for-production-0123";
process.env.AUTH_SECRET ??= "bench-auth-secret-not-for-production";
const WORDS = Array.from({ length: 60 }, (_, i) => (i === 0 ? "word0" : ` word${i}`));

function worker(argv: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/integration/run-worker.ts", ...argv],
    { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines: Record<string, unknown>[] = [];
  let buf = "";
  child.stdout?.on("data", (d) => {
    buf += d;
    const parts = buf.split("\n");
    buf = parts.pop() ?? "";
    for (const p of parts) if (p.startsWith("{")) lines.push(JSON.parse(p));
  });
  let err = "";
  child.stderr?.on("data", (d) => {
    err += d;
  });
  const waitFor = async (type: string) => {
    for (;;) {
      const hit = lines.find((l) => l.type === type);
      if (hit) return hit;
      if (child.exitCode !== null) throw new Error(`worker exited before ${type}: ${err.slice(-1500)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { child, waitFor, lines };
}

async function poll<T>(fn: () => Promise<T | undefined>, step = 50): Promise<T> {
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, step));
  }
}

async function one(url: string, sql: string, params: unknown[]) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows[0];
  } finally {
    await c.end();
  }
}

function summary(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  return `min ${s[0]} ms · median ${s[Math.floor(s.length / 2)]} ms · max ${s.at(-1)} ms (n=${s.length})`;
}

const server = await startFakeOpenAIServer({
  models: ["fake-model"],
  script: [{ text: WORDS, delayMs: 80, usage: { prompt_tokens: 10, completion_tokens: 60 } }],
});
const db = await createDatabase("delegate_bench_faults");
try {
  await migrate({ databaseUrl: db.url });
  process.env.DATABASE_URL = db.url;
  const env = { DATABASE_URL: db.url };
  const setup = worker(["setup", server.url], env);
  const ids = await setup.waitFor("setup");
  // One answer at a time: the dead run holds the user's only slot until it is interrupted.
  await one(
    db.url,
    `INSERT INTO "QuotaSettings" (id, "maxConcurrentRuns", "messagesPerWindow", "updatedAt")
     VALUES ('global', 1, 0, now())
     ON CONFLICT (id) DO UPDATE SET "maxConcurrentRuns" = 1, "messagesPerWindow" = 0, "updatedAt" = now()`,
    [],
  );
  const fromKill: number[] = [];
  const fromReady: number[] = [];
  const attempts: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const run = worker(["run", String(ids.userId), String(ids.agentId), "Say sixty words"], env);
    await run.waitFor("chars");
    run.child.kill("SIGKILL");
    await new Promise((r) => run.child.once("exit", r));
    const t0 = Date.now();
    let refused = 0;
    // The first restarted process's ready: a refused send means the user waits for another try.
    let firstReady: number | undefined;
    for (;;) {
      const again = worker(["run", String(ids.userId), String(ids.agentId), "Again"], env);
      const admitted = await again
        .waitFor("meta")
        .then(() => true)
        .catch(() => false);
      const ready = again.lines.find((l) => l.type === "ready") as { at?: number } | undefined;
      firstReady ??= ready?.at;
      if (admitted) {
        fromKill.push(Date.now() - t0);
        attempts.push(refused);
        fromReady.push(Date.now() - (firstReady ?? Date.now()));
        await again.waitFor("saved");
        break;
      }
      refused += 1;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  console.log(`restart: kill → next send admitted: ${summary(fromKill)}`);
  console.log(`restart: restarted process ready → a send admitted: ${summary(fromReady)}`);
  console.log(`restart: sends refused before the admitted one, by round: ${attempts.join(", ")}`);
  // This process is the other app process: its heartbeat judges the dead one.
  const { ensureProcessLease } = await import("../lib/quota/process-lease");
  const { env: appEnv } = await import("../lib/env");
  await ensureProcessLease();
  const { RUN_LEASE_HEARTBEAT_SECONDS: hb, RUN_LEASE_STALE_SECONDS: stale } = appEnv();
  console.log(`kill: lease heartbeat ${hb} s, stale after ${stale} s`);
  const kill: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const run = worker(["run", String(ids.userId), String(ids.agentId), "Say sixty words"], env);
    const meta = await run.waitFor("meta");
    await run.waitFor("chars");
    run.child.kill("SIGKILL");
    const t0 = Date.now();
    await poll(async () => {
      const r = await one(db.url, `SELECT status FROM "Run" WHERE id = $1`, [meta.runId]);
      return r.status === "INTERRUPTED" ? true : undefined;
    });
    kill.push(Date.now() - t0);
  }
  console.log(`kill → INTERRUPTED: ${summary(kill)}`);

  if (args.includes("--outage")) {
    const pgPrivate = await startPrivatePostgres({ port: 56_432 + (process.pid % 500) });
    try {
      await migrate({ databaseUrl: pgPrivate.url });
      const penv = { DATABASE_URL: pgPrivate.url };
      const psetup = worker(["setup", server.url], penv);
      const pids = await psetup.waitFor("setup");
      const outage: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const run = worker(["run", String(pids.userId), String(pids.agentId), "Say sixty words"], penv);
        const meta = await run.waitFor("meta");
        await poll(async () => {
          const m = await one(pgPrivate.url, `SELECT content FROM "Message" WHERE id = $1`, [
            meta.assistantMessageId,
          ]);
          return m.content.length > 0 ? true : undefined;
        });
        await pgPrivate.stop();
        await run.waitFor("run_end");
        await new Promise((r) => setTimeout(r, 3000));
        await pgPrivate.start();
        const t0 = Date.now();
        await run.waitFor("saved");
        outage.push(Date.now() - t0);
        const m = await one(
          pgPrivate.url,
          `SELECT status, length(content) AS n FROM "Message" WHERE id = $1`,
          [meta.assistantMessageId],
        );
        if (m.status !== "COMPLETE" || m.n !== WORDS.join("").length) throw new Error("answer not stored");
      }
      console.log(`database back → full answer saved, run closed: ${summary(outage)}`);
    } finally {
      await pgPrivate.destroy();
    }
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await server.close();
  await dropDatabase(db.name).catch(() => {});
  // The lease heartbeat and the database pool would keep this process alive.
  process.exit();
}
