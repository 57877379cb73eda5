import "server-only";
import { AppError } from "@/lib/errors";
import type { QuotaValues } from "@/lib/quota/fields";
import { getDb } from "./client";
import { type Actor, getEffectiveQuota, recordQuotaAudit, type Tx } from "./quota";

/** The database's clock: one time source for every app process (rate windows, refills). */
export async function dbNow(tx: Tx): Promise<Date> {
  const [row] = await tx.$queryRaw<Array<{ now: Date | string }>>`SELECT clock_timestamp() AS now`;
  return new Date(row.now);
}

export interface LockedBalance {
  balance: number;
  lastRefillAt: Date;
}

/**
 * Creates the user's balance with the start balance when missing, applies a due refill, and
 * returns it locked (FOR UPDATE) until the transaction ends. Every balance change goes through here.
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
}): Promise<LockedBalance> {
  const created = await tx.tokenBalance.createMany({
    data: [{ userId, balance: quota.startBalance, lastRefillAt: now }],
    skipDuplicates: true,
  });
  if (created.count) {
    await tx.balanceEntry.create({
      data: {
        userId,
        kind: "START",
        amount: quota.startBalance,
        balanceAfter: quota.startBalance,
        note: "Start balance",
      },
    });
  }
  await tx.$queryRaw`SELECT 1 FROM "TokenBalance" WHERE "userId" = ${userId} FOR UPDATE`;
  const row = await tx.tokenBalance.findUnique({
    where: { userId },
    select: { balance: true, lastRefillAt: true },
  });
  if (!row) throw new AppError("not_found:user", "That user no longer exists.");
  const locked = { balance: row.balance, lastRefillAt: row.lastRefillAt };
  if (refillDue(locked, quota, now)) {
    const balance = locked.balance + quota.refillAmount;
    await tx.tokenBalance.update({ where: { userId }, data: { balance, lastRefillAt: now } });
    await tx.balanceEntry.create({
      data: {
        userId,
        kind: "REFILL",
        amount: quota.refillAmount,
        balanceAfter: balance,
        note: "Scheduled refill",
      },
    });
    return { balance, lastRefillAt: now };
  }
  return locked;
}

function refillDue(b: LockedBalance, quota: QuotaValues, now: Date): boolean {
  return (
    quota.refillAmount > 0 && now.getTime() - b.lastRefillAt.getTime() >= quota.refillIntervalSeconds * 1000
  );
}

/** When the next refill happens, or null when refills are off. */
export function nextRefillAt(b: { lastRefillAt: Date }, quota: QuotaValues): Date | null {
  if (quota.refillAmount <= 0) return null;
  return new Date(b.lastRefillAt.getTime() + quota.refillIntervalSeconds * 1000);
}

export function balanceRefusal(quota: QuotaValues, b: LockedBalance, midRun: boolean): AppError {
  const next = nextRefillAt(b, quota);
  const when = next
    ? `It refills with ${quota.refillAmount.toLocaleString("en-US")} tokens at ${next.toISOString()}.`
    : "Ask an administrator for more.";
  const message = midRun
    ? `Your token balance ran out during this answer. ${when}`
    : `You have no tokens left. ${when}`;
  const retryAfter = next ? Math.max(1, Math.ceil((next.getTime() - Date.now()) / 1000)) : undefined;
  return new AppError("limit:balance", message, { retryAfter });
}

export interface ModelCallCharge {
  runId: string;
  userId: string;
  agentId: string;
  spanId?: string | null;
  parentSpanId?: string | null;
  depth: number;
  inputTokens: number;
  outputTokens: number;
  /** The run's limits as admitted; read from the database when absent. */
  quota?: QuotaValues;
}

export interface ChargeResult {
  usageRecordId: string;
  /** Tokens taken from the balance (0 when balances are off or it was already used up). */
  charged: number;
  /** Balance after the charge; null when balances are off for the user. */
  balance: number | null;
}

/**
 * Records one model call (UsageRecord) and takes its tokens from the balance, in one transaction
 * holding the balance row lock. Throws `limit:balance` once the balance is ≤ 0, after committing,
 * so the engine stops the run. A call that finishes after the balance was already used up (a
 * parallel call got there first) is recorded as usage but not charged, so the balance goes below
 * zero by at most one call.
 */
export async function chargeModelCall(input: ModelCallCharge): Promise<ChargeResult> {
  const inputTokens = Math.max(0, Math.floor(input.inputTokens || 0));
  const outputTokens = Math.max(0, Math.floor(input.outputTokens || 0));
  const tokens = inputTokens + outputTokens;
  const record = {
    runId: input.runId,
    userId: input.userId,
    agentId: input.agentId,
    spanId: input.spanId ?? null,
    parentSpanId: input.parentSpanId ?? null,
    depth: input.depth,
    inputTokens,
    outputTokens,
  };
  // A run admitted with balances off only needs its ledger row: one insert, no transaction.
  if (input.quota && !input.quota.balanceEnabled) {
    const usage = await getDb().usageRecord.create({ data: record, select: { id: true } });
    return { usageRecordId: usage.id, charged: 0, balance: null };
  }
  const outcome = await getDb().$transaction(
    async (tx) => {
      const quota = input.quota ?? (await getEffectiveQuota({ userId: input.userId, tx }));
      const usage = await tx.usageRecord.create({ data: record, select: { id: true } });
      if (!quota.balanceEnabled) return { usageRecordId: usage.id, charged: 0, balance: null, refuse: null };
      const now = await dbNow(tx);
      const locked = await lockBalance({ tx, userId: input.userId, quota, now });
      if (locked.balance <= 0) {
        await tx.balanceEntry.create({
          data: {
            userId: input.userId,
            kind: "UNCHARGED",
            amount: 0,
            balanceAfter: locked.balance,
            runId: input.runId,
            note: `${tokens} tokens not charged: the balance was already used up`,
          },
        });
        return { usageRecordId: usage.id, charged: 0, balance: locked.balance, refuse: { quota, locked } };
      }
      const balance = locked.balance - tokens;
      await tx.tokenBalance.update({ where: { userId: input.userId }, data: { balance } });
      if (tokens > 0) {
        await tx.balanceEntry.create({
          data: {
            userId: input.userId,
            kind: "CHARGE",
            amount: -tokens,
            balanceAfter: balance,
            runId: input.runId,
          },
        });
      }
      const after = { ...locked, balance };
      return {
        usageRecordId: usage.id,
        charged: tokens,
        balance,
        refuse: balance <= 0 ? { quota, locked: after } : null,
      };
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
  if (outcome.refuse) throw balanceRefusal(outcome.refuse.quota, outcome.refuse.locked, true);
  return { usageRecordId: outcome.usageRecordId, charged: outcome.charged, balance: outcome.balance };
}

export interface BalanceView {
  /** Whether balances are checked and charged for this user. */
  enabled: boolean;
  balance: number;
  refillAmount: number;
  refillIntervalSeconds: number;
  nextRefillAt: Date | null;
}

/** The user's balance (created / refilled lazily, like admitRun would). */
export async function getBalanceForUser({ userId }: { userId: string }): Promise<BalanceView> {
  return getDb().$transaction(
    async (tx) => {
      const quota = await getEffectiveQuota({ userId, tx });
      const locked = await lockBalance({ tx, userId, quota, now: await dbNow(tx) });
      return {
        enabled: quota.balanceEnabled,
        balance: locked.balance,
        refillAmount: quota.refillAmount,
        refillIntervalSeconds: quota.refillIntervalSeconds,
        nextRefillAt: nextRefillAt(locked, quota),
      };
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
}

/** Admin: adds (or with a negative amount, removes) tokens; ledger GRANT + audit entry. */
export async function grantBalance({
  userId,
  amount,
  actor,
}: {
  userId: string;
  amount: number;
  actor: Actor;
}) {
  return adjustBalance({ userId, actor, kind: "GRANT", next: (b) => b + amount, amount });
}

/** Admin: sets the balance to an exact value; ledger SET (with the difference) + audit entry. */
export async function setBalance({
  userId,
  balance,
  actor,
}: {
  userId: string;
  balance: number;
  actor: Actor;
}) {
  return adjustBalance({ userId, actor, kind: "SET", next: () => balance });
}

async function adjustBalance({
  userId,
  actor,
  kind,
  next,
  amount,
}: {
  userId: string;
  actor: Actor;
  kind: "GRANT" | "SET";
  next: (balance: number) => number;
  amount?: number;
}): Promise<{ before: number; balance: number; email: string }> {
  return getDb().$transaction(
    async (tx) => {
      const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
      if (!user) throw new AppError("not_found:user", "That user no longer exists.");
      const quota = await getEffectiveQuota({ userId, tx });
      const locked = await lockBalance({ tx, userId, quota, now: await dbNow(tx) });
      const balance = next(locked.balance);
      if (Math.abs(balance) > 2_000_000_000) {
        throw new AppError("bad_request:balance", "That balance is too large.", {
          fields: { amount: "That balance is too large." },
        });
      }
      await tx.tokenBalance.update({ where: { userId }, data: { balance } });
      await tx.balanceEntry.create({
        data: {
          userId,
          kind,
          amount: balance - locked.balance,
          balanceAfter: balance,
          actorId: actor.id,
          note: kind === "GRANT" ? `Granted ${amount} by ${actor.email}` : `Set by ${actor.email}`,
        },
      });
      await recordQuotaAudit({
        tx,
        actor,
        scope: "balance",
        targetUserId: userId,
        targetEmail: user.email,
        key: kind === "GRANT" ? "balance:grant" : "balance:set",
        oldValue: String(locked.balance),
        newValue: String(balance),
      });
      return { before: locked.balance, balance, email: user.email };
    },
    { maxWait: 10_000, timeout: 15_000 },
  );
}
