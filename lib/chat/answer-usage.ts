// How a run's events become the stored answer's figures and status: shared by a chat send
// (answer-writer.ts) and an eval case (lib/evals/run-case.ts), which store answers the same way.
import type { RunEvent } from "@/lib/agents";
import type { MessageUsage } from "@/lib/db/conversations";

export function emptyUsage(): MessageUsage {
  return { inputTokens: 0, outputTokens: 0, subagentInputTokens: 0, subagentOutputTokens: 0 };
}

/** Adds a model call's tokens; a subagent's (depth > 0) also to the subagents' share. */
export function addUsage(u: MessageUsage, e: Extract<RunEvent, { type: "usage" }>) {
  u.inputTokens += e.inputTokens;
  u.outputTokens += e.outputTokens;
  if (e.depth > 0) {
    u.subagentInputTokens += e.inputTokens;
    u.subagentOutputTokens += e.outputTokens;
  }
}

/** The engine's end status → the message's and the run's stored status. */
export const MESSAGE_STATUS = { completed: "COMPLETE", stopped: "STOPPED", failed: "FAILED" } as const;
export const RUN_STATUS = { completed: "COMPLETED", stopped: "STOPPED", failed: "FAILED" } as const;
