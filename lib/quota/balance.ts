// Token balance policy: a balance starts at the start balance, gains the refill amount once a
// refill interval has passed since the last refill, and is refused once it is used up. Balances
// change only where runs start and model calls end (and by an admin), never when a page is shown.
import "server-only";
import type { Tx } from "@/lib/db/client";
import {
  type BalanceRow,
  createBalanceRow,
  dbNow,
  insertBalanceEntry,
  lockBalanceRow,
  readBalanceRow,
  updateBalanceRow,
} from "@/lib/db/quota-balance";
import { AppError, text } from "@/lib/errors";
import type { QuotaValues } from "./fields";
import { getEffectiveQuota } from "./settings";

type RefillRule = Pick<QuotaValues, "refillAmount" | "refillIntervalSeconds">;

function refillDue(b: BalanceRow, quota: RefillRule, now: Date): boolean {
  return (
    quota.refillAmount > 0 && now.getTime() - b.lastRefillAt.getTime() >= quota.refillIntervalSeconds * 1000
  );
}

/** The balance after the refill that is due now, if any (one refill, however long it has been). */
function afterDueRefill(b: BalanceRow, quota: RefillRule, now: Date): BalanceRow {
  return refillDue(b, quota, now) ? { balance: b.balance + quota.refillAmount, lastRefillAt: now } : b;
}

/** When the next refill happens, or null when refills are off. */
function nextRefillAt(b: { lastRefillAt: Date }, quota: RefillRule): Date | null {
  if (quota.refillAmount <= 0) return null;
  return new Date(b.lastRefillAt.getTime() + quota.refillIntervalSeconds * 1000);
}

/**
 * Creates the user's balance with the start balance when missing, applies a due refill (with its
 * ledger entries), and returns it locked until the transaction ends. Every balance change goes
 * through here.
 */
export async function lockBalance({
  tx,
  userId,
  quota,
  now,
}: {
  tx: Tx;
  userId: string;
  quota: QuotaValues;
  now: Date;
}): Promise<BalanceRow> {
  if (await createBalanceRow({ tx, userId, balance: quota.startBalance, now })) {
    const start = quota.startBalance;
    await insertBalanceEntry({
      tx,
      entry: { userId, kind: "START", amount: start, balanceAfter: start, note: "Start balance" },
    });
  }
  const locked = await lockBalanceRow({ tx, userId });
  if (!locked) throw new AppError("not_found:user");
  const refilled = afterDueRefill(locked, quota, now);
  if (refilled === locked) return locked;
  await updateBalanceRow({ tx, userId, ...refilled });
  await insertBalanceEntry({
    tx,
    entry: {
      userId,
      kind: "REFILL",
      amount: quota.refillAmount,
      balanceAfter: refilled.balance,
      note: "Scheduled refill",
    },
  });
  return refilled;
}

/** `limit:balance`, saying when the balance refills (before a run, or during one). */
export function balanceRefusal(quota: QuotaValues, b: BalanceRow, midRun: boolean): AppError {
  const next = nextRefillAt(b, quota);
  const when = next
    ? text("limit.balance_refills", { amount: quota.refillAmount, at: next.toISOString() })
    : text("limit.balance_ask_admin");
  const retryAfter = next ? Math.max(1, Math.ceil((next.getTime() - Date.now()) / 1000)) : undefined;
  return new AppError("limit:balance", {
    key: midRun ? "limit.balance_mid_run" : "limit.balance",
    values: { when },
    retryAfter,
  });
}

export type BalanceView =
  | { enabled: false }
  | {
      enabled: true;
      balance: number;
      refillAmount: number;
      refillIntervalSeconds: number;
      nextRefillAt: Date | null;
    };

/**
 * The user's balance as their next run would find it (start balance when they have none yet, plus
 * a refill that is due), for display: it only reads, so showing it changes nothing.
 */
async function currentBalance(userId: string): Promise<{ quota: QuotaValues; current: BalanceRow | null }> {
  const quota = await getEffectiveQuota({ userId });
  if (!quota.balanceEnabled) return { quota, current: null };
  const [row, now] = await Promise.all([readBalanceRow({ userId }), dbNow()]);
  return {
    quota,
    current: afterDueRefill(row ?? { balance: quota.startBalance, lastRefillAt: now }, quota, now),
  };
}

/**
 * The refusal the user's next run would get for an empty balance, or null when it would not be
 * refused for that (read only: the chat disables what would be refused and says why).
 */
export async function emptyBalanceRefusal({ userId }: { userId: string }): Promise<AppError | null> {
  const { quota, current } = await currentBalance(userId);
  return current && current.balance <= 0 ? balanceRefusal(quota, current, false) : null;
}

export async function getBalanceForUser({ userId }: { userId: string }): Promise<BalanceView> {
  const { quota, current } = await currentBalance(userId);
  if (!current) return { enabled: false };
  return {
    enabled: true,
    balance: current.balance,
    refillAmount: quota.refillAmount,
    refillIntervalSeconds: quota.refillIntervalSeconds,
    nextRefillAt: nextRefillAt(current, quota),
  };
}
