import "server-only";
import { endpointModels, readPricing } from "@/lib/db/prices";
import { usedModels } from "@/lib/db/usage";
import { priceTable, unpricedModels } from "./table";

/** Everything Admin → Pricing shows, read at one moment. */
export async function pricingOverview(now = new Date()) {
  const [{ currency, prices }, endpoints, used] = await Promise.all([
    readPricing(),
    endpointModels(),
    usedModels(),
  ]);
  const offered = endpoints.map((e) => ({ endpointId: e.id, models: e.models }));
  return {
    currency,
    endpoints: endpoints.map(({ id, name }) => ({ id, name })),
    rows: priceTable(prices, currency, now),
    unpriced: unpricedModels(used, offered, prices, currency, now),
  };
}
