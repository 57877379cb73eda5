/**
 * Human approval of tool calls ("Ask before running"). One shape, `ToolApproval`, is carried by the
 * `tool_approval` event, stored in the trace tree on the tool call and shown by the UI, so a reload
 * shows exactly what the live stream showed. The engine asks its host through `ApprovalHooks` and
 * never stores anything itself: the host persists requests, decisions and the run's snapshot.
 */
import type { RunSnapshot } from "./graph/journal";

export type ApprovalStatus = "pending" | "approved" | "edited" | "denied" | "expired" | "answered";

/** The approval state of one tool call. */
export interface ToolApproval {
  /** The approval's id (what `POST /api/chat/approvals/:id` decides). */
  id: string;
  status: ApprovalStatus;
  /** `edited`: the arguments the tool ran with instead of the model's. */
  args?: Record<string, unknown>;
  /** `denied`: the person's reason; `expired`: why nobody can decide any more (the run's error). */
  reason?: string;
  /** `answered`: what the user replied to an `ask_user` question (the tool's result). */
  answer?: string;
  /** `expired` without a message of the run's own: how the answer ended (the chat words it). */
  expiredBy?: ExpiredBy;
}

/** How an answer ended before a waiting call was decided: it ended, or its process died. */
export type ExpiredBy = "ended" | "interrupted";

export type ApprovalDecision =
  | { decision: "approve" }
  | { decision: "edit"; args: Record<string, unknown> }
  | { decision: "deny"; reason?: string }
  /** The user's reply to an `ask_user` question. */
  | { decision: "answer"; answer: string };

/** A tool call that waits for a person. */
export interface ApprovalRequest {
  approvalId: string;
  toolCallId: string;
  /** The model-facing tool name. */
  name: string;
  args: Record<string, unknown>;
  /** Where the tool runs (an MCP server's name), when not built in. */
  source?: string;
  spanId: string;
  parentSpanId: string | null;
  depth: number;
  agentId: string;
}

export interface ApprovalHooks {
  /**
   * A call needs a decision. Resolves with it (at once when the host already has one, e.g. when a
   * stored run is resumed). Called again with the same `approvalId` when a resumed run reaches a
   * call that was already waiting.
   */
  request(req: ApprovalRequest): Promise<ApprovalDecision>;
  /**
   * Every branch of the run waits for a decision (nothing runs): the host may store `snapshot` and
   * `suspend()` the run, to resume it later with `createRun({ resume: snapshot })`. Called again
   * each time the run comes to rest after a decision.
   */
  onIdle?(snapshot: RunSnapshot): void;
}

/** What the model receives when a person denies a call. */
export function deniedResult(reason: string | undefined): string {
  return `denied by the user: ${reason?.trim() || "no reason given"}`;
}

/**
 * What the model receives when a person changed a call's arguments before it ran: the change
 * first, so the model doesn't take the result for that of the call it made.
 */
export function editedResult(args: Record<string, unknown>, result: string): string {
  return `The user changed the arguments of this call before it ran; it ran with ${JSON.stringify(args)}. Result: ${result}`;
}

/** The approval state after a decision. */
export function decidedApproval(id: string, d: ApprovalDecision): ToolApproval {
  if (d.decision === "approve") return { id, status: "approved" };
  if (d.decision === "edit") return { id, status: "edited", args: d.args };
  if (d.decision === "answer") return { id, status: "answered", answer: d.answer };
  return d.reason?.trim() ? { id, status: "denied", reason: d.reason.trim() } : { id, status: "denied" };
}
