/**
 * Eval runs (npm run bench:evals [-- --quick] [-- --cases=N] [-- --concurrency=C] [-- --count-sql]).
 *
 * On a fresh PostgreSQL database, in this process: a lead with one child on the offline demo model
 * at zero latency, saved twice (version 1 and 2), and a suite of N cases (default 100, --quick 20).
 *   1. direct     each job handled in turn without the job engine (handleEvalJob): per case, the
 *                 orchestration overhead = the handler's time − the run's own duration (the
 *                 engine's, as stored in the result): loading the tree at its version, endpoints,
 *                 conversation, admission, final save, checks, result row.
 *   2. pg-boss    the same suite as one eval run through pg-boss with C workers (default 4): wall
 *                 time from start to COMPLETED against the ideal (cases × run time ÷ concurrency).
 */
import { performance } from "node:perf_hooks";
import { migrate } from "../lib/db/migrate";
import { createDatabase, dropDatabase } from "../tests/helpers/test-database";
import { startCountingProxy } from "./pg-count-proxy";

const args = process.argv.slice(2);
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const QUICK = args.includes("--quick");
const CASES = Number(arg("cases") ?? (QUICK ? 20 : 100));
const CONCURRENCY = Number(arg("concurrency") ?? 4);
/** --count-sql: the app reaches the database through a proxy in this process that counts statements
 * (their number doesn't depend on how busy the machine is; the proxy's own CPU then adds to the figures). */
const COUNT_SQL = args.includes("--count-sql");

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

const db = await createDatabase("delegate_bench_evals");
try {
  await migrate({ databaseUrl: db.url });
  const pgUrl = new URL(db.url);
  const proxy = COUNT_SQL
    ? await startCountingProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) })
    : undefined;
  if (proxy) pgUrl.port = String(proxy.port);
  process.env.DATABASE_URL = pgUrl.toString();
  process.env.AUTH_SECRET ??= "bench-evals-secret";
  process.env.APP_ENCRYPTION_KEY ??= "bench-evals-encryption-key-0123456789";
  process.env.DEMO_TOKEN_DELAY_MS = "0";
  process.env.DEMO_ENDPOINT = "on";
  process.env.EVAL_CONCURRENCY = String(CONCURRENCY);
  process.env.EVAL_POLL_SECONDS = "0.5";

  const { registerUser } = await import("../lib/auth/register");
  const { createAgent, updateAgent } = await import("../lib/builder/agents");
  const { getDb, getPool } = await import("../lib/db/client");
  const { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } = await import("../lib/providers");
  const { saveCases, startEval, getEvalRun } = await import("../lib/evals/service");
  const { handleEvalJob, startEvalWorkers } = await import("../lib/evals/jobs");
  const { insertEvalRun, readSuite, listResults } = await import("../lib/db/evals");
  const { stopBoss } = await import("../lib/jobs/boss");
  const { releaseProcessLease } = await import("../lib/quota/process-lease");

  const user = await registerUser({
    input: { name: "Bench", email: "evals@example.com", password: "correct-horse-42" },
  });
  // No message rate, and room for every worker's run at once.
  await getDb().quotaSettings.upsert({
    where: { id: "global" },
    create: { id: "global", messagesPerWindow: 0, maxConcurrentRuns: CONCURRENCY + 2 },
    update: { messagesPerWindow: 0, maxConcurrentRuns: CONCURRENCY + 2 },
  });
  const model = { provider: DEMO_ENDPOINT_ID, model: DEMO_MODEL_ID };
  const child = await createAgent({ userId: user.id, input: { ...model, name: "Helper" } });
  const leadInput = (instructions: string) => ({
    ...model,
    name: "Lead",
    instructions,
    subagents: { enabled: true, allowSelf: false, children: [{ id: child.id, mode: "isolated" }] },
  });
  const lead = await createAgent({ userId: user.id, input: leadInput("Answer briefly.") });
  await updateAgent({ id: lead.id, userId: user.id, input: leadInput("Answer in detail.") });
  const inputs = ["Compute 6 * 7", "What time is it?", "Say hello", "Write a haiku about autumn"];
  await saveCases({
    agentId: lead.id,
    userId: user.id,
    cases: Array.from({ length: CASES }, (_, i) => ({
      name: `case ${i}`,
      input: inputs[i % inputs.length],
      checks: [{ kind: "max_model_calls", max: 20 }],
    })),
  });

  // 1. Direct: the handler's own cost per case, one at a time.
  const { suiteId, cases } = await readSuite({ agentId: lead.id });
  const direct = await insertEvalRun({
    suiteId: suiteId as string,
    userId: user.id,
    versions: [1, 2],
    cases,
  });
  const handler = new Map<string, number>();
  const sql0 = proxy?.statements() ?? 0;
  const cpu0 = process.cpuUsage();
  for (const version of [1, 2])
    for (const c of cases) {
      const t0 = performance.now();
      await handleEvalJob({ evalRunId: direct, caseId: c.id, version });
      handler.set(`${c.id}:${version}`, performance.now() - t0);
    }
  const cpu = process.cpuUsage(cpu0);
  const statementsPerCase = proxy ? (proxy.statements() - sql0) / (cases.length * 2) : null;
  const cpuPerCase = (cpu.user + cpu.system) / 1000 / (cases.length * 2);
  const directResults = await listResults({ evalRunId: direct });
  const overhead = directResults.map((r) => (handler.get(`${r.caseId}:${r.version}`) ?? 0) - r.durationMs);
  const runTime = mean(directResults.map((r) => r.durationMs));
  const failed = directResults.filter((r) => r.outcome !== "passed").length;

  // 2. Through pg-boss.
  await startEvalWorkers();
  const t0 = performance.now();
  const evalRunId = await startEval({ agentId: lead.id, userId: user.id, versions: [1, 2] });
  let run = await getEvalRun({ evalRunId, userId: user.id });
  while (run.status === "RUNNING") {
    await new Promise((r) => setTimeout(r, 50));
    run = await getEvalRun({ evalRunId, userId: user.id });
  }
  const wall = performance.now() - t0;
  const bossRunTime = mean(run.results.map((r) => r.durationMs));
  const ideal = (run.total * bossRunTime) / CONCURRENCY;

  console.log(`\nEvals bench: ${CASES} cases × 2 versions on the demo model (zero latency)\n`);
  console.log(`direct (no job engine), ${directResults.length} case runs, ${failed} not passed:`);
  console.log(`  run itself (engine)      mean ${runTime.toFixed(1)} ms`);
  console.log(
    `  orchestration overhead   p50 ${pct(overhead, 50).toFixed(1)} ms · p95 ${pct(overhead, 95).toFixed(1)} ms · mean ${mean(overhead).toFixed(1)} ms per case`,
  );
  console.log(
    `  per case (run included)  ${cpuPerCase.toFixed(1)} ms CPU of this process${statementsPerCase === null ? "" : ` (the counting proxy's included) · ${statementsPerCase.toFixed(1)} SQL statements`}`,
  );
  console.log(`pg-boss, ${CONCURRENCY} workers, ${run.total} jobs, status ${run.status}:`);
  console.log(`  wall time                ${wall.toFixed(0)} ms`);
  console.log(
    `  ideal                    ${ideal.toFixed(0)} ms (cases × mean run ${bossRunTime.toFixed(1)} ms ÷ ${CONCURRENCY})`,
  );
  console.log(
    `  wall − ideal per case    ${((wall - ideal) / run.total).toFixed(1)} ms (× ${CONCURRENCY} workers: ${(((wall - ideal) * CONCURRENCY) / run.total).toFixed(1)} ms of worker time)`,
  );
  await stopBoss();
  await releaseProcessLease();
  await getDb().$disconnect();
  await getPool().end();
  await proxy?.close();
} finally {
  await dropDatabase(db.name);
}
process.exit(0);
