import { requireUser } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { revokeShare } from "@/lib/shares/shares";

export const dynamic = "force-dynamic";

/** DELETE — revokes one of the user's links (someone else's is a 404). */
export const DELETE = route<{ id: string }>({}, async ({ params: { id } }) => {
  const user = await requireUser();
  await revokeShare({ userId: user.id, id });
  return Response.json({ ok: true });
});
