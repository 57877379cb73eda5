/**
 * Quotas: the limits and budgets admins set, enforced on the server. The chat route calls, in order:
 * `admitRun` (rate, concurrency, balance and money-budget checks; inserts the RUNNING run and returns the limits
 * to pass to `createRun`), `chargeModelCall` for every model call of the run (via `usageHook`),
 * and `finishRun` at the end, whatever happened. Everything reads the database on each call, so an
 * admin's change applies to the next run in every app process. Runs are owned by their process's
 * lease (`./process-lease.ts`): a dead process's runs are interrupted within seconds. Queries live
 * in `lib/db/quota*`; the rules (defaults, refills, refusals and their sentences) live here.
 */
import "server-only";
import type { Limits, ModelCallInfo } from "@/lib/agents";
import { chargeModelCall } from "./charge";
import type { QuotaValues } from "./fields";
import { getEffectiveQuota } from "./settings";

export { admitRun, refuseWithoutRunSlot } from "./admission";
export { emptyBalanceRefusal, getBalanceForUser } from "./balance";
export { grantBalance, setBalance } from "./balance-admin";
export { answerBudgetOfRun } from "./budget";
export { chargeModelCall, usageRecordOf } from "./charge";
export { getMoneyBudgetsForUser, type MoneyBudgetsView, setOwnAnswerBudget } from "./own-budget";
export { finishRun, INTERRUPTED, reapStaleRuns } from "./runs";
export {
  getQuotaOverride,
  getQuotaSettings,
  listQuotaOverrides,
  updateQuotaOverride,
  updateQuotaSettings,
} from "./settings";

/** The engine's limits plus the user's quota settings (global settings merged with overrides). */
export type EffectiveLimits = QuotaValues;

/** Current limits for a user, read fresh from the database. */
export async function getLimitsForUser({ userId }: { userId: string }): Promise<EffectiveLimits> {
  return getEffectiveQuota({ userId });
}

/** Just the engine's part, for `createRun({ limits })` and the builder preview. */
export function engineLimits(limits: EffectiveLimits): Limits {
  return {
    maxSubagentDepth: limits.maxSubagentDepth,
    maxSubagentRunConfigs: limits.maxSubagentRunConfigs,
    maxSubagentsPerAgent: limits.maxSubagentsPerAgent,
    recursionLimit: limits.recursionLimit,
    maxParallelSubagents: limits.maxParallelSubagents,
    toolSearchThreshold: limits.toolSearchThreshold,
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
    await chargeModelCall({
      runId,
      userId,
      quota,
      agentId: info.agentId,
      spanId: info.spanId,
      parentSpanId: info.parentSpanId,
      depth: info.depth,
      inputTokens: info.inputTokens,
      outputTokens: info.outputTokens,
      cachedInputTokens: info.cachedInputTokens,
      reasoningTokens: info.reasoningTokens,
      model: info.model,
      endpointId: info.endpointId,
      cost: info.cost,
    });
  };
}
