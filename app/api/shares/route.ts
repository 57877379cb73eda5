import { requireUser } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { type CreateShareInput, createShare, listShares } from "@/lib/shares/shares";

export const dynamic = "force-dynamic";

/** GET ?conversationId= — the user's shared links (of one conversation with the parameter). */
export const GET = route({}, async ({ search }) => {
  const user = await requireUser();
  const conversationId = search.get("conversationId")?.slice(0, 64) || undefined;
  return Response.json({ shares: await listShares({ userId: user.id, conversationId }) });
});

/** POST { conversationId, messageId?, expiresIn } — a new link; its token is in this answer only. */
export const POST = route({ json: true }, async ({ body }) => {
  const user = await requireUser();
  const { token, share } = await createShare({ userId: user.id, input: body as CreateShareInput });
  return Response.json({ token, share }, { status: 201 });
});
