import type { useTranslations } from "next-intl";
import { type Formatter, formatCost } from "@/components/chat/format";
import type { UsageFigures } from "@/lib/db/usage";

type T = ReturnType<typeof useTranslations<"usage">>;

/**
 * The cost of some calls as text: the amount when every call had a price; "unknown (N calls
 * without a price)" when none had; the priced part "+ unknown (N …)" when some had. Never a silent 0.
 */
export function usageCostText(
  t: T,
  format: Formatter,
  currency: string,
  f: Pick<UsageFigures, "calls" | "cost" | "unpricedCalls">,
): string {
  if (f.unpricedCalls === 0) return formatCost(format, currency, f.cost);
  if (f.unpricedCalls === f.calls) return t("cost.unknown", { count: f.unpricedCalls });
  return t("cost.partial", { cost: formatCost(format, currency, f.cost), count: f.unpricedCalls });
}
