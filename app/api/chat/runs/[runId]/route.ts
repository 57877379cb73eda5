import { requireUser } from "@/lib/auth/session";
import { followRun } from "@/lib/chat/run-control";
import { liveSse } from "@/lib/chat/sse-stream";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** GET /api/chat/runs/:runId — replays a live run from its start and follows it to the end. */
export const GET = route<{ runId: string }>({}, async ({ req, params: { runId } }) => {
  const user = await requireUser();
  const feed = await followRun({ runId, userId: user.id });
  return new Response(liveSse(feed, req.signal), {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
    },
  });
});
