// Background tasks on the job engine: one pg-boss job per task attempt. The task row is the source
// of truth — a job for a finished or cancelled task (a second delivery, a restart) does nothing,
// and a task alive in another process is left to it. A task whose process died is handed to a
// live process when one starts (its lease went stale) or, failing that, by pg-boss's own expiry
// retry; a queued task whose job could not be sent is queued again the same way.
import "server-only";
import type PgBoss from "pg-boss";
import { claimTask, readTask, tasksToRequeue } from "@/lib/db/background-tasks";
import { newRowId } from "@/lib/db/ids";
import { env } from "@/lib/env";
import { getBoss } from "@/lib/jobs/boss";
import { getLimitsForUser } from "@/lib/quota";
import {
  ensureProcessLease,
  holdRun,
  onRunsInterrupted,
  processLeaseId,
  releaseRun,
} from "@/lib/quota/process-lease";
import { runTaskAttempt } from "./run-task";

export const TASK_QUEUE = "background-task";

export interface TaskJob {
  taskId: string;
}

const g = globalThis as unknown as {
  __taskWorkers?: Promise<void>;
  __taskWorkerIds?: string[];
  /** Stops taking over tasks when a lease sweep interrupts runs. */
  __taskUnsubscribe?: () => void;
  /** Aborts of the attempts running in this process, by task (cancel stops them here at once). */
  __taskAborts?: Map<string, AbortController>;
};
const aborts = () => {
  g.__taskAborts ??= new Map();
  return g.__taskAborts;
};

async function ensureQueue(boss: PgBoss) {
  // Expiry is the last resort for a dead worker (a starting process is faster). A job that expires while
  // its task still runs in a live process is delivered again and skipped (the task is alive there).
  await boss.createQueue(TASK_QUEUE, {
    name: TASK_QUEUE,
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  });
}

/** Queues an attempt of a task (`attempt` tells a re-queue of a dead process's task from the first). */
export async function enqueueTask(taskId: string, attempt = 0) {
  const boss = await getBoss();
  await ensureQueue(boss);
  await boss.send(TASK_QUEUE, { taskId } satisfies TaskJob, { singletonKey: `${taskId}:${attempt}` });
  for (const id of g.__taskWorkerIds ?? []) boss.notifyWorker(id);
}

/** Runs one attempt of a task if it is this process's to run; exported for tests that deliver twice. */
export async function handleTaskJob(job: TaskJob): Promise<"done" | "skipped"> {
  const task = await readTask({ id: job.taskId });
  if (!task || (task.status !== "QUEUED" && task.status !== "RUNNING")) return "skipped";
  const limits = await getLimitsForUser({ userId: task.userId });
  await ensureProcessLease();
  const runId = newRowId();
  const claimed = await claimTask({
    id: task.id,
    processId: processLeaseId(),
    runId,
    minutes: limits.backgroundTaskMinutes,
    staleSeconds: env().RUN_LEASE_STALE_SECONDS,
  });
  if (!claimed) return "skipped";
  const controller = new AbortController();
  aborts().set(task.id, controller);
  // Held: this process's lease sweep never takes the attempt's run for an orphan.
  holdRun(runId);
  try {
    await runTaskAttempt({
      task: claimed,
      runId,
      limits,
      signal: controller.signal,
    });
    return "done";
  } finally {
    releaseRun(runId);
    aborts().delete(task.id);
  }
}

/** Stops a task's attempt if it runs in this process (another process sees the cancel at its next look). */
export function abortTaskHere(taskId: string) {
  aborts().get(taskId)?.abort(new Error("task cancelled"));
}

/**
 * Queues again the tasks whose process died, and queued ones whose job may be missing (the same
 * job key: a job still waiting is not doubled); returns how many.
 */
export async function requeueTasksOfDeadProcesses(): Promise<number> {
  const found = await tasksToRequeue({ staleSeconds: env().RUN_LEASE_STALE_SECONDS, queuedSeconds: 60 });
  for (const t of found) await enqueueTask(t.id, t.attempts);
  return found.length;
}

/** Registers this process's task workers and takes over dead processes' tasks (once). */
export function startTaskWorkers(): Promise<void> {
  g.__taskWorkers ??= (async () => {
    const boss = await getBoss();
    await ensureQueue(boss);
    g.__taskWorkerIds = [];
    // TASK_CONCURRENCY tasks at once in this process (each mostly waits on its model).
    for (let i = 0; i < env().TASK_CONCURRENCY; i++) {
      let workerId: string | undefined;
      workerId = await boss.work<TaskJob>(
        TASK_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: env().EVAL_POLL_SECONDS },
        async ([job]) => {
          if (!job) return;
          await handleTaskJob(job.data);
          if (workerId) boss.notifyWorker(workerId);
        },
      );
      g.__taskWorkerIds.push(workerId);
    }
    // A process that starts (a restart, a new instance) takes over the tasks of dead processes,
    // and so does every lease sweep that ends a dead process's runs (a task attempt is one);
    // pg-boss's expiry retry is the last resort. No timer of our own: a pg-boss cron here stalled
    // other queues' workers at each firing (seen in CI with the eval jobs).
    g.__taskUnsubscribe ??= onRunsInterrupted(() => requeueTasksOfDeadProcesses());
    await requeueTasksOfDeadProcesses().catch((err: unknown) =>
      console.error(JSON.stringify({ level: "error", msg: "re-queueing tasks failed", error: String(err) })),
    );
  })().catch((err) => {
    g.__taskWorkers = undefined;
    throw err;
  });
  return g.__taskWorkers;
}

/** Forgets the registration (after stopBoss, so a new engine gets workers again). */
export function forgetTaskWorkers() {
  g.__taskUnsubscribe?.();
  g.__taskUnsubscribe = undefined;
  g.__taskWorkers = undefined;
  g.__taskWorkerIds = undefined;
}
