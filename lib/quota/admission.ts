// Admission: whether a user may start a run now. Under the user's admission lock one statement
// counts the runs started in the window (message rate) and the RUNNING ones (concurrency) and, when
// both are under the limits, inserts the run as RUNNING together with its turn (conversation and
// messages), so a refused or failed send leaves nothing behind; with balances on, the balance
// (refilled first) is checked before the insert. Exact also with several app processes on one
// database. Only when the concurrency limit would refuse are the user's dead runs reaped first
// (those of dead processes, lib/quota/process-lease.ts, and quiet unowned ones), then counted again:
// the common send pays for no sweep, and a slot held by a dead run never refuses anybody. With
// money budgets, the period budget is checked under the same lock and the run holds its share
// (./budget.ts).
import "server-only";
import { randomUUID } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import { setRunBudget } from "@/lib/db/quota-budget";
import {
  type AdmissionCounts,
  admitInBatch,
  admitInOneStatement,
  countRunningRuns,
  runStartedAt,
  type TurnRows,
  withAdmissionLock,
} from "@/lib/db/quota-runs";
import { AppError, durationText } from "@/lib/errors";
import { balanceRefusal, lockBalance } from "./balance";
import { admitWithinBudget, hasPeriodBudget } from "./budget";
import type { QuotaValues } from "./fields";
import { announceInterruptedRuns, interruptRunsOfDeadProcesses } from "./process-lease";
import { reapIn } from "./runs";
import { getEffectiveQuota } from "./settings";

export type { TurnRows };

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
  /** The user's limits, read once for the whole send; read under the lock when absent. */
  quota?: QuotaValues;
  /** The conversation and messages stored with the run (all or nothing); absent: the run alone. */
  turn?: TurnRows;
}

export interface Admission {
  runId: string;
  limits: QuotaValues;
  /**
   * Money the answer may spend (currency): its share of the period budgets, at most the
   * per-answer cap; null = unlimited. Pass it to the run (`AgentRun.capCost`).
   */
  answerBudget: number | null;
}

const capOf = (q: QuotaValues) => (q.answerBudget > 0 ? q.answerBudget : null);

/**
 * Admits a run or refuses it with `rate_limit:messages`, `rate_limit:concurrent_runs` (429,
 * retryAfter), `limit:balance` or `limit:budget`; returns the limits the run was admitted with.
 */
export async function admitRun(input: AdmitRunInput): Promise<Admission> {
  const { userId } = input;
  const runId = input.runId ?? randomUUID();
  const run = {
    id: runId,
    userId,
    conversationId: input.conversationId,
    assistantMessageId: input.assistantMessageId,
    agentId: input.agentId ?? null,
    processId: input.processId ?? null,
  };
  // The common send (limits known, no balance): the lock and the admitting statement in one batch.
  // Refused as things stand (nothing written), it takes the full path below, which reaps the user's
  // dead runs if they hold the slots, counts again and gives the exact refusal.
  if (input.quota && !input.quota.balanceEnabled && !hasPeriodBudget(input.quota)) {
    const counts = await admitInBatch({ limits: input.quota, run, turn: input.turn ?? null });
    if (counts.inserted) return { runId, limits: input.quota, answerBudget: capOf(input.quota) };
  }
  // Runs of dead processes this admission ended: their work is queued again once that is committed.
  const interrupted: string[] = [];
  const outcome = await withAdmissionLock(userId, async (tx) => {
    const quota = input.quota ?? (await getEffectiveQuota({ userId, tx }));
    const attempt = (insert: boolean) =>
      admitInOneStatement({
        tx,
        insert,
        limits: quota,
        run,
        turn: input.turn ?? null,
      });
    // With balances or budgets on, they are checked before anything is inserted.
    const checkFirst = quota.balanceEnabled || hasPeriodBudget(quota);
    let counts = await attempt(!checkFirst);
    if (
      counts.running >= quota.maxConcurrentRuns &&
      (await reapDeadRuns(tx, userId, counts.now, interrupted))
    ) {
      counts = await attempt(!checkFirst);
    }
    const refusal = await limitRefusal(tx, userId, quota, counts);
    if (refusal) return { refuse: refusal };
    if (quota.balanceEnabled) {
      const locked = await lockBalance({ tx, userId, quota, now: counts.now });
      if (locked.balance <= 0) return { refuse: balanceRefusal(quota, locked, false) };
    }
    const budget = await admitWithinBudget({ tx, userId, quota, now: counts.now });
    if ("refuse" in budget) return { refuse: budget.refuse };
    if (checkFirst) {
      counts = await attempt(true);
      const raced = await limitRefusal(tx, userId, quota, counts);
      if (raced) return { refuse: raced };
    }
    if (budget.holdMicros === null) return { runId, limits: quota, answerBudget: capOf(quota) };
    await setRunBudget({ tx, runId, micros: budget.holdMicros });
    return { runId, limits: quota, answerBudget: Number(budget.holdMicros) / 1_000_000 };
  });
  await announceInterruptedRuns(interrupted);
  // Thrown after the commit, so a refill or a reaped run is kept even when the run is refused.
  if ("refuse" in outcome) throw outcome.refuse;
  return outcome;
}

/** Ends the user's runs whose process died, and quiet unowned ones; true when any was ended. */
async function reapDeadRuns(
  tx: Parameters<typeof reapIn>[0]["tx"],
  userId: string,
  now: Date,
  interruptedOut: string[],
) {
  const interrupted = await interruptRunsOfDeadProcesses({ tx, userId });
  interruptedOut.push(...interrupted);
  const reaped = await reapIn({ tx, now, userId });
  return interrupted.length + reaped.length > 0;
}

/** The rate or concurrency refusal the counts call for, or null. */
async function limitRefusal(
  tx: Parameters<typeof reapIn>[0]["tx"],
  userId: string,
  quota: QuotaValues,
  counts: AdmissionCounts,
): Promise<AppError | null> {
  const { now, started, running } = counts;
  if (quota.messagesPerWindow > 0 && started >= quota.messagesPerWindow) {
    // The run whose leaving the window brings the count below the limit.
    const since = new Date(now.getTime() - quota.windowSeconds * 1000);
    const freeing = await runStartedAt({ tx, userId, since, index: started - quota.messagesPerWindow });
    const ms = (freeing?.getTime() ?? now.getTime()) + quota.windowSeconds * 1000 - now.getTime();
    return rateRefusal(quota, Math.max(1, Math.ceil(ms / 1000)));
  }
  if (running >= quota.maxConcurrentRuns) return concurrencyRefusal(quota, running);
  return null;
}

function rateRefusal(quota: QuotaValues, retryAfter: number): AppError {
  return new AppError("rate_limit:messages", {
    values: {
      count: quota.messagesPerWindow,
      window: durationText(quota.windowSeconds),
      retry: durationText(retryAfter),
    },
    retryAfter,
  });
}

/**
 * For a paused run that a decision reopens (lib/chat/decide-approval.ts), inside the caller's admission
 * lock: refused like a new answer when the user's concurrent-run slots are all taken. A paused
 * run counts against neither the message rate nor the balance again: it was admitted when sent.
 */
export async function refuseWithoutRunSlot({ tx, userId }: { tx: Tx; userId: string }): Promise<void> {
  const quota = await getEffectiveQuota({ userId, tx });
  const running = await countRunningRuns({ tx, userId });
  if (running >= quota.maxConcurrentRuns) throw concurrencyRefusal(quota, running);
}

function concurrencyRefusal(quota: QuotaValues, running: number): AppError {
  return new AppError("rate_limit:concurrent_runs", {
    values: { running, limit: quota.maxConcurrentRuns },
    retryAfter: CONCURRENT_RETRY_AFTER,
  });
}
