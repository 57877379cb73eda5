// Human approval of tool calls, on the host's side. The engine asks (`ApprovalHooks.request`) and
// says when a run comes to rest with every branch waiting (`onIdle`); here each waiting call gets
// a ToolApproval row, and a run at rest is stored — the agents it ran with, its conversation and
// the engine's snapshot — in Run.checkpoint, marked PAUSED (no concurrent-run slot, no process)
// and suspended. A decision (POST /api/chat/approvals/:id) goes to the run when this process holds
// it, else reopens the paused run and resumes it here from the checkpoint (lib/chat/resume.ts):
// after a reload, in another process, or after a restart alike.
import "server-only";
import { z } from "zod";
import {
  type AgentDefinition,
  type ApprovalDecision,
  type ApprovalHooks,
  type ApprovalRequest,
  ASK_USER_TOOL_NAME,
  applyEvent,
  decidedApproval,
  type Limits,
  type MessageTree,
  ROOT_SPAN_ID,
  type RunError,
  type RunSnapshot,
  type ToolApproval,
} from "@/lib/agents";
import { getDb } from "@/lib/db/client";
import type { StoredMessage } from "@/lib/db/conversations";
import { withAdmissionLock } from "@/lib/db/quota-runs";
import {
  type ApprovalRow,
  decidedApprovals,
  endPausedRun,
  ensureApproval,
  findApprovalForUser,
  listExpiredPausedRuns,
  lockRun,
  markRunPaused,
  messageParts,
  type PausedMessage,
  recordDecision,
  reopenPausedRun,
} from "@/lib/db/tool-approvals";
import { env } from "@/lib/env";
import { AppError, text } from "@/lib/errors";
import type { WithAttachments } from "@/lib/files/send";
import { issueText } from "@/lib/http/zod-fields";
import type { Locale } from "@/lib/i18n/locales";
import { refuseWithoutRunSlot } from "@/lib/quota";
import { holdRun, processLeaseId, releaseRun } from "@/lib/quota/process-lease";
import type { ChatMeta } from "./live-runs";
import { runBus } from "./run-bus";
import { toolArgsProblem } from "./tools";

/** What a paused run is resumed from (Run.checkpoint). Plain JSON, no secrets. */
export interface StoredCheckpoint {
  version: 1;
  meta: ChatMeta;
  rootId: string;
  /** Every agent of the run as it ran (tools already resolved for the user). */
  agents: AgentDefinition[];
  /** The conversation, its files by reference (their contents are read again on resume). */
  messages: WithAttachments[];
  initialSummary?: string;
  historyIds: string[];
  limits: Limits;
  /** The language of the request that started the run (absent in checkpoints stored before it). */
  locale?: Locale;
  engine: RunSnapshot;
}

/** The refusal of a decision that came too late. */
function expiredRefusal(): AppError {
  return new AppError("conflict:approval_expired", {
    key: "conflict.approval_timed_out",
    values: { hours: env().TOOL_APPROVAL_EXPIRE_HOURS },
  });
}

/**
 * The message of an answer that waited too long (stored, and shown before the sweep stored it):
 * background work with no request language, so in English (DEFAULT_LOCALE), with its catalog message.
 */
export function expiredError(): RunError {
  const refusal = expiredRefusal();
  // With its catalog message: pages word it in the reader's language (lib/chat/stored-error.ts).
  return { code: refusal.code, message: refusal.message, text: refusal.text };
}

/** The tree of an answer ended while calls waited: waiting calls shown expired (one rule: applyEvent). */
function endedTree(parts: unknown, error?: RunError): MessageTree | null {
  if (!parts) return null;
  const tree = structuredClone(parts) as MessageTree;
  return applyEvent(tree, {
    type: "run_end",
    spanId: ROOT_SPAN_ID,
    parentSpanId: null,
    depth: 0,
    agentId: tree.rootAgentIds[0] ?? "",
    ts: Date.now(),
    status: "stopped",
    error,
    usage: tree.usage,
    durationMs: tree.durationMs ?? 0,
  });
}

/** A paused answer as pages show it once its time is over (read only: the sweep stores it). */
export function expiredView(m: StoredMessage): StoredMessage {
  const error = expiredError();
  return { ...m, status: "STOPPED", error, parts: endedTree(m.parts, error) as StoredMessage["parts"] };
}

// ─── In-process delivery ──────────────────────────────────────────────────────────────────────

type Deliver = (d: ApprovalDecision) => void;
const globalWaiters = globalThis as unknown as { __approvalWaiters?: Map<string, Deliver> };
globalWaiters.__approvalWaiters ??= new Map();
const waiters: Map<string, Deliver> = globalWaiters.__approvalWaiters;

function decisionOf(
  row: Pick<ApprovalRow, "status" | "editedArgs" | "reason" | "answer">,
): ApprovalDecision | undefined {
  if (row.status === "ANSWERED") return { decision: "answer", answer: row.answer ?? "" };
  if (row.status === "APPROVED") return { decision: "approve" };
  if (row.status === "EDITED") return { decision: "edit", args: row.editedArgs as Record<string, unknown> };
  if (row.status === "DENIED") return { decision: "deny", reason: row.reason ?? undefined };
  return undefined;
}

function deliver(row: Pick<ApprovalRow, "id" | "status" | "editedArgs" | "reason" | "answer">): boolean {
  const decision = decisionOf(row);
  const to = waiters.get(row.id);
  if (!decision || !to) return false;
  waiters.delete(row.id);
  to(decision);
  return true;
}

/** What the pump gives a run's approvals once the run streams: how to store and suspend it. */
export interface PauseTarget {
  checkpoint: Omit<StoredCheckpoint, "engine">;
  /** The answer as it stands (content, tree, usage), after pending saves. */
  message: () => Promise<PausedMessage>;
  suspend: () => void;
}

/** The approvals of one run in this process: the engine's hooks, and pausing when it rests. */
export class RunApprovals {
  private target?: PauseTarget;
  private writes = new Set<Promise<unknown>>();
  private resting: Promise<void> = Promise.resolve();
  private readonly mine = new Set<string>();

  constructor(private readonly run: { runId: string; userId: string }) {}

  readonly hooks: ApprovalHooks = {
    request: (req) => this.request(req),
    onIdle: (snapshot) => {
      this.resting = this.resting
        .then(() => this.rest(snapshot))
        .catch((err) => logError("pausing failed", this.run.runId, err));
    },
  };

  bind(target: PauseTarget) {
    this.target = target;
  }

  /** Stops listening for decisions (the run ended or was suspended). */
  close() {
    for (const id of this.mine) waiters.delete(id);
    this.mine.clear();
  }

  private request(req: ApprovalRequest): Promise<ApprovalDecision> {
    return new Promise<ApprovalDecision>((resolve, reject) => {
      // Listening first: a decision that lands while the row is written is not missed.
      waiters.set(req.approvalId, resolve);
      this.mine.add(req.approvalId);
      const write = ensureApproval({
        id: req.approvalId,
        runId: this.run.runId,
        userId: this.run.userId,
        toolCallId: req.toolCallId,
        toolName: req.name,
        args: req.args,
      }).then(
        (row) => deliver(row),
        (err) => {
          waiters.delete(req.approvalId);
          reject(err);
        },
      );
      this.writes.add(write);
      void write.finally(() => this.writes.delete(write));
    });
  }

  /**
   * Every branch waits. Under the run's row lock: decisions that arrived but did not reach the run
   * (another process took them) are handed over and the run goes on; else it is stored as PAUSED
   * and suspended.
   */
  private async rest(snapshot: RunSnapshot) {
    const target = this.target;
    if (!target) return;
    await Promise.allSettled([...this.writes]);
    const ids = Object.values(snapshot.pending).map((r) => r.approvalId);
    if (!ids.length) return;
    const message = await target.message();
    const hours = env().TOOL_APPROVAL_EXPIRE_HOURS;
    const checkpoint: StoredCheckpoint = { ...target.checkpoint, engine: snapshot };
    const outcome = await getDb().$transaction(async (tx) => {
      await lockRun({ tx, runId: this.run.runId });
      const decided = await decidedApprovals({ tx, ids });
      if (decided.length) return { decided, paused: false };
      const paused = await markRunPaused({
        tx,
        runId: this.run.runId,
        checkpoint,
        expiresAt: new Date(Date.now() + hours * 3_600_000),
        message,
      });
      return { decided: undefined, paused };
    });
    if (outcome.decided) {
      for (const row of outcome.decided) deliver(row);
      return;
    }
    if (outcome.paused) {
      this.close();
      target.suspend();
    }
  }
}

/** A decision relayed from another process: handed to the run if it waits here. */
export async function deliverRelayedDecision(approvalId: string): Promise<void> {
  if (!waiters.has(approvalId)) return;
  const [row] = await decidedApprovals({ ids: [approvalId] }).catch(() => []);
  if (row) deliver(row);
}

function logError(msg: string, runId: string, err: unknown) {
  console.error(JSON.stringify({ level: "error", msg, runId, error: String(err) }));
}

// ─── Deciding ─────────────────────────────────────────────────────────────────────────────────

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
        .catch((err) => logError("relaying a decision failed", runId, err));
    return { approval, runId, resumed: false };
  }
  const { resumeRun } = await import("./resume");
  await resumeRun({ userId, checkpoint: outcome.resume });
  return { approval, runId, resumed: true };
}

function alreadyDecided(status: string): AppError {
  return status === "EXPIRED"
    ? new AppError("conflict:approval_expired")
    : new AppError("conflict:approval_decided");
}

// ─── Expiry ───────────────────────────────────────────────────────────────────────────────────

/** Ends a paused run whose time is over: STOPPED, its waiting calls and its answer say expired. */
export function expirePausedRun(run: { runId: string; assistantMessageId: string }) {
  return endPaused({ ...run, error: expiredError() });
}

/** Ends a paused run on the user's Stop: STOPPED like any stopped answer; its calls can't be decided any more. */
export function stopPausedRun(run: { runId: string; assistantMessageId: string }) {
  return endPaused({ ...run, error: null });
}

/** Ends a paused run (false when it was no longer paused): its waiting calls are shown ended. */
async function endPaused({
  runId,
  assistantMessageId,
  error,
}: {
  runId: string;
  assistantMessageId: string;
  error: { code: string; message: string } | null;
}) {
  return getDb().$transaction(async (tx) => {
    await lockRun({ tx, runId });
    const stored = await messageParts({ tx, id: assistantMessageId });
    return endPausedRun({
      tx,
      runId,
      message: { id: assistantMessageId, parts: endedTree(stored?.parts, error ?? undefined) },
      error,
    });
  });
}

/** Ends every paused run whose time is over (the server's periodic sweep). */
export async function expirePausedRuns({ userId }: { userId?: string } = {}): Promise<number> {
  let ended = 0;
  for (const run of await listExpiredPausedRuns({ now: new Date(), userId })) {
    if (await expirePausedRun({ runId: run.id, assistantMessageId: run.assistantMessageId })) ended++;
  }
  return ended;
}
