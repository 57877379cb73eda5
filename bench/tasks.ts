/**
 * Background tasks held by one process (npm run bench:tasks [-- --tasks=N] [-- --delay=ms]).
 *
 * On a fresh PostgreSQL database, in this process (the host modules the routes call, no HTTP): N
 * tasks (default 200) started the way the product starts them — a chat answer of a user's starter
 * "Team Lead" on the offline demo model, asked "[background] …", calls `subagent` with
 * `run_in_background: true`; the task row and its pg-boss job come from the same hooks the chat
 * route uses (lib/tasks/hooks.ts) and the process's own task workers (startTaskWorkers, as
 * instrumentation.ts starts them) run the Researcher. The demo model is paced at --delay ms per token
 * (DEMO_TOKEN_DELAY_MS, default 40) so each task runs for seconds.
 *
 * Limits, through the admin service (Admin → Limits, updateQuotaSettings): background tasks per user
 * at its maximum (100); no message rate; 20 answers at once per user (its maximum), so the N answers
 * that start the tasks all go out at once from ceil(N / 20) users. How many task jobs the process
 * runs at once is the operator's TASK_CONCURRENCY (default 8; --concurrency=C sets it): the rest
 * wait queued in pg-boss, held by the process.
 *
 * Prints RSS and heap before (after a warm-up task, GC'd: the script runs with --expose-gc), at the
 * peak (the starting answers included), while held (GC'd once every answer has ended) and after;
 * (held − before) / tasks held then, and (peak − before) / N; event-loop delay p50 / p99 / max from
 * the first start to the last task's end, and from the end of the last starting answer (the tasks
 * alone), by monitorEventLoopDelay at 10 ms resolution; the wall time; the load average. Exits 1 unless every task is COMPLETED with its follow-up message.
 */
import os from "node:os";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { migrate } from "../lib/db/migrate";
import { createDatabase, dropDatabase } from "../tests/helpers/test-database";

const args = process.argv.slice(2);
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const TASKS = Number(arg("tasks") ?? 200);
const DELAY = Number(arg("delay") ?? 40);
/** TASK_CONCURRENCY for this process (default: the setting's own default). */
const CONCURRENCY = arg("concurrency");
/** A user's answers at once (the admin maximum): all tasks are started at once, 20 per user. */
const PER_USER = 20;
const USERS = Math.ceil(TASKS / PER_USER);

const MB = 1024 * 1024;
const mem = () => {
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};
const fmtMb = (b: number) => `${(b / MB).toFixed(1)} MB`;
const gc = async () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) return;
  for (let i = 0; i < 3; i++) {
    collect();
    await new Promise((r) => setTimeout(r, 50));
  }
};
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

let failed = false;
const db = await createDatabase("delegate_bench_tasks");
try {
  await migrate({ databaseUrl: db.url });
  process.env.DATABASE_URL = db.url;
  process.env.AUTH_SECRET ??= "bench-tasks-secret";
  process.env.APP_ENCRYPTION_KEY ??= "bench-tasks-encryption-key-0123456789";
  process.env.DEMO_TOKEN_DELAY_MS = String(DELAY);
  process.env.DEMO_ENDPOINT = "on";
  process.env.EVAL_POLL_SECONDS = "0.5";
  if (CONCURRENCY !== undefined) process.env.TASK_CONCURRENCY = CONCURRENCY;

  const { registerUser } = await import("../lib/auth/register");
  const { startChat } = await import("../lib/chat/start-chat");
  const { getDb, getPool } = await import("../lib/db/client");
  const { updateQuotaSettings } = await import("../lib/quota/settings");
  const { startTaskWorkers } = await import("../lib/tasks/jobs");
  const { stopBoss } = await import("../lib/jobs/boss");
  const { releaseProcessLease } = await import("../lib/quota/process-lease");

  const users: Awaited<ReturnType<typeof registerUser>>[] = [];
  for (let i = 0; i < USERS + 1; i++)
    users.push(
      await registerUser({
        input: { name: `Bench ${i}`, email: `tasks${i}@example.com`, password: "correct-horse-42" },
      }),
    );
  await updateQuotaSettings({
    patch: { maxBackgroundTasks: 100, messagesPerWindow: 0, maxConcurrentRuns: 20 },
    actor: { id: users[0].id, email: "tasks0@example.com" },
  });
  const leads = new Map<string, string>();
  for (const u of users)
    leads.set(
      u.id,
      (await getDb().agent.findFirstOrThrow({ where: { ownerId: u.id, name: "Team Lead" } })).id,
    );

  await startTaskWorkers();

  type Row = { status: string; n: number };
  const statusCounts = async () => {
    const rows = await getDb().$queryRaw<Row[]>`
      SELECT "status"::text AS status, count(*)::int AS n FROM "BackgroundTask" GROUP BY 1`;
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Record<string, number>;
  };
  const ended = (c: Record<string, number>) => (c.COMPLETED ?? 0) + (c.FAILED ?? 0) + (c.CANCELLED ?? 0);

  /** Starts one task through a chat answer (the parent answers at once, the task goes on). */
  async function startOne(user: (typeof users)[number], i: number) {
    const live = await startChat({
      user,
      body: { agentId: leads.get(user.id) as string, text: `[background] Look into topic ${i}` },
    });
    await live.ended;
    const started = live.items.some(
      (e) =>
        e.type === "tool_call_end" && typeof e.result === "string" && e.result.startsWith("Started task"),
    );
    if (!started) throw new Error(`answer ${i} started no task`);
  }

  // Warm-up: one task end to end by the spare user, so modules and pools are loaded before "before".
  const tw = performance.now();
  await startOne(users[USERS], -1);
  for (let c = await statusCounts(); ended(c) < 1; c = await statusCounts())
    await new Promise((r) => setTimeout(r, 100));
  const oneTask = performance.now() - tw;
  await gc();
  const before = mem();

  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  /** The same from the moment every starting answer has ended: the held tasks alone. */
  const heldLag = monitorEventLoopDelay({ resolution: 10 });
  let peak = mem();
  let peakRunning = 0;
  let heldAtPeak = 0;
  let whileHeld: { rss: number; heap: number; held: number; running: number } | undefined;
  const sampler = setInterval(() => {
    const m = mem();
    if (m.rss > peak.rss) peak = { rss: m.rss, heap: Math.max(peak.heap, m.heap) };
    else if (m.heap > peak.heap) peak = { ...peak, heap: m.heap };
  }, 100);

  const t0 = performance.now();
  // All answers at once, at most PER_USER per user (within its answers-at-once limit).
  const starters = Array.from({ length: TASKS }, (_, i) => startOne(users[i % USERS], i));
  let allStartedAt = 0;
  void Promise.all(starters).then(() => {
    allStartedAt = performance.now();
  });
  let counts = await statusCounts();
  // The warm-up task is one of the rows: the bench's tasks are the other TASKS.
  while (ended(counts) < TASKS + 1) {
    await new Promise((r) => setTimeout(r, 250));
    counts = await statusCounts();
    const running = counts.RUNNING ?? 0;
    const held = (counts.RUNNING ?? 0) + (counts.QUEUED ?? 0);
    if (running > peakRunning) peakRunning = running;
    if (held > heldAtPeak) heldAtPeak = held;
    if (allStartedAt && !whileHeld) {
      // Live memory while the tasks are held and no answer is starting one: collected first, with
      // the lag monitor off so the forced collection's pause is not counted as the app's.
      lag.disable();
      await gc();
      whileHeld = { ...mem(), held, running };
      lag.enable();
      heldLag.enable();
    }
  }
  await Promise.all(starters);
  const wall = performance.now() - t0;
  lag.disable();
  heldLag.disable();
  clearInterval(sampler);
  const during = mem();

  const tasks = await getDb().backgroundTask.findMany({
    where: { userId: { in: users.slice(0, USERS).map((u) => u.id) } },
    select: { id: true, status: true, resultMessageId: true },
  });
  const messages = await getDb().message.count({
    where: { id: { in: tasks.flatMap((t) => (t.resultMessageId ? [t.resultMessageId] : [])) } },
  });
  const completed = tasks.filter((t) => t.status === "COMPLETED" && t.resultMessageId).length;
  failed = tasks.length !== TASKS || completed !== TASKS || messages !== TASKS;

  await gc();
  const after = mem();
  const ms = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`;
  const perTask = (d: number, n: number) => (n ? `${(d / n / 1024).toFixed(1)} kB` : "—");

  console.log(
    `\nBackground tasks bench: ${TASKS} tasks over ${USERS} users, demo model at ${DELAY} ms/token, ${os.cpus().length} cores, TASK_CONCURRENCY ${process.env.TASK_CONCURRENCY ?? "default (8)"}`,
  );
  console.log(`one task alone (warm-up, start → ended)  ${(oneTask / 1000).toFixed(1)} s`);
  console.log(`all ${TASKS} started (parent answers ended)  ${((allStartedAt - t0) / 1000).toFixed(1)} s`);
  console.log(`held at once (queued + running), max       ${heldAtPeak}`);
  console.log(`running at once, max (task workers)        ${peakRunning}`);
  console.log(`wall time, first start → last task ended    ${(wall / 1000).toFixed(1)} s`);
  console.log(`                 RSS          heap used`);
  console.log(`before           ${fmtMb(before.rss).padEnd(13)}${fmtMb(before.heap)}`);
  console.log(`peak             ${fmtMb(peak.rss).padEnd(13)}${fmtMb(peak.heap)}`);
  if (whileHeld)
    console.log(
      `held (GC)        ${fmtMb(whileHeld.rss).padEnd(13)}${fmtMb(whileHeld.heap)}   (${whileHeld.held} held, ${whileHeld.running} running, all answers ended)`,
    );
  console.log(`at the end       ${fmtMb(during.rss).padEnd(13)}${fmtMb(during.heap)}`);
  console.log(`after (GC)       ${fmtMb(after.rss).padEnd(13)}${fmtMb(after.heap)}`);
  if (whileHeld)
    console.log(
      `per held task    ${perTask(whileHeld.rss - before.rss, whileHeld.held).padEnd(13)}${perTask(whileHeld.heap - before.heap, whileHeld.held)}   ((held − before) / ${whileHeld.held})`,
    );
  console.log(
    `peak per task    ${perTask(peak.rss - before.rss, TASKS).padEnd(13)}${perTask(peak.heap - before.heap, TASKS)}   ((peak − before) / ${TASKS})`,
  );
  console.log(
    `event-loop delay p50 ${ms(lag.percentile(50))} · p99 ${ms(lag.percentile(99))} · max ${ms(lag.max)} (resolution 10 ms; first start → end)`,
  );
  if (heldLag.count)
    console.log(
      `  while held     p50 ${ms(heldLag.percentile(50))} · p99 ${ms(heldLag.percentile(99))} · max ${ms(heldLag.max)} (every starting answer ended → end)`,
    );
  console.log(
    `tasks COMPLETED with their follow-up message: ${completed} of ${TASKS} (${messages} messages)`,
  );
  console.log(
    `load average ${loadavg()}${(globalThis as { gc?: unknown }).gc ? "" : " · no --expose-gc: before/after not collected"}`,
  );

  await stopBoss();
  await releaseProcessLease();
  await getDb().$disconnect();
  await getPool().end();
} finally {
  if (!args.includes("--keep-db")) await dropDatabase(db.name).catch(() => {});
}
process.exit(failed ? 1 : 0);
