/**
 * Quotas: the limits and budgets admins set, enforced on the server. The chat route calls, in order:
 * `admitRun` (rate, concurrency and balance checks; inserts the RUNNING run and returns the limits
 * to pass to `createRun`), `chargeModelCall` for every model call of the run (via `usageHook`),
 * and `finishRun` at the end, whatever happened. Everything reads the database on each call, so an
 * admin's change applies to the next run in every app process.
 */
import "server-only";
import type { Limits, ModelCallInfo } from "@/lib/agents";
import { getEffectiveQuota } from "@/lib/db/quota";
import { type ChargeResult, chargeModelCall as charge, type ModelCallCharge } from "@/lib/db/quota-balance";
import { type AdmitRunInput, admitRun as admit } from "@/lib/db/quota-runs";
import type { QuotaValues } from "./fields";

export type { BalanceView, ChargeResult, ModelCallCharge } from "@/lib/db/quota-balance";
export { getBalanceForUser, grantBalance, setBalance } from "@/lib/db/quota-balance";
export type { AdmitRunInput, FinalRunStatus } from "@/lib/db/quota-runs";
export { finishRun, reapStaleRuns } from "@/lib/db/quota-runs";
export { QUOTA_DEFAULTS, type QuotaValues } from "./fields";

/** The engine's limits plus the user's quota settings (global settings merged with overrides). */
export type EffectiveLimits = QuotaValues;

/** Current limits for a user, read fresh from the database. */
export async function getLimitsForUser({ userId }: { userId: string }): Promise<EffectiveLimits> {
  return getEffectiveQuota({ userId });
}

/** Admits a run (or throws `rate_limit:messages`, `rate_limit:concurrent_runs`, `limit:balance`). */
export async function admitRun(input: AdmitRunInput): Promise<{ runId: string; limits: EffectiveLimits }> {
  const { runId, quota } = await admit(input);
  return { runId, limits: quota };
}

/** Records a model call and charges it; throws `limit:balance` when the balance is used up. */
export async function chargeModelCall(input: ModelCallCharge): Promise<ChargeResult> {
  return charge(input);
}

/** Just the engine's part, for `createRun({ limits })` and the builder preview. */
export function engineLimits(limits: EffectiveLimits): Limits {
  return {
    maxSubagentDepth: limits.maxSubagentDepth,
    maxSubagentRunConfigs: limits.maxSubagentRunConfigs,
    maxSubagentsPerAgent: limits.maxSubagentsPerAgent,
    recursionLimit: limits.recursionLimit,
    maxParallelSubagents: limits.maxParallelSubagents,
  };
}

/**
 * `createRun({ onModelCallEnd })` hook: charges every model call of the run to its user. With
 * `quota` (the limits the run was admitted with) no settings are read per call.
 */
export function usageHook({
  runId,
  userId,
  quota,
}: {
  runId: string;
  userId: string;
  quota?: EffectiveLimits;
}) {
  return async (info: ModelCallInfo): Promise<void> => {
    await charge({
      runId,
      userId,
      quota,
      agentId: info.agentId,
      spanId: info.spanId,
      parentSpanId: info.parentSpanId,
      depth: info.depth,
      inputTokens: info.inputTokens,
      outputTokens: info.outputTokens,
    });
  };
}
