import { describe, expect, it } from "vitest";
import type { RunEvent } from "@/lib/agents/events";
import { noteCurrency } from "@/lib/pricing/current-currency";
import { countRun } from "./count-run";
import { runMetrics } from "./registry";

const run = {
  runId: "r1",
  rootId: "lead",
  agents: [{ id: "lead", name: "Lead", model: "m" }],
  resumed: false,
};
const usage = (agentId: string, model: string, cost: number | null | undefined): RunEvent => ({
  type: "usage",
  spanId: "root",
  parentSpanId: null,
  depth: 0,
  agentId,
  ts: 1_700_000_000_000,
  inputTokens: 10,
  outputTokens: 5,
  provider: "p",
  model,
  cost,
});

async function value(name: string, labels: Record<string, string>) {
  const metric = (await runMetrics().registry.getMetricsAsJSON()).find((m) => m.name === name);
  const match = metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
  return match?.value ?? 0;
}

describe("countRun cost", () => {
  it("adds priced calls to the cost counter in the run's currency and counts unpriced calls apart", async () => {
    noteCurrency("EUR");
    const o = countRun(run, { METRICS_TOKEN: "t" });
    noteCurrency("USD"); // a change after the run started doesn't relabel its costs
    o?.event(usage("a1", "gpt-x", 0.25));
    o?.event(usage("a1", "gpt-x", 0.5));
    o?.event(usage("a2", "local", null));
    o?.event(usage("a2", "unaccounted", undefined));
    o?.end("COMPLETED");
    expect(await value("delegate_model_cost_total", { agent: "a1", model: "gpt-x", currency: "EUR" })).toBe(
      0.75,
    );
    expect(await value("delegate_model_cost_total", { agent: "a1", model: "gpt-x", currency: "USD" })).toBe(
      0,
    );
    expect(await value("delegate_model_calls_unpriced_total", { agent: "a2", model: "local" })).toBe(1);
    expect(await value("delegate_model_calls_unpriced_total", { agent: "a2", model: "unaccounted" })).toBe(0);
    expect(await value("delegate_model_cost_total", { agent: "a2", model: "local" })).toBe(0);
  });
});
