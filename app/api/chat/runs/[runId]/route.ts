import { requireUser } from "@/lib/auth/session";
import { follow, ownedLiveRun, sseStream } from "@/lib/chat/live-runs";
import { errorResponse } from "@/lib/errors";

export const dynamic = "force-dynamic";

/** GET /api/chat/runs/:runId — replays a live run from its start and follows it to the end. */
export async function GET(request: Request, { params }: { params: Promise<{ runId: string }> }) {
  try {
    const user = await requireUser();
    const live = ownedLiveRun({ runId: (await params).runId, userId: user.id });
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
