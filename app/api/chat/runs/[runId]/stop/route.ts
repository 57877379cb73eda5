import { requireUser } from "@/lib/auth/session";
import { ownedLiveRun } from "@/lib/chat/live-runs";
import { errorResponse } from "@/lib/errors";

/** POST /api/chat/runs/:runId/stop — aborts the run and every running subagent; what was produced is kept. */
export async function POST(_request: Request, { params }: { params: Promise<{ runId: string }> }) {
  try {
    const user = await requireUser();
    const live = ownedLiveRun({ runId: (await params).runId, userId: user.id });
    if (!live.done) live.abort(new Error("Stopped by the user"));
    return Response.json({ ok: true, stopped: !live.done });
  } catch (err) {
    return errorResponse(err);
  }
}
