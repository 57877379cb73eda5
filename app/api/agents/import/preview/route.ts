import { requireUser } from "@/lib/auth/session";
import { requestErrorLocale } from "@/lib/http/error-body";
import { route } from "@/lib/http/route";
import { planTeamImport } from "@/lib/teams/import";

/** POST /api/agents/import/preview { file, mode?, mapping? } → { plan }: the tree, verdicts, what to map (writes nothing) */
export const POST = route({ json: true }, async ({ req, body }) => {
  const user = await requireUser();
  const { plan } = await planTeamImport({
    userId: user.id,
    input: body,
    locale: await requestErrorLocale(req),
  });
  return Response.json({ plan });
});
