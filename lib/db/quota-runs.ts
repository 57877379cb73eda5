import "server-only";
import { AppError } from "@/lib/errors";
import type { QuotaValues } from "@/lib/quota/fields";
import { getDb } from "./client";
import { getEffectiveQuota, type Tx } from "./quota";
import { balanceRefusal, dbNow, lockBalance } from "./quota-balance";

// Namespace of the per-user advisory lock (two-key form: namespace, hashtext(userId)).
const ADMIT_LOCK = 4_242_020;
/** Seconds a client should wait before retrying when all its concurrent runs are busy. */
export const CONCURRENT_RETRY_AFTER = 5;

/** A RUNNING run with no model call finishing for this long is considered dead (its process is gone). */
export function staleRunMinutes(): number {
  const n = Number(process.env.QUOTA_STALE_RUN_MINUTES);
  return Number.isFinite(n) && n > 0 ? n : 15;
}

export interface AdmitRunInput {
  userId: string;
  conversationId: string;
  assistantMessageId: string;
  agentId?: string | null;
  /** Id for the Run row: the engine's run id, so logs, events and the database name a run alike. */
  runId?: string;
}

/**
 * Admits a run or refuses it, exactly, also with several app processes on one database: under a
 * per-user advisory transaction lock it reaps the user's dead runs, checks the message rate (runs
 * started in the window), the concurrent runs (RUNNING rows) and the balance (refilled first), and
 * inserts the Run as RUNNING. Refusals: `rate_limit:messages`, `rate_limit:concurrent_runs` (429,
 * retryAfter) and `limit:balance`.
 */
export async function admitRun(input: AdmitRunInput): Promise<{ runId: string; quota: QuotaValues }> {
  const outcome = await getDb().$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADMIT_LOCK}::int, hashtext(${input.userId}))`;
      const now = await dbNow(tx);
      const quota = await getEffectiveQuota({ userId: input.userId, tx });
      await reapStaleRunsIn({ tx, now, userId: input.userId });

      if (quota.messagesPerWindow > 0) {
        const since = new Date(now.getTime() - quota.windowSeconds * 1000);
        const where = { userId: input.userId, startedAt: { gte: since } };
        const count = await tx.run.count({ where });
        if (count >= quota.messagesPerWindow) {
          // The run whose leaving the window brings the count below the limit.
          const [freeing] = await tx.run.findMany({
            where,
            orderBy: { startedAt: "asc" },
            skip: count - quota.messagesPerWindow,
            take: 1,
            select: { startedAt: true },
          });
          const ms =
            (freeing?.startedAt.getTime() ?? now.getTime()) + quota.windowSeconds * 1000 - now.getTime();
          const retryAfter = Math.max(1, Math.ceil(ms / 1000));
          return {
            refuse: new AppError(
              "rate_limit:messages",
              `You can send ${plural(quota.messagesPerWindow, "message")} every ${duration(quota.windowSeconds)}. Try again in ${duration(retryAfter)}.`,
              { retryAfter },
            ),
          };
        }
      }

      const running = await tx.run.count({ where: { userId: input.userId, status: "RUNNING" } });
      if (running >= quota.maxConcurrentRuns) {
        return {
          refuse: new AppError(
            "rate_limit:concurrent_runs",
            `You already have ${running} answer${running === 1 ? "" : "s"} running (the limit is ${quota.maxConcurrentRuns}). Wait for one to finish or stop it.`,
            { retryAfter: CONCURRENT_RETRY_AFTER },
          ),
        };
      }

      if (quota.balanceEnabled) {
        const locked = await lockBalance({ tx, userId: input.userId, quota, now });
        if (locked.balance <= 0) return { refuse: balanceRefusal(quota, locked, false) };
      }

      const run = await tx.run.create({
        data: {
          ...(input.runId ? { id: input.runId } : {}),
          userId: input.userId,
          conversationId: input.conversationId,
          assistantMessageId: input.assistantMessageId,
          agentId: input.agentId ?? null,
          status: "RUNNING",
          startedAt: now,
        },
        select: { id: true },
      });
      return { runId: run.id, quota };
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
  // Thrown after the commit, so a refill or a reaped run is kept even when the run is refused.
  if ("refuse" in outcome) throw outcome.refuse;
  return outcome;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** 45 → "45 seconds", 600 → "10 minutes", 7200 → "2 hours" (rounded up, never says "0"). */
export function duration(seconds: number): string {
  if (seconds < 120) return plural(seconds, "second");
  if (seconds < 7200) return plural(Math.ceil(seconds / 60), "minute");
  return plural(Math.ceil(seconds / 3600), "hour");
}

export type FinalRunStatus = "COMPLETED" | "STOPPED" | "FAILED";

/** Ends a run (status + endedAt). Idempotent: only the first call changes a RUNNING run. */
export async function finishRun({
  runId,
  status,
}: {
  runId: string;
  status: FinalRunStatus;
}): Promise<{ changed: boolean }> {
  if (!["COMPLETED", "STOPPED", "FAILED"].includes(status)) {
    throw new AppError("bad_request:run_status", `A run can't end as ${status}.`);
  }
  const { count } = await getDb().run.updateMany({
    where: { id: runId, status: "RUNNING" },
    data: { status, endedAt: new Date() },
  });
  return { changed: count > 0 };
}

/**
 * Marks RUNNING runs as FAILED when they started more than `olderThanMinutes` ago and no model
 * call of theirs finished since then: their process is gone (restart, crash), and they would
 * otherwise hold the user's concurrent-run slots forever. Their STREAMING assistant messages
 * become FAILED too. admitRun does this for the user it admits; call this one from a timer or at
 * startup to clean up everyone.
 */
export async function reapStaleRuns({
  olderThanMinutes = staleRunMinutes(),
  userId,
}: {
  olderThanMinutes?: number;
  userId?: string;
} = {}): Promise<{ reaped: string[] }> {
  const db = getDb();
  return { reaped: await reapStaleRunsIn({ tx: db, now: await dbNow(db), userId, olderThanMinutes }) };
}

async function reapStaleRunsIn({
  tx,
  now,
  userId,
  olderThanMinutes = staleRunMinutes(),
}: {
  tx: Tx;
  now: Date;
  userId?: string;
  olderThanMinutes?: number;
}): Promise<string[]> {
  const cutoff = new Date(now.getTime() - olderThanMinutes * 60_000);
  const stale = await tx.run.findMany({
    where: {
      status: "RUNNING",
      startedAt: { lt: cutoff },
      usage: { none: { createdAt: { gte: cutoff } } },
      ...(userId ? { userId } : {}),
    },
    select: { id: true, assistantMessageId: true },
  });
  if (!stale.length) return [];
  await tx.run.updateMany({
    where: { id: { in: stale.map((r) => r.id) }, status: "RUNNING" },
    data: { status: "FAILED", endedAt: now },
  });
  await tx.message.updateMany({
    where: { id: { in: stale.map((r) => r.assistantMessageId) }, status: "STREAMING" },
    data: {
      status: "FAILED",
      error: { code: "internal:run_lost", message: "This answer stopped because the server restarted." },
    },
  });
  return stale.map((r) => r.id);
}
