// Following and stopping a run wherever it runs: this process's own runs in memory; another
// process's through the live run bus, once the database confirms the run is the user's and still
// running. (What this process does with signals relayed to it: ./relayed-signals.ts.)
import "server-only";
import { getRunForUser, runningRunsOfConversation } from "@/lib/db/run-signals";
import { AppError } from "@/lib/errors";
import { stopPausedRun } from "./approval-expiry";
import { getLiveRun, liveRunForConversation } from "./live-runs";
import { type RunFeed, runBus } from "./run-bus";

export async function followRun({ runId, userId }: { runId: string; userId: string }): Promise<RunFeed> {
  const local = getLiveRun(runId);
  if (local) {
    // Someone else's run answers exactly as a missing one: run ids are not confirmed to others.
    if (local.userId !== userId) throw new AppError("not_found:run");
    return local;
  }
  const run = await getRunForUser({ runId, userId });
  if (run.status !== "RUNNING") throw new AppError("not_found:run");
  const feed = await runBus().follow(runId, async () => {
    const now = await getRunForUser({ runId, userId }).catch(() => null);
    return now?.status === "RUNNING";
  });
  if (!feed) throw new AppError("not_found:run");
  return feed;
}

/** Stops a run and its subagents wherever it runs (relayed when another process runs it). */
export async function stopRun({
  runId,
  userId,
}: {
  runId: string;
  userId: string;
}): Promise<{ stopped: boolean; relayed: boolean }> {
  const local = getLiveRun(runId);
  if (local && local.userId === userId && !local.done) {
    local.abort(new Error("Stopped by the user"));
    return { stopped: true, relayed: false };
  }
  // Ended here (perhaps paused since), or running elsewhere: the database says which.
  const run = await getRunForUser({ runId, userId });
  // Waiting for approvals: in no process's memory; ended in the database.
  if (run.status === "PAUSED") {
    if (await stopPausedRun({ runId, assistantMessageId: run.assistantMessageId }))
      return { stopped: true, relayed: false };
  } else if (run.status === "RUNNING") {
    await runBus().signal({ type: "stop", runId });
    return { stopped: true, relayed: true };
  }
  throw new AppError("not_found:run", { key: "not_found.run_finished" });
}

/**
 * Steer: hands the user's message to the root agent of their running answer, before its next model
 * call, wherever it runs (relayed when another process runs it). The message shows in the answer's
 * trace (a `steer` event) where it went in; one the run ends without reading is not delivered (the
 * chat then sends it as the next turn). A run that is not running (ended, paused) is not found.
 */
export async function steerRun({
  runId,
  userId,
  text,
}: {
  runId: string;
  userId: string;
  text: string;
}): Promise<{ relayed: boolean }> {
  const local = getLiveRun(runId);
  if (local && local.userId === userId) {
    if (!local.done && local.steer?.(text)) return { relayed: false };
    throw new AppError("not_found:run", { key: "not_found.run_finished" });
  }
  const run = await getRunForUser({ runId, userId });
  if (run.status !== "RUNNING") throw new AppError("not_found:run", { key: "not_found.run_finished" });
  await runBus().signal({ type: "steer", runId, text });
  return { relayed: true };
}

/** Stops every answer of a conversation that is about to be deleted, in whichever process runs it. */
export async function stopConversationRuns({
  conversationId,
  userId,
}: {
  conversationId: string;
  userId: string;
}): Promise<void> {
  liveRunForConversation(conversationId)?.abort();
  for (const runId of await runningRunsOfConversation({ conversationId, userId }))
    if (!getLiveRun(runId)) await runBus().signal({ type: "stop", runId });
}
