// Charging a run's model calls to its user, shared by a new answer (start-chat.ts) and a resumed
// one (resume.ts).
import "server-only";
import type { ModelCallInfo } from "@/lib/agents";
import { env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { type EffectiveLimits, usageHook } from "@/lib/quota";
import { retryWithBackoff } from "@/lib/util/retry";

export function logRetry(msg: string, runId: string, err: unknown, attempt: number, delayMs: number) {
  console.error(
    JSON.stringify({ level: "warn", msg, runId, attempt, retryInMs: delayMs, error: String(err) }),
  );
}

function logLostCharge(runId: string, err: unknown) {
  console.error(JSON.stringify({ level: "error", msg: "recording usage failed", runId, error: String(err) }));
}

/**
 * The run's `onModelCallEnd`: charged as each model call finishes; a throw (balance exhausted)
 * stops the run cleanly. `pending`: usage rows still being written (balances off), awaited before
 * the run is closed.
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
  const pending: Promise<void>[] = [];
  // A model call's usage row is retried while the database is away (a balance refusal is not).
  const charge = (info: ModelCallInfo) =>
    retryWithBackoff(() => usageHook({ runId, userId, quota: limits })(info), {
      budgetMs: env().RUN_FINAL_SAVE_RETRY_SECONDS * 1000,
      isPermanent: isAppError,
      onRetry: (err, attempt, delayMs) =>
        logRetry("recording usage failed, retrying", runId, err, attempt, delayMs),
    });
  const onModelCallEnd = async (info: ModelCallInfo) => {
    const charging = charge(info);
    // With balances on, the run must wait: an exhausted balance stops it here. With balances
    // off the ledger row is written off the critical path and awaited before the run is closed.
    if (limits.balanceEnabled) return charging;
    pending.push(charging.catch((err) => logLostCharge(runId, err)));
  };
  return { pending, onModelCallEnd };
}
