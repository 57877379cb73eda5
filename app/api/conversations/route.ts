import { requireUser } from "@/lib/auth/session";
import { listConversations } from "@/lib/db/conversations";
import { errorResponse } from "@/lib/errors";

export const dynamic = "force-dynamic";

/** GET /api/conversations?q= — the user's conversations, newest first, optionally searched by title. */
export async function GET(request: Request) {
  try {
    const user = await requireUser();
    const q = new URL(request.url).searchParams.get("q")?.trim().slice(0, 200) || undefined;
    return Response.json({ conversations: await listConversations({ userId: user.id, search: q }) });
  } catch (err) {
    return errorResponse(err);
  }
}
