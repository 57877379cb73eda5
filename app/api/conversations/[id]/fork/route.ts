import { requireUser } from "@/lib/auth/session";
import { forkConversation } from "@/lib/chat/conversation-transfer";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * POST `{ messageId }` — a new conversation of the user with the branch up to that message (its
 * traces included) and the same agent; 201 with its id. 404 for anyone else's conversation or a
 * message not in it.
 */
export const POST = route<{ id: string }>({ json: true }, async ({ params: { id }, body }) => {
  const user = await requireUser();
  const messageId = (body as { messageId?: unknown } | null)?.messageId;
  return Response.json(await forkConversation({ id, userId: user.id, messageId }), { status: 201 });
});
