import { requireUser } from "@/lib/auth/session";
import { importConversationFile } from "@/lib/chat/conversation-transfer";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * POST (a conversation file of ours) — a new conversation of the importer. The body is bounded
 * (413 over 1 MB, 400 nested deeper than 32 levels or holding NUL: lib/http/read-json.ts), then
 * checked (400 naming the field); nothing is stored unless all of it is.
 */
export const POST = route({ json: true }, async ({ body }) => {
  const user = await requireUser();
  return Response.json(await importConversationFile(user.id, body), { status: 201 });
});
