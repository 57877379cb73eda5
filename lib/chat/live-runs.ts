// Runs in progress in this process. Every event of a live run is kept here so that a second
// request (a reload, another tab) can replay what happened so far and then follow the rest.
// Mirroring them for other app processes is the run bus's job (./run-bus, which builds on these
// types; ./live-stream feeds both). A finished run stays a short while so a client that reconnects
// right at the end still sees it.
import type { MessageTree, RunEvent } from "@/lib/agents";
import { AppError } from "@/lib/errors";

export interface ChatMeta {
  type: "meta";
  runId: string;
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  agentId: string;
  title: string;
  /** A run resumed after a pause for approvals: the answer it continues (its events follow). */
  resumedFrom?: MessageTree;
}

export type StreamItem = ChatMeta | RunEvent;

export interface LiveRun {
  meta: ChatMeta;
  userId: string;
  items: StreamItem[];
  done: boolean;
  abort: (reason?: unknown) => void;
  /** Hands a message to the root agent before its next model call (false: the run no longer reads them). */
  steer?: (text: string) => boolean;
  /** This process's followers; null ends each (the run bus's FeedListener). */
  listeners: Set<(item: StreamItem | null) => void>;
  /** Resolves when the run has ended and its answer was saved (or the save gave up). */
  ended: Promise<void>;
  markEnded: () => void;
}

/**
 * Abort reason of runs cut off by a graceful shutdown: their answers are saved as INTERRUPTED.
 * Recognised by name, not identity: Next.js bundles instrumentation (which shuts down) and the
 * routes (which run the answers) separately, each with its own copy of this module.
 */
export function serverShutdown(): Error {
  const err = new Error("The server is shutting down");
  err.name = "ServerShutdown";
  return err;
}

export function isServerShutdown(reason: unknown): boolean {
  return reason instanceof Error && reason.name === "ServerShutdown";
}

const KEEP_FINISHED_MS = 30_000;

const globalRuns = globalThis as unknown as { __liveRuns?: Map<string, LiveRun> };
globalRuns.__liveRuns ??= new Map();
const runs: Map<string, LiveRun> = globalRuns.__liveRuns;

const shutdownState = globalThis as unknown as { __acceptingRuns?: boolean };

/** False once a graceful shutdown began: no new run is started in this process. */
export function acceptingRuns(): boolean {
  return shutdownState.__acceptingRuns !== false;
}

/** No new run in this process once a graceful shutdown began (503, to be retried in 5 s). */
export function refuseWhileShuttingDown(): void {
  if (!acceptingRuns()) throw new AppError("unavailable:shutting_down", { retryAfter: 5 });
}

export function stopAcceptingRuns(): void {
  shutdownState.__acceptingRuns = false;
}

const counter = globalThis as unknown as { __liveRunCount?: number };

/** How many runs this process is running now (constant time, unlike `unfinishedRuns()`). */
export function liveRunCount(): number {
  return counter.__liveRunCount ?? 0;
}

/** Runs of this process that have not ended yet. */
export function unfinishedRuns(): LiveRun[] {
  return [...runs.values()].filter((r) => !r.done);
}

/** Adds a run to this process's registry (./live-stream also opens its mirror on the run bus). */
export function registerRun({
  meta,
  userId,
  abort,
  steer,
}: {
  meta: ChatMeta;
  userId: string;
  abort: LiveRun["abort"];
  steer?: LiveRun["steer"];
}): LiveRun {
  let markEnded = () => {};
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const run: LiveRun = {
    meta,
    userId,
    items: [meta],
    done: false,
    abort,
    ...(steer ? { steer } : {}),
    listeners: new Set(),
    ended,
    markEnded,
  };
  runs.set(meta.runId, run);
  counter.__liveRunCount = liveRunCount() + 1;
  return run;
}

/** Keeps an item and hands it to this process's followers. */
export function publish(run: LiveRun, item: StreamItem) {
  run.items.push(item);
  for (const l of run.listeners) l(item);
}

/** Ends a run for this process's followers; the registry forgets it a little later. */
export function finish(run: LiveRun) {
  if (!run.done) counter.__liveRunCount = Math.max(0, liveRunCount() - 1);
  run.done = true;
  run.markEnded();
  for (const l of run.listeners) l(null);
  run.listeners.clear();
  setTimeout(() => {
    if (runs.get(run.meta.runId) === run) runs.delete(run.meta.runId);
  }, KEEP_FINISHED_MS).unref?.();
}

export function getLiveRun(runId: string): LiveRun | undefined {
  return runs.get(runId);
}

export function liveRunForConversation(conversationId: string): LiveRun | undefined {
  for (const run of runs.values()) if (!run.done && run.meta.conversationId === conversationId) return run;
  return undefined;
}

export function isLive(assistantMessageId: string): boolean {
  for (const run of runs.values())
    if (!run.done && run.meta.assistantMessageId === assistantMessageId) return true;
  return false;
}
