import { requireUser } from "@/lib/auth/session";
import { stopRun } from "@/lib/chat/run-control";
import { route } from "@/lib/http/route";

/** POST /api/chat/runs/:runId/stop — aborts the run and every running subagent; what was produced is kept. */
export const POST = route<{ runId: string }>({}, async ({ params: { runId } }) => {
  const user = await requireUser();
  const { stopped, relayed } = await stopRun({ runId, userId: user.id });
  return Response.json(relayed ? { ok: true, stopped, relayed } : { ok: true, stopped });
});
