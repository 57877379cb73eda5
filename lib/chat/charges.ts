// Charging a run's model calls to its user, shared by a new answer (launch-run.ts) and a resumed
// one (resume.ts).
import "server-only";
import type { ModelCallInfo } from "@/lib/agents";
import type { UsageRow } from "@/lib/db/conversations";
import { newRowId } from "@/lib/db/ids";
import { env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { type EffectiveLimits, usageHook, usageRecordOf } from "@/lib/quota";
import { retryWithBackoff } from "@/lib/util/retry";

export function logRetry(msg: string, runId: string, err: unknown, attempt: number, delayMs: number) {
  console.error(
    JSON.stringify({ level: "warn", msg, runId, attempt, retryInMs: delayMs, error: String(err) }),
  );
}

/**
 * The run's `onModelCallEnd`. With balances on, each model call is charged as it finishes (a
 * throw — balance exhausted — stops the run cleanly), retried while the database is away (a
 * balance refusal is not). With balances off its ledger row waits in `usageRows` and is written
 * with the next save of the answer (answer-writer.ts).
 */
export function modelCallCharges({
  runId,
  userId,
  limits,
}: {
  runId: string;
  userId: string;
  limits: EffectiveLimits;
}) {
  const usageRows: UsageRow[] = [];
  const charge = (info: ModelCallInfo) =>
    retryWithBackoff(() => usageHook({ runId, userId, quota: limits })(info), {
      budgetMs: env().RUN_FINAL_SAVE_RETRY_SECONDS * 1000,
      isPermanent: isAppError,
      onRetry: (err, attempt, delayMs) =>
        logRetry("recording usage failed, retrying", runId, err, attempt, delayMs),
    });
  const onModelCallEnd = async (info: ModelCallInfo) => {
    if (limits.balanceEnabled) return charge(info);
    usageRows.push({ id: newRowId(), ...usageRecordOf({ runId, userId, ...info }), createdAt: new Date() });
  };
  return { usageRows, onModelCallEnd };
}
