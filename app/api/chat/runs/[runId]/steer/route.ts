import { requireUser } from "@/lib/auth/session";
import { steerRun } from "@/lib/chat/run-control";
import { steerRequestSchema } from "@/lib/chat/validation";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { issueText } from "@/lib/http/zod-fields";

/**
 * POST /api/chat/runs/:runId/steer — `{ text }`: hands the message to the running answer's root
 * agent before its next model call, in whichever process runs it. 400 empty or too long, 404 not
 * the user's run or not running any more.
 */
export const POST = route<{ runId: string }>({ json: true }, async ({ params: { runId }, body }) => {
  const user = await requireUser();
  const parsed = steerRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issueText(issue);
    throw new AppError("bad_request:chat", {
      ...message,
      fields: { [String(issue?.path[0] ?? "body")]: message },
    });
  }
  const { relayed } = await steerRun({ runId, userId: user.id, text: parsed.data.text });
  return Response.json(relayed ? { ok: true, relayed } : { ok: true });
});
