import "server-only";
import type { PricedModel } from "@/lib/agents/cost";
import { readPricing } from "@/lib/db/prices";
import { modelsOfAgents, pricesFor } from ".";
import { noteCurrency } from "./current-currency";

/** The prices a run passes to the engine: each model of its agents at the price in force now. */
export async function runPrices(
  agents: Iterable<{
    provider: string;
    model: string;
    summarization?: { provider?: string; model?: string };
  }>,
): Promise<PricedModel[]> {
  const { prices, currency } = await readPricing();
  noteCurrency(currency);
  return pricesFor(modelsOfAgents(agents), prices, currency, new Date());
}
