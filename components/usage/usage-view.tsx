import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { UsagePageData } from "@/lib/usage";
import { USAGE_PERIODS } from "@/lib/usage/period";
import { usageCostText } from "./cost-text";
import { DayChart } from "./day-chart";
import { FiguresTable, subagentRatio } from "./figures-table";

/**
 * A usage page: cost and tokens by day, by agent and by model (and by user on Admin → Usage), for
 * a chosen period, with its CSV. The data is already scoped to what the viewer may see.
 */
export function UsageView({
  data: { days, currency, report },
  title,
  description,
  basePath,
  csvPath,
}: {
  data: UsagePageData;
  title: string;
  description: string;
  /** The page itself (`?days=` is added). */
  basePath: string;
  csvPath: string;
}) {
  const t = useTranslations("usage");
  const format = useFormatter();
  const ratio = subagentRatio(report.totals);
  const model = (m: Report["byModel"][number]) => m.model ?? t("modelUnknown");
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold" data-testid="usage-title">
            {title}
          </h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="usage-summary">
            {t("summary", {
              tokens: format.number(report.totals.total),
              cost: usageCostText(t, format, currency, report.totals),
              days,
              share: ratio === null ? "—" : format.number(ratio, { style: "percent" }),
            })}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <nav className="flex gap-1 text-sm" aria-label={t("period")}>
            {USAGE_PERIODS.map((d) => (
              <Link
                key={d}
                href={`${basePath}?days=${d}`}
                aria-current={d === days ? "page" : undefined}
                className={`rounded-md px-2 py-1 ${d === days ? "bg-accent-50 text-accent-700 dark:bg-accent-500/15 dark:text-accent-100" : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"}`}
              >
                {t("days", { count: d })}
              </Link>
            ))}
          </nav>
          <a
            href={`${csvPath}?days=${days}`}
            download
            data-testid="usage-csv"
            className="rounded-md border border-zinc-300 px-3 py-1 text-sm font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
          >
            {t("download")}
          </a>
        </div>
      </header>
      <section className="space-y-2">
        <h2 className="text-lg font-medium">{t("byDay")}</h2>
        <DayChart days={report.byDay} metric="cost" currency={currency} testId="usage-cost-chart" />
        <DayChart days={report.byDay} metric="tokens" currency={currency} testId="usage-chart" />
      </section>
      {report.byUser.length > 0 && (
        <section className="space-y-2">
          <h2 className="text-lg font-medium">{t("byUser")}</h2>
          <FiguresTable
            label={t("columns.user")}
            testId="usage-by-user"
            currency={currency}
            rows={report.byUser.map((u) => ({
              ...u,
              key: u.userId,
              name: u.name ?? u.email ?? t("userGone"),
              sub: u.name ? u.email : null,
            }))}
          />
        </section>
      )}
      <section className="space-y-2">
        <h2 className="text-lg font-medium">{t("byAgent")}</h2>
        <FiguresTable
          label={t("columns.agent")}
          testId="usage-by-agent"
          currency={currency}
          rows={report.byAgent.map((a) => ({
            ...a,
            key: a.agentId,
            name: a.name ?? a.agentId,
            sub: a.name ? (a.owner ? t("agentOwner", { owner: a.owner }) : null) : t("agentGone"),
          }))}
        />
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-medium">{t("byModel")}</h2>
        <FiguresTable
          label={t("columns.model")}
          testId="usage-by-model"
          currency={currency}
          rows={report.byModel.map((m) => ({
            ...m,
            key: `${m.endpointId ?? ""}\u0000${m.model ?? ""}`,
            name: model(m),
            sub: m.endpointName ?? m.endpointId,
          }))}
        />
      </section>
    </>
  );
}

type Report = UsagePageData["report"];
