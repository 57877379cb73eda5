// A live run's stream: every item is kept for this process's followers (./live-runs) and mirrored
// for other app processes (./run-bus). The one way a run of the app is opened, fed and ended.
import "server-only";
import { type ChatMeta, finish, type LiveRun, publish, registerRun, type StreamItem } from "./live-runs";
import { runBus } from "./run-bus";

/** Registers a starting run in this process and on the bus, its meta first. */
export function openLiveRun(run: {
  meta: ChatMeta;
  userId: string;
  abort: LiveRun["abort"];
  steer?: LiveRun["steer"];
}): LiveRun {
  const live = registerRun(run);
  runBus().append(live, run.meta);
  return live;
}

export function streamItem(live: LiveRun, item: StreamItem): void {
  publish(live, item);
  runBus().append(live, item);
}

/** The run ended (or paused): its followers here and elsewhere get the end. */
export function closeLiveRun(live: LiveRun): void {
  finish(live);
  runBus().end(live);
}
