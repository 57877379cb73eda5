import { requireUser } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { importTeam } from "@/lib/teams/import";

/** POST /api/agents/import { file, mode?, mapping? } → 201 { rootId, created, updated } (nothing written on a 4xx) */
export const POST = route({ json: true }, async ({ body }) => {
  const user = await requireUser();
  return Response.json(await importTeam({ userId: user.id, input: body }), { status: 201 });
});
