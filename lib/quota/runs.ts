// The end of a run: finished by its process, or reaped when its process is gone. Runs with an
// owning process are ended through its lease (./process-lease.ts: INTERRUPTED within seconds);
// this quiet-run reaper covers runs with no owner recorded (marked failed) and answers left
// streaming without a running run (marked interrupted), so nobody waits for them.
import "server-only";
import { getDb, type Tx } from "@/lib/db/client";
import { dbNow } from "@/lib/db/quota-balance";
import { endRunningRun, failOrphanedMessages, failRuns, findQuietRuns } from "@/lib/db/quota-runs";
import { env } from "@/lib/env";
import { AppError, inEnglish, text } from "@/lib/errors";

export type FinalRunStatus = "COMPLETED" | "STOPPED" | "FAILED" | "INTERRUPTED";

// Stored in English (no reader here); pages word them by code in the reader's language
// (errors.internal.*, lib/chat/stored-error.ts).

/** What a reaped run's answer says. */
const RUN_LOST = { code: "internal:run_lost", message: inEnglish(text("internal.run_lost")) };

/** What an answer that no process is writing any more says (stored by the reaper, shown by pages). */
export const INTERRUPTED = {
  code: "internal:interrupted",
  message: inEnglish(text("internal.interrupted")),
} as const;

/**
 * Ends a run (status + endedAt). Idempotent: only the first call changes a RUNNING run. `byOwner`:
 * the run's own process ends it, which also ends it properly when a sweeper took the process for
 * dead meanwhile (INTERRUPTED; e.g. after a database outage) — the process had the whole answer.
 */
export async function finishRun({
  runId,
  status,
  byOwner = false,
}: {
  runId: string;
  status: FinalRunStatus;
  byOwner?: boolean;
}): Promise<{ changed: boolean }> {
  if (!["COMPLETED", "STOPPED", "FAILED", "INTERRUPTED"].includes(status)) {
    throw new AppError("bad_request:run_status", { values: { status } });
  }
  return { changed: await endRunningRun({ runId, status, orInterrupted: byOwner }) };
}

/**
 * Marks RUNNING runs as FAILED when they started more than `olderThanMinutes` ago and no model
 * call of theirs finished since then: their process is gone (restart, crash), and they would
 * otherwise hold the user's concurrent-run slots forever. Answers left STREAMING that long
 * without a running run (cut off before their run was admitted or saved) are marked interrupted.
 * The server calls this at start-up and every few minutes; admitRun reaps the runs of its user
 * when their concurrency limit would refuse a run.
 */
export async function reapStaleRuns({
  olderThanMinutes,
  userId,
}: {
  olderThanMinutes?: number;
  userId?: string;
} = {}): Promise<{ reaped: string[] }> {
  const db = getDb();
  const now = await dbNow(db);
  const reaped = await reapIn({ tx: db, now, userId, olderThanMinutes });
  const cutoff = new Date(now.getTime() - (olderThanMinutes ?? env().QUOTA_STALE_RUN_MINUTES) * 60_000);
  await failOrphanedMessages({ tx: db, cutoff, userId, error: INTERRUPTED });
  return { reaped };
}

/** Fails the quiet RUNNING runs (of one user, or everyone's) inside `tx`; returns their ids. */
export async function reapIn({
  tx,
  now,
  userId,
  olderThanMinutes = env().QUOTA_STALE_RUN_MINUTES,
}: {
  tx: Tx;
  now: Date;
  userId?: string;
  olderThanMinutes?: number;
}): Promise<string[]> {
  const cutoff = new Date(now.getTime() - olderThanMinutes * 60_000);
  const stale = await findQuietRuns({ tx, cutoff, userId });
  if (stale.length) await failRuns({ tx, runs: stale, now, error: RUN_LOST });
  return stale.map((r) => r.id);
}
