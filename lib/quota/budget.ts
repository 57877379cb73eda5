// Money budgets per user: per UTC day and per calendar month (UTC), admin default and per-user
// override (fields.ts), beside the token balances — both apply, whichever is reached first refuses.
// Checked at admission under the user's admission lock: what the user spent in the period
// (UsageRecord.cost) plus what their running answers still hold must leave room, and the admitted
// answer then holds what is left (or less: the per-answer cap), which the engine enforces before and
// after each model call (CreateRunOptions.budget / AgentRun.capCost). Held amounts of parallel
// answers never add up to more than the budget, so 20 simultaneous sends stay within it; an answer
// can only go over by the one call whose real cost beat its worst case. All sums are integer
// micro-units (lib/agents/budget.ts); the admin's amounts are converted once, here.
import "server-only";
import { toMicros } from "@/lib/agents";
import type { Tx } from "@/lib/db/client";
import { readBudgetUse, readRunBudget } from "@/lib/db/quota-budget";
import { AppError } from "@/lib/errors";
import type { QuotaValues } from "./fields";

/** Budgets are counted in UTC: a day starts at 00:00 UTC, a month on its first day at 00:00 UTC. */
export function budgetPeriods(now: Date) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  return {
    dayStart: new Date(Date.UTC(y, m, d)),
    nextDay: new Date(Date.UTC(y, m, d + 1)),
    monthStart: new Date(Date.UTC(y, m, 1)),
    nextMonth: new Date(Date.UTC(y, m + 1, 1)),
  };
}

export const hasPeriodBudget = (q: Pick<QuotaValues, "dailyBudget" | "monthlyBudget">) =>
  q.dailyBudget > 0 || q.monthlyBudget > 0;

type Period = "day" | "month";

/** `limit:budget`: the period's budget is used up (or held by running answers), and when it resets. */
function budgetRefusal(period: Period, amount: number, resetsAt: Date, now: Date, held: boolean): AppError {
  const retryAfter = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
  return new AppError("limit:budget", {
    key: held ? `limit.budget_${period}_held` : `limit.budget_${period}`,
    values: { amount: String(amount), at: resetsAt.toISOString() },
    retryAfter,
  });
}

/**
 * Inside the user's admission lock: refuses when a period budget is reached, else returns the
 * micro-units the new answer may hold (the room left in the tightest period, at most the per-answer
 * cap), or null when no period budget applies.
 */
export async function admitWithinBudget({
  tx,
  userId,
  quota,
  now,
}: {
  tx: Tx;
  userId: string;
  quota: QuotaValues;
  now: Date;
}): Promise<{ refuse: AppError } | { holdMicros: bigint | null }> {
  if (!hasPeriodBudget(quota)) return { holdMicros: null };
  const periods = budgetPeriods(now);
  const use = await readBudgetUse({ tx, userId, dayStart: periods.dayStart, monthStart: periods.monthStart });
  const checks: { period: Period; amount: number; spent: bigint; resetsAt: Date }[] = [];
  if (quota.dailyBudget > 0)
    checks.push({ period: "day", amount: quota.dailyBudget, spent: use.day, resetsAt: periods.nextDay });
  if (quota.monthlyBudget > 0)
    checks.push({
      period: "month",
      amount: quota.monthlyBudget,
      spent: use.month,
      resetsAt: periods.nextMonth,
    });
  let room: bigint | null = null;
  // Spent alone first: "used up" says when it resets; only then is a hold by running answers named.
  for (const c of checks) {
    if (c.spent >= BigInt(toMicros(c.amount)))
      return { refuse: budgetRefusal(c.period, c.amount, c.resetsAt, now, false) };
  }
  for (const c of checks) {
    const left = BigInt(toMicros(c.amount)) - c.spent - use.held;
    if (left <= 0n) return { refuse: budgetRefusal(c.period, c.amount, c.resetsAt, now, true) };
    room = room === null || left < room ? left : room;
  }
  const cap = quota.answerBudget > 0 ? BigInt(toMicros(quota.answerBudget)) : null;
  return { holdMicros: cap !== null && room !== null && cap < room ? cap : room };
}

/**
 * The cap a resumed run goes on with: what it was admitted to hold (its replayed calls count
 * against it again), else the per-answer cap; null = none. A paused run holds nothing while it
 * waits, so the period budget is checked again only by the next send.
 */
export async function answerBudgetOfRun({ runId, quota }: { runId: string; quota: QuotaValues }) {
  const held = await readRunBudget({ runId });
  if (held !== null) return Number(held) / 1_000_000;
  return quota.answerBudget > 0 ? quota.answerBudget : null;
}
