import { requireUser } from "@/lib/auth/session";
import { getEvalRun } from "@/lib/evals/service";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** GET — an eval run's progress, results and summaries (read only; the Evals tab polls it). */
export const GET = route<{ id: string }>({}, async ({ params: { id } }) => {
  const user = await requireUser();
  return Response.json(await getEvalRun({ evalRunId: id, userId: user.id }));
});
