import { requireUser } from "@/lib/auth/session";
import { decideApproval } from "@/lib/chat/decide-approval";
import { route } from "@/lib/http/route";

/**
 * POST /api/chat/approvals/:id — `{ decision: "approve" }`, `{ decision: "edit", args: {…} }` or
 * `{ decision: "deny", reason? }` for a tool call that waits for the user. Answers the approval's
 * new state, the run id and whether the run was resumed here (then follow GET /api/chat/runs/:id).
 * 400 bad decision, 404 not the user's, 409 already decided or expired, 429 too many runs.
 */
export const POST = route<{ id: string }>({ json: true }, async ({ params: { id }, body }) => {
  const user = await requireUser();
  const outcome = await decideApproval({ userId: user.id, approvalId: id, body });
  return Response.json(outcome);
});
