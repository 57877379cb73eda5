// Runs in progress in this process. Every event of a live run is kept here so that a second
// request (a reload, another tab) can replay what happened so far and then follow the rest.
// A finished run stays a short while so a client that reconnects right at the end still sees it.
import type { RunEvent } from "@/lib/agents";
import { AppError } from "@/lib/errors";

export interface ChatMeta {
  type: "meta";
  runId: string;
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  agentId: string;
  title: string;
}

export type StreamItem = ChatMeta | RunEvent;

type Listener = (item: StreamItem | null) => void;

export interface LiveRun {
  meta: ChatMeta;
  userId: string;
  items: StreamItem[];
  done: boolean;
  abort: (reason?: unknown) => void;
  listeners: Set<Listener>;
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

export function stopAcceptingRuns(): void {
  shutdownState.__acceptingRuns = false;
}

/** Runs of this process that have not ended yet. */
export function unfinishedRuns(): LiveRun[] {
  return [...runs.values()].filter((r) => !r.done);
}

export function registerRun({
  meta,
  userId,
  abort,
}: {
  meta: ChatMeta;
  userId: string;
  abort: LiveRun["abort"];
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
    listeners: new Set(),
    ended,
    markEnded,
  };
  runs.set(meta.runId, run);
  return run;
}

export function publish(run: LiveRun, item: StreamItem) {
  run.items.push(item);
  for (const l of run.listeners) l(item);
}

export function finish(run: LiveRun) {
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

/** A live run of this user's; `not_found:run` when it has ended or belongs to someone else. */
export function ownedLiveRun({ runId, userId }: { runId: string; userId: string }): LiveRun {
  const live = runs.get(runId);
  // Someone else's run answers exactly as a missing one: run ids are not confirmed to others.
  if (!live || live.userId !== userId)
    throw new AppError("not_found:run", "This answer is no longer running.");
  return live;
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
