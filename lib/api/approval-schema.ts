// The request of POST /v1/approvals/{id}, the one home of its wire shape: the route validates
// with it and the OpenAPI document is generated from it. The decision itself is checked and
// recorded by the chat's own path (lib/chat/decide-approval.ts decideApproval), which this maps to.
import { z } from "zod";
import { AppError } from "@/lib/errors";

export const approvalDecisionRequestSchema = z.object({
  /** "answer" is for a question of the ask_user tool (its `tool` in pending_approvals); "deny" declines it. */
  decision: z.enum(["approve", "deny", "edit", "answer"]),
  /** With "edit": the arguments the tool runs with instead (checked against the tool's schema). */
  arguments: z.record(z.string(), z.unknown()).optional(),
  /** With "deny": why, told to the agent. */
  reason: z.string().max(1000).optional(),
  /** With "answer": the user's answer to the question (checked like the chat's answer box). */
  answer: z.string().optional(),
});
export type ApprovalDecisionRequest = z.infer<typeof approvalDecisionRequestSchema>;

/** The checked request, or a 400 naming the bad parameter. */
export function parseApprovalDecision(body: unknown): ApprovalDecisionRequest {
  const parsed = approvalDecisionRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const param = String(parsed.error.issues[0]?.path[0] ?? "decision");
  throw new AppError("bad_request:api_param", { values: { param }, fields: { [param]: param } });
}

/** The same decision in the chat's words (`args`, as POST /api/chat/approvals/{id} takes it). */
export function chatDecisionOf(d: ApprovalDecisionRequest): Record<string, unknown> {
  if (d.decision === "edit") return { decision: "edit", args: d.arguments };
  if (d.decision === "deny") return { decision: "deny", ...(d.reason && { reason: d.reason }) };
  if (d.decision === "answer") return { decision: "answer", answer: d.answer };
  return { decision: "approve" };
}
