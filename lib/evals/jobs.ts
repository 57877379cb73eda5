// Eval runs in the background: one pg-boss job per (case, version). The result rows are the
// source of truth — a job whose result is stored (a second delivery, a restart) does nothing, and a
// cancelled eval run's remaining jobs end without running. pg-boss hands each job to one worker
// across all processes; each process runs at most EVAL_CONCURRENCY cases at once (that many workers).
import "server-only";
import type PgBoss from "pg-boss";
import type { ModelFactory } from "@/lib/agents";
import { evalJobContext, interruptedEvalCases, storeResult } from "@/lib/db/evals";
import { env } from "@/lib/env";
import { getBoss } from "@/lib/jobs/boss";
import { onRunsInterrupted } from "@/lib/quota/process-lease";
import { runEvalCase } from "./run-case";

export const EVAL_QUEUE = "eval-case";

export interface EvalJob {
  evalRunId: string;
  caseId: string;
  version: number;
}

const g = globalThis as unknown as {
  __evalWorkers?: Promise<void>;
  /** This process's eval worker ids (pg-boss), to wake them instead of waiting a polling interval. */
  __evalWorkerIds?: string[];
  /** Stops re-queueing the cases of runs a lease sweep interrupts. */
  __evalUnsubscribe?: () => void;
  /** Aborts of the cases running in this process, by eval run (cancel stops them here at once). */
  __evalAborts?: Map<string, Set<AbortController>>;
  /** Tests and the bench: the model every case runs on. */
  __evalModelFactory?: ModelFactory;
};
const aborts = () => {
  g.__evalAborts ??= new Map();
  return g.__evalAborts;
};

export function setEvalModelFactory(factory: ModelFactory | undefined) {
  g.__evalModelFactory = factory;
}

async function ensureQueue(boss: PgBoss) {
  // A case that keeps failing for a passing reason (the user's concurrent runs all busy) retries
  // with backoff; one whose process died is re-delivered once its job expires.
  await boss.createQueue(EVAL_QUEUE, {
    name: EVAL_QUEUE,
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  });
}

/** Queues one job per (case, version) of an eval run (`attempt` tells a re-queue from the first). */
export async function enqueueEvalJobs(jobs: (EvalJob & { attempt?: number })[]) {
  const boss = await getBoss();
  await ensureQueue(boss);
  await boss.insert(
    jobs.map(({ attempt, ...data }) => ({
      name: EVAL_QUEUE,
      data,
      singletonKey: `${data.evalRunId}:${data.caseId}:${data.version}${attempt ? `:${attempt}` : ""}`,
    })),
  );
  // This process's idle workers look now (others find the jobs at their next poll).
  for (const id of g.__evalWorkerIds ?? []) boss.notifyWorker(id);
}

/** Runs one job; exported for tests that deliver a job twice. */
export async function handleEvalJob(job: EvalJob): Promise<"done" | "skipped"> {
  const { evalRunId, caseId, version } = job;
  const context = await evalJobContext({ evalRunId, caseId, version });
  if (context?.status !== "RUNNING" || context.hasResult || !context.evalCase) return "skipped";
  const controller = new AbortController();
  const running = aborts().get(evalRunId) ?? new Set();
  aborts().set(evalRunId, running.add(controller));
  try {
    const result = await runEvalCase({
      evalRunId,
      userId: context.userId,
      agentId: context.agentId,
      version,
      evalCase: context.evalCase,
      signal: controller.signal,
      modelFactory: g.__evalModelFactory,
    });
    // Cancelled while it ran: nothing is stored (storeResult stores only into a running eval run),
    // and the case's conversation keeps its trace.
    return (await storeResult(evalRunId, result)) ? "done" : "skipped";
  } finally {
    running.delete(controller);
    if (!running.size) aborts().delete(evalRunId);
  }
}

/** Stops the cases of an eval run that run in this process (other processes skip its next jobs). */
export function abortEvalRunHere(evalRunId: string) {
  for (const c of aborts().get(evalRunId) ?? []) c.abort(new Error("eval run cancelled"));
}

/** Registers this process's eval workers (once). */
export function startEvalWorkers(): Promise<void> {
  g.__evalWorkers ??= (async () => {
    const boss = await getBoss();
    await ensureQueue(boss);
    const workers = env().EVAL_CONCURRENCY;
    g.__evalWorkerIds = [];
    for (let i = 0; i < workers; i++) {
      let workerId: string | undefined;
      workerId = await boss.work<EvalJob>(
        EVAL_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: env().EVAL_POLL_SECONDS },
        async ([job]) => {
          if (!job) return;
          await handleEvalJob(job.data);
          // A worker that just finished a job fetches the next at once, not after a polling
          // interval (pg-boss paces each fetch to at least one interval unless notified).
          if (workerId) boss.notifyWorker(workerId);
        },
      );
      g.__evalWorkerIds.push(workerId);
    }
    // The cases a dead process was running are queued again (their job stays active in pg-boss until
    // it expires, 15 minutes; finished cases are not touched): at start, those the lease's first
    // heartbeat or an earlier process interrupted; later, those of each sweep that ends runs of a
    // dead process (one on another host, or one not yet reaped, is known only once its lease is stale).
    g.__evalUnsubscribe ??= onRunsInterrupted((runIds) => requeueInterruptedEvalCases({ runIds }));
    await requeueInterruptedEvalCases().catch((err: unknown) =>
      console.error(
        JSON.stringify({ level: "error", msg: "re-queueing eval cases failed", error: String(err) }),
      ),
    );
  })().catch((err) => {
    g.__evalWorkers = undefined;
    throw err;
  });
  return g.__evalWorkers;
}

/** Queues again the interrupted cases of running eval runs (of these runs, or all); returns how many. */
export async function requeueInterruptedEvalCases({ runIds }: { runIds?: string[] } = {}): Promise<number> {
  const found = await interruptedEvalCases({ runIds });
  if (found.length)
    await enqueueEvalJobs(found.map(({ attempts, ...job }) => ({ ...job, attempt: attempts })));
  return found.length;
}

/** Forgets the registration (after stopBoss, so a new engine gets workers again). */
export function forgetEvalWorkers() {
  g.__evalUnsubscribe?.();
  g.__evalUnsubscribe = undefined;
  g.__evalWorkers = undefined;
  g.__evalWorkerIds = undefined;
}
