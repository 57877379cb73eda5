import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { CurrencyForm } from "@/components/pricing/currency-form";
import { PriceForm } from "@/components/pricing/price-form";
import { Badge } from "@/components/ui/badge";
import { requireAdminPage } from "@/lib/auth/session";
import { DEFAULT_PRICES_CURRENCY, DEFAULT_PRICES_NOTED } from "@/lib/pricing/defaults";
import { pricingOverview } from "@/lib/pricing/overview";
import type { PriceState } from "@/lib/pricing/table";
import { addPriceAction, setCurrencyAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("meta.section", { section: t("nav.tabs.pricing") }) };
}

const TONE: Record<PriceState, "green" | "accent" | "zinc" | "amber"> = {
  inForce: "green",
  scheduled: "accent",
  superseded: "zinc",
  notApplied: "amber",
};

export default async function PricingPage() {
  await requireAdminPage();
  const [{ currency, endpoints, rows, unpriced }, t, format] = await Promise.all([
    pricingOverview(),
    getTranslations("pricing"),
    getFormatter(),
  ]);
  const names = new Map(endpoints.map((e) => [e.id, e.name]));
  const endpointName = (id: string | null) => (id === null ? t("anyEndpoint") : (names.get(id) ?? id));
  const money = (n: number) => format.number(n, { style: "currency", currency, maximumFractionDigits: 4 });
  const when = (d: Date) =>
    d.getTime() === 0
      ? t("always")
      : format.dateTime(d, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  const cell = "px-3 py-2 text-left align-top";
  const num = "px-3 py-2 text-right tabular-nums align-top";
  return (
    <>
      <header>
        <h1 className="text-2xl font-semibold" data-testid="pricing-title">
          {t("title")}
        </h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("description")}</p>
      </header>
      <CurrencyForm currency={currency} action={setCurrencyAction} />
      <PriceForm endpoints={endpoints} currency={currency} action={addPriceAction} />
      <section className="space-y-2">
        <h2 className="text-lg font-medium">{t("table.title")}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="pricing-defaults-note">
          {t("table.defaultsNote", { date: DEFAULT_PRICES_NOTED, currency: DEFAULT_PRICES_CURRENCY })}
        </p>
        <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
          <table className="stack-table w-full text-sm" data-testid="price-table">
            <caption className="sr-only">{t("table.caption", { currency })}</caption>
            <thead className="bg-zinc-50 text-xs uppercase text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th className={cell}>{t("table.model")}</th>
                <th className={cell}>{t("table.endpoint")}</th>
                <th className={num}>{t("table.input")}</th>
                <th className={num}>{t("table.cachedInput")}</th>
                <th className={num}>{t("table.output")}</th>
                <th className={num}>{t("table.reasoning")}</th>
                <th className={cell}>{t("table.effectiveFrom")}</th>
                <th className={cell}>{t("table.state")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {rows.map((r) => (
                <tr key={r.id} data-testid={`price-row-${r.source}`}>
                  <td data-label={t("table.model")} className={`${cell} font-mono`}>
                    {r.model}
                  </td>
                  <td data-label={t("table.endpoint")} className={cell}>
                    {endpointName(r.endpointId)}
                  </td>
                  <td data-label={t("table.input")} className={num}>
                    {money(r.inputPerMTok)}
                  </td>
                  <td data-label={t("table.cachedInput")} className={num}>
                    {money(r.cachedInputPerMTok)}
                  </td>
                  <td data-label={t("table.output")} className={num}>
                    {money(r.outputPerMTok)}
                  </td>
                  <td data-label={t("table.reasoning")} className={num}>
                    {money(r.reasoningPerMTok)}
                  </td>
                  <td data-label={t("table.effectiveFrom")} className={cell}>
                    {when(r.effectiveFrom)}
                  </td>
                  <td data-label={t("table.state")} className={cell}>
                    <Badge tone={TONE[r.state]}>{t(`state.${r.state}`)}</Badge>
                    <div className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                      {t(`source.${r.source}`)}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="space-y-2" data-testid="unpriced-models">
        <h2 className="text-lg font-medium">{t("unpriced.title")}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("unpriced.description")}</p>
        {unpriced.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("unpriced.none")}</p>
        ) : (
          <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
            {unpriced.map((m) => (
              <li
                key={`${m.endpointId ?? ""}\u0000${m.model}`}
                className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2"
                data-testid="unpriced-model"
              >
                <span>
                  <span className="font-mono">{m.model}</span>{" "}
                  <span className="text-zinc-600 dark:text-zinc-400">
                    {m.endpointId === null ? t("unpriced.noEndpoint") : endpointName(m.endpointId)}
                  </span>
                </span>
                <span className="text-zinc-600 dark:text-zinc-400">
                  {m.unpricedCalls > 0
                    ? t("unpriced.calls", { count: m.unpricedCalls })
                    : t("unpriced.offeredOnly")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
