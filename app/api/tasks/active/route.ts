import { requireUser } from "@/lib/auth/session";
import { activeTasksOfUser, tasksEndedSince } from "@/lib/db/background-tasks";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * GET [?since=<the `now` of a previous answer>] — the caller's queued and running background
 * tasks, and those that ended since then (id, conversation), with the server's `now` to pass back
 * (the browser's clock is never compared with the server's). Reads only; only the caller's tasks.
 */
export const GET = route({}, async ({ search }) => {
  const user = await requireUser();
  const raw = search.get("since");
  const since = raw === null ? null : new Date(raw);
  if (since && Number.isNaN(since.getTime())) throw new AppError("bad_request:since");
  const now = new Date();
  const [tasks, ended] = await Promise.all([
    activeTasksOfUser({ userId: user.id }),
    since ? tasksEndedSince({ userId: user.id, since }) : Promise.resolve([]),
  ]);
  return Response.json(
    { now: now.toISOString(), tasks, ended },
    { headers: { "Cache-Control": "no-store" } },
  );
});
