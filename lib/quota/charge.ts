import "server-only";
import {
  dbNow,
  inBalanceTransaction,
  insertBalanceEntry,
  insertUsageRecord,
  updateBalanceRow,
} from "@/lib/db/quota-balance";
import { balanceRefusal, lockBalance } from "./balance";
import { balanceAfterCall } from "./balance-rule";
import type { QuotaValues } from "./fields";
import { getEffectiveQuota } from "./settings";

export interface ModelCallCharge {
  runId: string;
  userId: string;
  agentId: string;
  spanId?: string | null;
  parentSpanId?: string | null;
  depth: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens?: number;
  reasoningTokens?: number;
  model?: string | null;
  endpointId?: string | null;
  /** The call's cost at the run's price; null or absent = unknown. */
  cost?: number | null;
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

/** The ledger row of one model call (tokens as whole, non-negative numbers). */
export function usageRecordOf(input: Omit<ModelCallCharge, "quota">) {
  return {
    runId: input.runId,
    userId: input.userId,
    agentId: input.agentId,
    spanId: input.spanId ?? null,
    parentSpanId: input.parentSpanId ?? null,
    depth: input.depth,
    inputTokens: Math.max(0, Math.floor(input.inputTokens || 0)),
    outputTokens: Math.max(0, Math.floor(input.outputTokens || 0)),
    cachedInputTokens: Math.max(0, Math.floor(input.cachedInputTokens || 0)),
    reasoningTokens: Math.max(0, Math.floor(input.reasoningTokens || 0)),
    model: input.model ?? null,
    endpointId: input.endpointId ?? null,
    cost: typeof input.cost === "number" && Number.isFinite(input.cost) ? input.cost : null,
  };
}

/**
 * Records one model call (UsageRecord) and takes its tokens from the balance, in one transaction
 * holding the balance row lock. Throws `limit:balance` once the balance is ≤ 0, after committing,
 * so the engine stops the run. A call that finishes after the balance was already used up (a
 * parallel call got there first) is recorded as usage but not charged, so the balance goes below
 * zero by at most one call.
 */
export async function chargeModelCall(input: ModelCallCharge): Promise<ChargeResult> {
  const record = usageRecordOf(input);
  const { runId, userId, inputTokens, outputTokens } = record;
  const tokens = inputTokens + outputTokens;
  // A run admitted with balances off only needs its ledger row: one insert, no transaction.
  if (input.quota && !input.quota.balanceEnabled) {
    const usage = await insertUsageRecord({ data: record });
    return { usageRecordId: usage.id, charged: 0, balance: null };
  }
  const outcome = await inBalanceTransaction(async (tx) => {
    const quota = input.quota ?? (await getEffectiveQuota({ userId, tx }));
    const usage = await insertUsageRecord({ tx, data: record });
    if (!quota.balanceEnabled) return { usageRecordId: usage.id, charged: 0, balance: null, refuse: null };
    const locked = await lockBalance({ tx, userId, quota, now: await dbNow(tx) });
    const balance = balanceAfterCall(locked.balance, tokens);
    const charged = locked.balance - balance;
    if (charged === 0 && balance <= 0) {
      await insertBalanceEntry({
        tx,
        entry: {
          userId,
          kind: "UNCHARGED",
          amount: 0,
          balanceAfter: locked.balance,
          runId,
          note: `${tokens} tokens not charged: the balance was already used up`,
        },
      });
      return { usageRecordId: usage.id, charged: 0, balance: locked.balance, refuse: { quota, locked } };
    }
    await updateBalanceRow({ tx, userId, balance });
    if (charged > 0) {
      await insertBalanceEntry({
        tx,
        entry: { userId, kind: "CHARGE", amount: -charged, balanceAfter: balance, runId },
      });
    }
    const refuse = balance <= 0 ? { quota, locked: { ...locked, balance } } : null;
    return { usageRecordId: usage.id, charged, balance, refuse };
  });
  if (outcome.refuse) throw balanceRefusal(outcome.refuse.quota, outcome.refuse.locked, true);
  return { usageRecordId: outcome.usageRecordId, charged: outcome.charged, balance: outcome.balance };
}
