import { requireUser } from "@/lib/auth/session";
import { ownedLiveRun } from "@/lib/chat/live-runs";
import { getRunForUser, requestRunStop } from "@/lib/db/run-signals";
import { AppError, isAppError } from "@/lib/errors";
import { route } from "@/lib/http/route";

/** POST /api/chat/runs/:runId/stop — aborts the run and every running subagent; what was produced is kept. */
export const POST = route<{ runId: string }>({}, async ({ params: { runId } }) => {
  const user = await requireUser();
  try {
    const live = ownedLiveRun({ runId, userId: user.id });
    if (!live.done) live.abort(new Error("Stopped by the user"));
    return Response.json({ ok: true, stopped: !live.done });
  } catch (err) {
    if (!isAppError(err) || err.code !== "not_found:run") throw err;
  }
  // Not in this process: if it runs in another one, relay the stop through the database.
  const run = await getRunForUser({ runId, userId: user.id });
  if (run.status !== "RUNNING") throw new AppError("not_found:run", "This answer has already finished.");
  await requestRunStop({ runId });
  return Response.json({ ok: true, stopped: true, relayed: true });
});
