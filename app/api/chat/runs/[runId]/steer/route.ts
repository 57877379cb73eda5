import { requireUser } from "@/lib/auth/session";
import { steerRun } from "@/lib/chat/run-control";
import { parseSteerRequest } from "@/lib/chat/validation";
import { route } from "@/lib/http/route";

/**
 * POST /api/chat/runs/:runId/steer — `{ text }`: hands the message to the running answer's root
 * agent before its next model call, in whichever process runs it. 400 empty or too long, 404 not
 * the user's run or not running any more.
 */
export const POST = route<{ runId: string }>({ json: true }, async ({ params: { runId }, body }) => {
  const user = await requireUser();
  const { text } = parseSteerRequest(body);
  const { relayed } = await steerRun({ runId, userId: user.id, text });
  return Response.json(relayed ? { ok: true, relayed } : { ok: true });
});
