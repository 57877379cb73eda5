// The money side of a user's own view: their budgets with what is spent and when each resets
// (Settings), and the one budget a user sets themselves: a per-answer cap at most the admin's.
import "server-only";
import { toMicros } from "@/lib/agents";
import { getDb } from "@/lib/db/client";
import { dbNow } from "@/lib/db/quota-balance";
import { readBudgetUse, saveOwnAnswerBudget } from "@/lib/db/quota-budget";
import { AppError } from "@/lib/errors";
import { budgetPeriods } from "./budget";
import { isMoneyAmount } from "./fields";
import { getAdminQuota } from "./settings";

export interface MoneyBudgetsView {
  /** 0 = no budget. */
  dailyBudget: number;
  monthlyBudget: number;
  spentToday: number;
  spentThisMonth: number;
  dayResetsAt: Date;
  monthResetsAt: Date;
  /** The admin's per-answer cap (0 = none) and the user's own (null = none). */
  adminAnswerBudget: number;
  ownAnswerBudget: number | null;
}

/** Read only: showing the budgets changes nothing. */
export async function getMoneyBudgetsForUser({ userId }: { userId: string }): Promise<MoneyBudgetsView> {
  const db = getDb();
  const [{ admin, ownAnswerBudget }, now] = await Promise.all([getAdminQuota({ userId }), dbNow(db)]);
  const p = budgetPeriods(now);
  const use = await readBudgetUse({ tx: db, userId, dayStart: p.dayStart, monthStart: p.monthStart });
  return {
    dailyBudget: admin.dailyBudget,
    monthlyBudget: admin.monthlyBudget,
    spentToday: Number(use.day) / 1_000_000,
    spentThisMonth: Number(use.month) / 1_000_000,
    dayResetsAt: p.nextDay,
    monthResetsAt: p.nextMonth,
    adminAnswerBudget: admin.answerBudget,
    ownAnswerBudget,
  };
}

/**
 * Sets (amount) or clears (null or 0) the user's own per-answer cap. Refused with nothing written
 * when it is not an amount of money, or above the admin's cap: a user may only spend less.
 */
export async function setOwnAnswerBudget({ userId, amount }: { userId: string; amount: number | null }) {
  if (amount === null || amount === 0) return saveOwnAnswerBudget({ userId, amount: null });
  if (!Number.isFinite(amount) || amount < 0 || !isMoneyAmount(amount))
    throw new AppError("bad_request:answer_budget", { key: "bad_request.answer_budget" });
  const { admin } = await getAdminQuota({ userId });
  if (admin.answerBudget > 0 && toMicros(amount) > toMicros(admin.answerBudget))
    throw new AppError("bad_request:answer_budget_above", {
      key: "bad_request.answer_budget_above",
      values: { max: String(admin.answerBudget) },
    });
  await saveOwnAnswerBudget({ userId, amount });
}
