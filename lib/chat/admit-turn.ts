// The admit step of a new answer: the turn is written with its run, in one statement under the
// admission lock (the user's rate, concurrency and balance rules, lib/quota/admission.ts), so a
// refused or failed send leaves no conversation, message or run behind.
import "server-only";
import { type AgentRun, reduceEvents } from "@/lib/agents";
import { saveAnswer } from "@/lib/db/conversations";
import { AppError } from "@/lib/errors";
import { linkSentFiles, type SendFile } from "@/lib/files/send";
import { admitRun, type EffectiveLimits } from "@/lib/quota";
import type { TurnRows } from "@/lib/quota/admission";
import { ensureProcessLease, holdRun, processLeaseId, releaseRun } from "@/lib/quota/process-lease";
import { emptyUsage } from "./answer-usage";
import { refuseWhileShuttingDown } from "./live-runs";

export async function admitTurn({
  run,
  userId,
  limits,
  meta,
  turn,
  newFiles,
}: {
  run: AgentRun;
  userId: string;
  limits: EffectiveLimits;
  meta: { runId: string; conversationId: string; assistantMessageId: string; agentId: string };
  /** The conversation (when new) and the user message (unless answered again) to insert. */
  turn: TurnRows;
  /** Uploads linked to the new user message once the run is admitted. */
  newFiles: SendFile[];
}): Promise<void> {
  const { runId, conversationId, assistantMessageId } = meta;
  let admitted = false;
  try {
    // The run is recorded as this process's (its lease); held from here so the lease's own sweep
    // never takes it for an orphan.
    holdRun(runId);
    await ensureProcessLease();
    refuseWhileShuttingDown();
    const admission = await admitRun({
      runId,
      userId,
      conversationId,
      assistantMessageId,
      agentId: meta.agentId,
      processId: processLeaseId(),
      quota: limits,
      turn,
    });
    admitted = true;
    // The answer's share of the user's money budgets (lib/quota/budget.ts), enforced by the engine.
    if (admission.answerBudget !== null) run.capCost(admission.answerBudget);
    await linkSentFiles({ userId, conversationId, messageId: turn.userMessageId, files: newFiles });
  } catch (err) {
    // Admitted, then attaching the files failed: the turn is stored. Its answer ends as failed now
    // (it can be regenerated, the run's slot is free) instead of running for nobody until the
    // lease sweep noticed.
    if (admitted) await failBeforeStart({ runId, assistantMessageId });
    releaseRun(runId);
    throw err;
  }
}

/** Ends a stored turn whose run could not start: its answer failed, its run closed. */
async function failBeforeStart({ runId, assistantMessageId }: { runId: string; assistantMessageId: string }) {
  const tree = reduceEvents([]);
  tree.status = "failed";
  await saveAnswer({
    id: assistantMessageId,
    content: "",
    parts: tree,
    status: "FAILED",
    // Background work (no request language): stored in English, DEFAULT_LOCALE.
    error: {
      code: "internal",
      message: new AppError("internal", { key: "internal.files_not_attached" }).message,
    },
    usage: emptyUsage(),
    usageRows: [],
    close: { runId, status: "FAILED" },
  }).catch((err) =>
    console.error(
      JSON.stringify({
        level: "error",
        msg: "ending a run that could not start failed",
        runId,
        error: String(err),
      }),
    ),
  );
}
