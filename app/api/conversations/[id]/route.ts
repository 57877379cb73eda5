import { requireUser } from "@/lib/auth/session";
import { type ConversationJson, conversationView } from "@/lib/chat/page-data";
import { stopConversationRuns } from "@/lib/chat/run-control";
import { renameSchema } from "@/lib/chat/validation";
import { deleteConversation, getConversationForUser, renameConversation } from "@/lib/db/conversations";
import { AppError } from "@/lib/errors";
import { releasingConversationFiles } from "@/lib/files/cleanup";
import { route } from "@/lib/http/route";
import { issueText } from "@/lib/http/zod-fields";

export const dynamic = "force-dynamic";

/**
 * GET — the conversation with every message (all branches) as the chat page shows it (answers of
 * dead processes interrupted, paused ones that ran out of time expired) and its live run, if any.
 */
export const GET = route<{ id: string }>({}, async ({ params: { id } }) => {
  const user = await requireUser();
  const view = await conversationView({ id, userId: user.id });
  return Response.json(view satisfies ConversationJson);
});

/** PATCH { title } — rename. */
export const PATCH = route<{ id: string }>({ json: true }, async ({ params: { id }, body }) => {
  const user = await requireUser();
  const parsed = renameSchema.safeParse(body);
  if (!parsed.success) throw new AppError("bad_request:conversation", issueText(parsed.error.issues[0]));
  return Response.json(await renameConversation({ id, userId: user.id, title: parsed.data.title }));
});

export const DELETE = route<{ id: string }>({}, async ({ params: { id } }) => {
  const user = await requireUser();
  await getConversationForUser({ id, userId: user.id });
  await stopConversationRuns({ conversationId: id, userId: user.id });
  await releasingConversationFiles(id, () => deleteConversation({ id, userId: user.id }));
  return Response.json({ ok: true });
});
