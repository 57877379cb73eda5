import { requireUser } from "@/lib/auth/session";
import { previewOwnFile } from "@/lib/files/read";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** GET — the text the models read of a document (its preview), for its owner only. */
export const GET = route<{ id: string }>({}, async ({ params: { id } }) => {
  const user = await requireUser();
  return Response.json(await previewOwnFile({ id, userId: user.id }));
});
