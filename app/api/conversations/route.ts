import { requireUser } from "@/lib/auth/session";
import { listConversations } from "@/lib/db/conversations";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** GET /api/conversations?q= — the user's conversations, newest first, optionally searched by title. */
export const GET = route({}, async ({ search }) => {
  const user = await requireUser();
  const q = search.get("q")?.trim().slice(0, 200) || undefined;
  return Response.json({ conversations: await listConversations({ userId: user.id, search: q }) });
});
