// The live run bus: how the events of a running answer reach requests served by other app
// processes, and how a Stop reaches the process that runs it. Two implementations with one
// interface — `local` (one process, or several relaying only Stop through PostgreSQL NOTIFY) and
// `redis` (REDIS_URL: events mirrored to a Redis Stream per run, Stop over Redis pub/sub) — chosen
// once in ./index.ts; nothing else in the app knows which one runs.
import type { RunSignal } from "@/lib/db/run-signals";
import type { LiveRun, StreamItem } from "../live-runs";

export type FeedListener = (item: StreamItem | null) => void;

/** What an SSE response follows: the items so far (meta first), then each new one; null ends it. */
export interface RunFeed {
  items: StreamItem[];
  done: boolean;
  listeners: Set<FeedListener>;
  /** The follower went away: stop reading for it. */
  close?: () => void;
}

export interface RunBus {
  /** Whether `follow` can serve runs of other processes (else those are followed by polling). */
  readonly followsOtherProcesses: boolean;
  /** A run of this process has a new item (its meta first): mirror it for other processes. */
  append(run: LiveRun, item: StreamItem): void;
  /** A run of this process ended: its followers elsewhere get the end. */
  end(run: LiveRun): void;
  /**
   * Follows a run another process runs, from its first item. `stillRunning` is asked when the
   * stream has been quiet for a while (its runner may have died without an end). Null when the
   * run can't be followed from here (no stream, or its start was trimmed or lost).
   */
  follow(runId: string, stillRunning: () => Promise<boolean>): Promise<RunFeed | null>;
  /** Tells whichever process runs the run: stop it (and its subagents), or a call it waits for was decided. */
  signal(signal: RunSignal): Promise<void>;
  /** Installs (once per process) what a relayed signal calls. */
  onSignal(handler: (signal: RunSignal) => void): void;
  /** For /api/ready: null when the bus needs no service, else whether it is reachable. */
  check(): Promise<{ ok: boolean; detail?: string } | null>;
  /** Graceful shutdown: writes what is pending (the ends of the last runs), then disconnects. */
  close(): Promise<void>;
}
