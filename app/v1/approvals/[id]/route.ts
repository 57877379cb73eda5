import { decideApiApproval } from "@/lib/api/approvals";
import { apiRoute } from "@/lib/api/route";
import { readJsonBody } from "@/lib/http/read-json";

export const dynamic = "force-dynamic";

/**
 * POST /v1/approvals/{id} — `{decision: "approve" | "deny" | "edit" | "answer", arguments?, reason?,
 * answer?}` for a call (or an ask_user question) listed in `pending_approvals`; resumes the run and answers its rest as a chat.completion.
 * 400 bad decision, 404 not the key's user's, 409 already decided or expired, 429 too many runs.
 */
export const POST = apiRoute<{ id: string }>(async ({ req, caller, params }) =>
  Response.json(await decideApiApproval({ caller, approvalId: params.id, body: await readJsonBody(req) })),
);
