// Admission: whether a user may start a run now. Under the user's admission lock it reaps their
// dead runs (those of dead processes, lib/quota/process-lease.ts, and quiet unowned ones), checks the message rate (runs started in the window), the concurrent runs (RUNNING
// rows) and the balance (refilled first), and inserts the run as RUNNING: exact also with several
// app processes on one database.
import "server-only";
import { dbNow } from "@/lib/db/quota-balance";
import {
  countRunningRuns,
  countRunsStartedSince,
  insertRunningRun,
  runStartedAt,
  withAdmissionLock,
} from "@/lib/db/quota-runs";
import { AppError } from "@/lib/errors";
import { balanceRefusal, lockBalance } from "./balance";
import type { QuotaValues } from "./fields";
import { interruptRunsOfDeadProcesses } from "./process-lease";
import { reapIn } from "./runs";
import { getEffectiveQuota } from "./settings";

/** Seconds a client should wait before retrying when all its concurrent runs are busy. */
const CONCURRENT_RETRY_AFTER = 5;

export interface AdmitRunInput {
  userId: string;
  conversationId: string;
  assistantMessageId: string;
  agentId?: string | null;
  /** Id for the Run row: the engine's run id, so logs, events and the database name a run alike. */
  runId?: string;
  /** The app process that will run it (its lease id); its runs are interrupted if it dies. */
  processId?: string;
}

/**
 * Admits a run or refuses it with `rate_limit:messages`, `rate_limit:concurrent_runs` (429,
 * retryAfter) or `limit:balance`; returns the limits the run was admitted with.
 */
export async function admitRun(input: AdmitRunInput): Promise<{ runId: string; limits: QuotaValues }> {
  const { userId } = input;
  const outcome = await withAdmissionLock(userId, async (tx) => {
    const now = await dbNow(tx);
    const quota = await getEffectiveQuota({ userId, tx });
    await interruptRunsOfDeadProcesses({ tx, userId });
    await reapIn({ tx, now, userId });

    if (quota.messagesPerWindow > 0) {
      const since = new Date(now.getTime() - quota.windowSeconds * 1000);
      const count = await countRunsStartedSince({ tx, userId, since });
      if (count >= quota.messagesPerWindow) {
        // The run whose leaving the window brings the count below the limit.
        const freeing = await runStartedAt({ tx, userId, since, index: count - quota.messagesPerWindow });
        const ms = (freeing?.getTime() ?? now.getTime()) + quota.windowSeconds * 1000 - now.getTime();
        return { refuse: rateRefusal(quota, Math.max(1, Math.ceil(ms / 1000))) };
      }
    }

    const running = await countRunningRuns({ tx, userId });
    if (running >= quota.maxConcurrentRuns) return { refuse: concurrencyRefusal(quota, running) };

    if (quota.balanceEnabled) {
      const locked = await lockBalance({ tx, userId, quota, now });
      if (locked.balance <= 0) return { refuse: balanceRefusal(quota, locked, false) };
    }

    const run = await insertRunningRun({
      tx,
      run: {
        ...(input.runId ? { id: input.runId } : {}),
        userId,
        conversationId: input.conversationId,
        assistantMessageId: input.assistantMessageId,
        agentId: input.agentId ?? null,
        processId: input.processId ?? null,
        startedAt: now,
      },
    });
    return { runId: run.id, limits: quota };
  });
  // Thrown after the commit, so a refill or a reaped run is kept even when the run is refused.
  if ("refuse" in outcome) throw outcome.refuse;
  return outcome;
}

function rateRefusal(quota: QuotaValues, retryAfter: number): AppError {
  return new AppError(
    "rate_limit:messages",
    `You can send ${plural(quota.messagesPerWindow, "message")} every ${duration(quota.windowSeconds)}. Try again in ${duration(retryAfter)}.`,
    { retryAfter },
  );
}

function concurrencyRefusal(quota: QuotaValues, running: number): AppError {
  return new AppError(
    "rate_limit:concurrent_runs",
    `You already have ${running} answer${running === 1 ? "" : "s"} running (the limit is ${quota.maxConcurrentRuns}). Wait for one to finish or stop it.`,
    { retryAfter: CONCURRENT_RETRY_AFTER },
  );
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** 45 → "45 seconds", 600 → "10 minutes", 7200 → "2 hours" (rounded up, never says "0"). */
function duration(seconds: number): string {
  if (seconds < 120) return plural(seconds, "second");
  if (seconds < 7200) return plural(Math.ceil(seconds / 60), "minute");
  return plural(Math.ceil(seconds / 3600), "hour");
}
