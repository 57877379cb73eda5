// Prices of the models a run may call, resolved once when it starts (the engine gets plain data).
import type { PricedModel } from "@/lib/agents/cost";
import { DEMO_MODEL_ID } from "@/lib/providers/demo-constants";
import { DEFAULT_PRICES, DEFAULT_PRICES_CURRENCY } from "./defaults";
import { type PriceRow, resolvePrice } from "./match";

export { DEFAULT_PRICES } from "./defaults";
export { modelMatches, type PriceRow, resolvePrice } from "./match";

/**
 * The price of each (endpoint, model) at `at`. The admin's rows win whenever one matches; else the
 * shipped defaults, which are in USD and so apply only to a USD installation (the demo costs 0 in
 * any currency). No match = null: the cost shows as unknown.
 */
export function pricesFor(
  models: Iterable<{ endpointId: string; model: string }>,
  adminRows: readonly PriceRow[],
  currency: string,
  at: Date,
): PricedModel[] {
  const defaults =
    currency === DEFAULT_PRICES_CURRENCY
      ? DEFAULT_PRICES
      : DEFAULT_PRICES.filter((r) => r.model === DEMO_MODEL_ID);
  const out: PricedModel[] = [];
  const seen = new Set<string>();
  for (const m of models) {
    const key = `${m.endpointId}\u0000${m.model}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const price = resolvePrice(adminRows, m, at) ?? resolvePrice(defaults, m, at);
    out.push({ endpointId: m.endpointId, model: m.model, price });
  }
  return out;
}

/** Every (endpoint, model) pair the agents of a run may call: chat models and summarizers. */
export function modelsOfAgents(
  agents: Iterable<{
    provider: string;
    model: string;
    summarization?: { provider?: string; model?: string };
    subagents?: { selfModel?: { provider: string; model: string } };
  }>,
) {
  const out: { endpointId: string; model: string }[] = [];
  for (const a of agents) {
    out.push({ endpointId: a.provider, model: a.model });
    // A self-spawn entry may run its copy on another (cheaper) model.
    const self = a.subagents?.selfModel;
    if (self) out.push({ endpointId: self.provider, model: self.model });
    const s = a.summarization;
    if (s) out.push({ endpointId: s.provider ?? a.provider, model: s.model ?? a.model });
  }
  return out;
}
