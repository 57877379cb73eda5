import type { RunEvent } from "@/lib/agents/events";

/** How a run's pump ended: its Run row's final status, or PAUSED (waiting for approvals). */
export type FinalRunStatus = "COMPLETED" | "STOPPED" | "FAILED" | "INTERRUPTED" | "PAUSED";

/** What operators' tools learn of one run: each event as it happens, then how the run ended. */
export interface RunObserver {
  event(e: RunEvent): void;
  end(status: FinalRunStatus): void;
}

/** The run being observed. */
export interface ObservedRun {
  runId: string;
  /** The run's agents and its root (names the root span; no instructions or tools are read). */
  agents: readonly { id: string; name: string; model: string }[];
  rootId: string;
  /** A run resumed after a pause continues the trace and the counts of its first part. */
  resumed: boolean;
}
