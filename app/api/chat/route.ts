import { requireUser } from "@/lib/auth/session";
import { follow, sseStream } from "@/lib/chat/live-runs";
import { startChat } from "@/lib/chat/start-chat";
import { AppError, errorResponse } from "@/lib/errors";

export const dynamic = "force-dynamic";

/**
 * POST /api/chat — starts an answer and streams it as server-sent events: first a `meta` item
 * (conversation, message and run ids), then the engine's typed events until `run_end`.
 * The run keeps going if the client goes away; GET /api/chat/runs/:id reattaches.
 */
export async function POST(request: Request) {
  try {
    const user = await requireUser();
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      throw new AppError("bad_request:chat", "The request body must be JSON.");
    }
    const live = await startChat({ user, body });
    return new Response(sseStream(follow(live, request.signal)), {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      },
    });
  } catch (err) {
    return errorResponse(err);
  }
}
