import "server-only";
import { getDb, type Tx } from "./client";

/**
 * What a user's money budgets count, in integer micro-units: the cost of their model calls since
 * the start of the day and of the month (each call rounded to a micro-unit, then summed as
 * integers; calls of unknown cost count 0), and what their RUNNING runs still hold (each run's
 * budget less what it has spent so far).
 */
export async function readBudgetUse({
  tx,
  userId,
  dayStart,
  monthStart,
}: {
  tx: Tx;
  userId: string;
  dayStart: Date;
  monthStart: Date;
}): Promise<{ day: bigint; month: bigint; held: bigint }> {
  const [row] = await tx.$queryRaw<{ day: bigint; month: bigint; held: bigint }[]>`
    SELECT
      COALESCE(SUM(ROUND(u."cost" * 1000000)) FILTER (WHERE u."createdAt" >= ${dayStart}), 0)::bigint AS day,
      COALESCE(SUM(ROUND(u."cost" * 1000000)), 0)::bigint AS month,
      (SELECT COALESCE(SUM(GREATEST(0, r."budgetMicros" - COALESCE(
          (SELECT SUM(ROUND(x."cost" * 1000000)) FROM "UsageRecord" x WHERE x."runId" = r."id"), 0))), 0)::bigint
        FROM "Run" r
        WHERE r."userId" = ${userId} AND r."status" = 'RUNNING' AND r."budgetMicros" IS NOT NULL) AS held
    FROM "UsageRecord" u
    WHERE u."userId" = ${userId} AND u."createdAt" >= ${monthStart} AND u."cost" IS NOT NULL`;
  return { day: BigInt(row.day), month: BigInt(row.month), held: BigInt(row.held) };
}

/** Records the money an admitted run may spend (held against the period budgets while it runs). */
export async function setRunBudget({ tx, runId, micros }: { tx: Tx; runId: string; micros: bigint }) {
  await tx.run.update({ where: { id: runId }, data: { budgetMicros: micros } });
}

/** The user's own per-answer cap (Settings); null clears it. */
export async function saveOwnAnswerBudget({ userId, amount }: { userId: string; amount: number | null }) {
  await getDb().user.update({ where: { id: userId }, data: { answerBudget: amount } });
}

/** The money a run was admitted to hold (micro-units), or null when no period budget applied. */
export async function readRunBudget({ runId }: { runId: string }): Promise<bigint | null> {
  const row = await getDb().run.findUnique({ where: { id: runId }, select: { budgetMicros: true } });
  return row?.budgetMicros ?? null;
}
