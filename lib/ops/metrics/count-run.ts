import "server-only";
import type { RunEvent } from "@/lib/agents/events";
import type { Env } from "@/lib/env";
import { currentCurrency } from "@/lib/pricing/current-currency";
import { ModelCallClock } from "../model-call-clock";
import type { FinalRunStatus, ObservedRun, RunObserver } from "../run-observer";
import { runMetrics } from "./registry";

/** The run's metrics observer, or undefined when METRICS_TOKEN is unset (nobody can read them). */
export function countRun(
  run: ObservedRun,
  { METRICS_TOKEN }: Pick<Env, "METRICS_TOKEN">,
): RunObserver | undefined {
  if (!METRICS_TOKEN) return undefined;
  const m = runMetrics();
  const clock = new ModelCallClock();
  // The currency the run's prices were read in (just before it started).
  const currency = currentCurrency();
  let failure: string | undefined;
  if (!run.resumed) m.runsStarted.inc();
  m.runsActive.inc();
  return {
    event(e: RunEvent) {
      const call = clock.observe(e);
      switch (e.type) {
        case "usage": {
          const labels = { provider: e.provider, model: e.model };
          if (call) m.modelCallSeconds.observe(labels, (call.endMs - call.startMs) / 1000);
          m.tokens.inc({ ...labels, direction: "input" }, e.inputTokens);
          m.tokens.inc({ ...labels, direction: "output" }, e.outputTokens);
          // undefined = the run doesn't account cost; null = the model has no price.
          if (e.cost === null) m.unpricedCalls.inc({ agent: e.agentId, model: e.model });
          else if (e.cost !== undefined) m.cost.inc({ agent: e.agentId, model: e.model, currency }, e.cost);
          return;
        }
        case "tool_call_end":
          if (e.name !== "subagent") m.toolCalls.inc({ tool: e.name, outcome: e.error ? "error" : "ok" });
          return;
        case "subagent_stop":
          m.subagents.inc({ outcome: "completed" });
          return;
        case "subagent_error":
          m.subagents.inc({ outcome: "failed" });
          return;
        case "run_end":
          failure = e.error?.code;
          return;
        default:
          return;
      }
    },
    end(status: FinalRunStatus) {
      m.runsActive.dec();
      if (status === "PAUSED") return;
      m.runsFinished.inc({ status: status.toLowerCase() });
      if (status === "FAILED") m.runsFailed.inc({ code: failure ?? "unexpected_end" });
    },
  };
}
