"use client";
import { useFormatter, useTranslations } from "next-intl";
import { createContext, type ReactNode, useContext } from "react";
import { formatCost } from "./format";

/** The installation's currency (Admin → Pricing), given by the page; costs are in it. */
const CurrencyContext = createContext("USD");

export function CurrencyProvider({ currency, children }: { currency: string; children: ReactNode }) {
  return <CurrencyContext value={currency}>{children}</CurrencyContext>;
}

/** A cost as text: the amount, or "cost unknown" for null (a model without a price). */
export function useCostText(): (cost: number | null) => string {
  const format = useFormatter();
  const currency = useContext(CurrencyContext);
  const t = useTranslations("cost");
  return (cost) => (cost === null ? t("unknown") : formatCost(format, currency, cost));
}

/** The conversation's running total, in the chat's header bar. */
export function ConversationCost({ cost }: { cost: number | null }) {
  const t = useTranslations("cost");
  const costText = useCostText();
  return (
    <span className="ml-auto shrink-0 text-xs text-zinc-500" data-testid="conversation-cost">
      {t("conversation", { cost: costText(cost) })}
    </span>
  );
}
