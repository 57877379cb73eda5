import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** This process's Prometheus metrics (each instance is scraped on its own). */
function create() {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: "delegate_" });
  return {
    registry,
    runsStarted: new Counter({
      name: "delegate_runs_started_total",
      help: "Answers (runs) started in this process; a run resumed after approvals is not counted again.",
      registers,
    }),
    runsFinished: new Counter({
      name: "delegate_runs_finished_total",
      help: "Runs that ended in this process, by final status (completed, stopped, failed, interrupted).",
      labelNames: ["status"],
      registers,
    }),
    runsFailed: new Counter({
      name: "delegate_runs_failed_total",
      help: "Failed runs by error code.",
      labelNames: ["code"],
      registers,
    }),
    runsActive: new Gauge({
      name: "delegate_runs_active",
      help: "Runs running in this process now (a run paused for approvals is not running).",
      registers,
    }),
    modelCallSeconds: new Histogram({
      name: "delegate_model_call_duration_seconds",
      help: "Model calls from request to their last token, by provider and model.",
      labelNames: ["provider", "model"],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160],
      registers,
    }),
    tokens: new Counter({
      name: "delegate_model_tokens_total",
      help: "Tokens of model calls, by direction (input, output), provider and model.",
      labelNames: ["direction", "provider", "model"],
      registers,
    }),
    // Cost per agent (its id: names change) and model; the currency is a label so a change of the
    // installation's currency starts new series instead of adding euros to dollars.
    cost: new Counter({
      name: "delegate_model_cost_total",
      help: "Cost of priced model calls, in the label's currency, by agent id and model.",
      labelNames: ["agent", "model", "currency"],
      registers,
    }),
    unpricedCalls: new Counter({
      name: "delegate_model_calls_unpriced_total",
      help: "Model calls whose model had no price (their cost is unknown), by agent id and model.",
      labelNames: ["agent", "model"],
      registers,
    }),
    toolCalls: new Counter({
      name: "delegate_tool_calls_total",
      help: "Tool calls by tool and outcome (ok, error); subagents are counted in delegate_subagents_total.",
      labelNames: ["tool", "outcome"],
      registers,
    }),
    subagents: new Counter({
      name: "delegate_subagents_total",
      help: "Subagent executions by outcome (completed, failed).",
      labelNames: ["outcome"],
      registers,
    }),
  };
}

export type RunMetrics = ReturnType<typeof create>;

// Registered once per process: Next.js may bundle this module into several route bundles.
const shared = globalThis as unknown as { __runMetrics?: RunMetrics };

export function runMetrics(): RunMetrics {
  shared.__runMetrics ??= create();
  return shared.__runMetrics;
}
