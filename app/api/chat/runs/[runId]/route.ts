import { requireUser } from "@/lib/auth/session";
import { follow, getLiveRun, sseStream } from "@/lib/chat/live-runs";
import { AppError, errorResponse } from "@/lib/errors";

export const dynamic = "force-dynamic";

/** GET /api/chat/runs/:runId — replays a live run from its start and follows it to the end. */
export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  try {
    const user = await requireUser();
    const { runId } = await params;
    const live = getLiveRun(runId);
    if (!live) throw new AppError("not_found:run", "This answer is no longer running.");
    if (live.userId !== user.id)
      throw new AppError("forbidden:conversation", "This conversation belongs to another user.");
    return new Response(sseStream(follow(live, request.signal)), {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
      },
    });
  } catch (err) {
    return errorResponse(err);
  }
}
