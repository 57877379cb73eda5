import { ROOT_SPAN_ID, type RunEvent } from "@/lib/agents/events";

/**
 * When each model call of a run began, derived from its events: `model_start` when the engine
 * reported it; for events without it, inside one agent span a model call starts when the previous
 * phase of that span ended — the agent's start, its previous model call, or its last tool result
 * (tools of one turn run between two model calls). Shared by the run's trace and its metrics so
 * both agree.
 */
export class ModelCallClock {
  private readonly since = new Map<string, number>();

  /** Feeds one event; for a `usage` event returns the model call it closes. */
  observe(e: RunEvent): { startMs: number; endMs: number } | undefined {
    switch (e.type) {
      case "run_start":
        this.since.set(ROOT_SPAN_ID, e.ts);
        return undefined;
      case "tool_call_start":
        // A subagent's span begins with its dispatch (subagent_start follows at once).
        if (e.name === "subagent") this.since.set(e.id, e.ts);
        return undefined;
      case "subagent_start":
      case "tool_call_end":
      // The call's own start, when the engine reports it (events of older runs lack it).
      case "model_start":
        this.since.set(e.spanId, e.ts);
        return undefined;
      case "usage": {
        const startMs = this.since.get(e.spanId) ?? e.ts;
        this.since.set(e.spanId, e.ts);
        return { startMs, endMs: e.ts };
      }
      default:
        return undefined;
    }
  }

  /** When the model call now running in `spanId` (if any) began. */
  runningSince(spanId: string): number | undefined {
    return this.since.get(spanId);
  }
}
