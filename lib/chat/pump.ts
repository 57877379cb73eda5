// The pump: drains a run's events into its live stream and its answer, whatever happens to the
// client, and ends both when the engine is done.
import "server-only";
import type { AgentDefinition, AgentRun, RunEvent } from "@/lib/agents";
import { observeRun } from "@/lib/ops/observe-run";
import { releaseRun } from "@/lib/quota/process-lease";
import { type AnswerWriter, answerEnd } from "./answer-writer";
import type { LiveRun } from "./live-runs";
import { closeLiveRun, streamItem } from "./live-stream";

/**
 * Runs `run` to its end. A run that pauses for approvals was stored by them and suspended: the
 * pump then ends its stream and frees its slot without closing the run.
 */
export async function pump({
  live,
  run,
  signal,
  runId,
  answer,
  historyIds,
  agents,
  rootId,
  onStopped,
  afterAnswer,
}: {
  live: LiveRun;
  run: AgentRun;
  signal: AbortSignal;
  runId: string;
  answer: AnswerWriter;
  /** Which stored message each engine message is, so a summary can record what it covers. */
  historyIds: string[];
  /** The run's agents, for its traces and metrics. */
  agents: AgentDefinition[];
  rootId: string;
  /** Called once the engine stopped emitting (ended or suspended), before anything is saved. */
  onStopped: () => void;
  /** Called once the answer is stored as complete (not awaited: it never delays the run's end). */
  afterAnswer?: () => Promise<void>;
}) {
  let end: Extract<RunEvent, { type: "run_end" }> | undefined;
  // Traces and metrics for operators; undefined (no work per event) when both are off.
  const observer = observeRun({ runId, agents, rootId, resumed: answer.resumed });
  // Each event as the engine emits it (no queue, no promise per event): kept for the saves,
  // published to the live run's followers and the run bus, seen by the observer.
  const result = await run.consume((event) => {
    answer.apply(event, historyIds);
    if (event.type === "run_end") end = event;
    streamItem(live, event);
    observer?.event(event);
    answer.saveWhenDue();
  });
  onStopped();
  if (result.status === "paused") {
    // Stored as PAUSED (run-approvals.ts): no slot, no process; a decision resumes it from the database.
    releaseRun(runId);
    closeLiveRun(live);
    observer?.end("PAUSED");
    return;
  }
  const ending = answerEnd(signal, end);
  observer?.end(ending.runStatus);
  try {
    const stored = await answer.saveEnd(ending);
    if (stored && ending.message.status === "COMPLETE") void afterAnswer?.();
  } finally {
    releaseRun(runId);
    closeLiveRun(live);
  }
}
