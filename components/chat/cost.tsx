"use client";
import { useFormatter, useTranslations } from "next-intl";
import { createContext, type ReactNode, useContext } from "react";
import type { Formatter } from "./format";

/** The installation's currency (Admin → Pricing), given by the page; costs are in it. */
const CurrencyContext = createContext("USD");

export function CurrencyProvider({ currency, children }: { currency: string; children: ReactNode }) {
  return <CurrencyContext value={currency}>{children}</CurrencyContext>;
}

/** An amount, short: $0.004, $1.25, ¥0.03 — small amounts keep two significant digits. */
export function formatCost(format: Formatter, currency: string, amount: number): string {
  return format.number(
    amount,
    amount !== 0 && Math.abs(amount) < 1
      ? { style: "currency", currency, maximumSignificantDigits: 2 }
      : { style: "currency", currency, maximumFractionDigits: 2 },
  );
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
