// A human decision on a waiting tool call (POST /api/chat/approvals/:id and the Agents API): checked,
// recorded, and handed to the run — waiting in this process, relayed to the process that runs it,
// or, when the run was paused, resumed here (./resume.ts).
import "server-only";
import { z } from "zod";
import { ASK_USER_TOOL_NAME, decidedApproval, type ToolApproval } from "@/lib/agents";
import { withAdmissionLock } from "@/lib/db/quota-runs";
import { findApprovalForUser, lockRun, recordDecision, reopenPausedRun } from "@/lib/db/tool-approvals";
import { AppError, text } from "@/lib/errors";
import { issueText } from "@/lib/http/zod-fields";
import { refuseWithoutRunSlot } from "@/lib/quota";
import { holdRun, processLeaseId, releaseRun } from "@/lib/quota/process-lease";
import { expiredRefusal, expirePausedRun } from "./approval-expiry";
import { deliver } from "./approval-waiters";
import { resumeRun } from "./resume";
import type { StoredCheckpoint } from "./run-approvals";
import { runBus } from "./run-bus";
import { toolArgsProblem } from "./tools";

const MAX_ARGS_CHARS = 100_000;
const MAX_ANSWER_CHARS = 4000;

const decisionSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve") }),
  z.object({
    decision: z.literal("edit"),
    args: z
      .record(z.string(), z.unknown(), "field.args_object")
      .refine((a) => JSON.stringify(a).length <= MAX_ARGS_CHARS, "field.args_long"),
  }),
  z.object({
    decision: z.literal("deny"),
    reason: z.string().trim().max(1000, "field.reason_long").optional(),
  }),
  z.object({
    decision: z.literal("answer"),
    answer: z.string().trim().min(1, "field.answer_empty").max(MAX_ANSWER_CHARS),
  }),
]);

const STATUS_OF = { approve: "APPROVED", edit: "EDITED", deny: "DENIED", answer: "ANSWERED" } as const;

export interface DecisionOutcome {
  approval: ToolApproval;
  runId: string;
  /** The run was paused and now runs again in this process (follow it with GET /api/chat/runs/:id). */
  resumed: boolean;
}

/**
 * Decides a waiting call of the user's: 400 for a bad decision, 404 when the approval is not the
 * user's (or does not exist), 409 when it was already decided or can't be any more, 429 when
 * resuming a paused run would exceed the user's concurrent runs.
 */
export async function decideApproval({
  userId,
  approvalId,
  body,
}: {
  userId: string;
  approvalId: string;
  body: unknown;
}): Promise<DecisionOutcome> {
  const parsed = decisionSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? "decision");
    const message = issueText(issue);
    throw new AppError("bad_request:approval", { ...message, fields: { [field]: message } });
  }
  const d = parsed.data;
  const found = await findApprovalForUser({ id: approvalId, userId });
  if (!found) throw new AppError("not_found:approval");
  if (found.status !== "PENDING") throw alreadyDecided(found.status);
  if (found.run.status === "PAUSED" && found.run.expiresAt && found.run.expiresAt <= new Date()) {
    await expirePausedRun({ runId: found.run.id, assistantMessageId: found.run.assistantMessageId });
    throw expiredRefusal();
  }
  // A question is answered (or declined), never approved; only a question is answered.
  if ((found.toolName === ASK_USER_TOOL_NAME) !== (d.decision === "answer") && d.decision !== "deny") {
    const key =
      d.decision === "answer" ? "bad_request.approval_not_question" : "bad_request.approval_question";
    throw new AppError("bad_request:approval", { key, fields: { decision: text(key) } });
  }
  if (d.decision === "edit") {
    const problem = await toolArgsProblem({ userId, name: found.toolName, args: d.args });
    if (problem)
      throw new AppError("bad_request:approval", {
        key: "bad_request.approval_args",
        values: { tool: found.toolName, problem },
        fields: { args: problem },
      });
  }
  const status = STATUS_OF[d.decision];
  const editedArgs = d.decision === "edit" ? d.args : undefined;
  const reason = d.decision === "deny" ? d.reason || undefined : undefined;
  const answer = d.decision === "answer" ? d.answer : undefined;
  const runId = found.run.id;
  // A paused run reopens as this process's: held from before, so the lease sweep never takes it
  // for an orphan (a run this process already holds is not touched).
  const holding = found.run.status === "PAUSED";
  if (holding) holdRun(runId);
  let outcome: { resume?: StoredCheckpoint };
  try {
    outcome = await withAdmissionLock(userId, async (tx) => {
      const run = await lockRun({ tx, runId });
      if (run?.status === "PAUSED") {
        await refuseWithoutRunSlot({ tx, userId });
      } else if (run?.status !== "RUNNING") {
        throw new AppError("conflict:approval_expired", { key: "conflict.approval_run_ended" });
      }
      if (!(await recordDecision({ tx, id: approvalId, status, editedArgs, reason, answer })))
        throw alreadyDecided("DECIDED");
      if (run.status !== "PAUSED") return {};
      const reopened = await reopenPausedRun({ tx, runId, processId: processLeaseId() });
      return { resume: reopened.checkpoint as unknown as StoredCheckpoint };
    });
  } catch (err) {
    if (holding) releaseRun(runId);
    throw err;
  }
  const approval = decidedApproval(approvalId, d);
  if (!outcome.resume) {
    if (holding) releaseRun(runId);
    // The run waits in this process, or in another one: relayed there (it reads the decision back).
    if (
      !deliver({
        id: approvalId,
        status,
        editedArgs: editedArgs ?? null,
        reason: reason ?? null,
        answer: answer ?? null,
      })
    )
      await runBus()
        .signal({ type: "decided", approvalId })
        .catch((err) =>
          console.error(
            JSON.stringify({ level: "error", msg: "relaying a decision failed", runId, error: String(err) }),
          ),
        );
    return { approval, runId, resumed: false };
  }
  await resumeRun({ userId, checkpoint: outcome.resume });
  return { approval, runId, resumed: true };
}

function alreadyDecided(status: string): AppError {
  return status === "EXPIRED"
    ? new AppError("conflict:approval_expired")
    : new AppError("conflict:approval_decided");
}
