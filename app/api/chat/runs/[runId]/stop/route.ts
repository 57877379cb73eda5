import { requireUser } from "@/lib/auth/session";
import { getLiveRun } from "@/lib/chat/live-runs";
import { AppError, errorResponse } from "@/lib/errors";

/** POST /api/chat/runs/:runId/stop — aborts the run and every running subagent; what was produced is kept. */
export async function POST(_request: Request, { params }: { params: Promise<{ runId: string }> }) {
  try {
    const user = await requireUser();
    const { runId } = await params;
    const live = getLiveRun(runId);
    if (!live) throw new AppError("not_found:run", "This answer is no longer running.");
    if (live.userId !== user.id)
      throw new AppError("forbidden:conversation", "This conversation belongs to another user.");
    if (!live.done) live.abort(new Error("Stopped by the user"));
    return Response.json({ ok: true, stopped: !live.done });
  } catch (err) {
    return errorResponse(err);
  }
}
