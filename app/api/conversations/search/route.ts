import { requireUser } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { searchUserMessages } from "@/lib/search/messages";

export const dynamic = "force-dynamic";

/** GET /api/conversations/search?q= — the user's messages containing the text, with snippets. Reads only. */
export const GET = route({}, async ({ search }) => {
  const user = await requireUser();
  return Response.json({ results: await searchUserMessages(user.id, search.get("q")) });
});
