import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { UsageChart } from "@/components/admin/usage-chart";
import { subagentRatio, UsageTable } from "@/components/admin/usage-table";
import { requireAdminPage } from "@/lib/auth/session";
import { getUsageOverview } from "@/lib/db/quota-usage";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("meta.section", { section: t("nav.tabs.usage") }) };
}

const PERIODS = [7, 30, 90];

export default async function UsagePage({ searchParams }: { searchParams: Promise<{ days?: string }> }) {
  await requireAdminPage();
  const requested = Number((await searchParams).days);
  const days = PERIODS.includes(requested) ? requested : 30;
  const [usage, t, format] = await Promise.all([
    getUsageOverview({ days }),
    getTranslations("admin.usage"),
    getFormatter(),
  ]);
  const ratio = subagentRatio(usage.totals);
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t("title")}</h1>
          <p className="text-sm text-zinc-500" data-testid="usage-summary">
            {t("summary", {
              tokens: format.number(usage.totals.total),
              days,
              share: ratio === null ? "—" : format.number(ratio, { style: "percent" }),
            })}
          </p>
        </div>
        <nav className="flex gap-1 text-sm" aria-label={t("period")}>
          {PERIODS.map((d) => (
            <Link
              key={d}
              href={`/admin/usage?days=${d}`}
              aria-current={d === days ? "page" : undefined}
              className={`rounded-md px-2 py-1 ${d === days ? "bg-accent-50 text-accent-700 dark:bg-accent-500/15 dark:text-accent-100" : "text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"}`}
            >
              {t("days", { count: d })}
            </Link>
          ))}
        </nav>
      </header>
      <section className="space-y-2">
        <h2 className="text-lg font-medium">{t("byDay")}</h2>
        <UsageChart days={usage.byDay} />
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-medium">{t("byUser")}</h2>
        <UsageTable
          label={t("columns.user")}
          testId="usage-by-user"
          rows={usage.byUser.map((u) => ({
            ...u,
            key: u.userId,
            name: u.name ?? u.email,
            sub: u.name ? u.email : null,
          }))}
        />
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-medium">{t("byAgent")}</h2>
        <UsageTable
          label={t("columns.agent")}
          testId="usage-by-agent"
          rows={usage.byAgent.map((a) => ({
            ...a,
            key: a.agentId,
            name: a.name ?? a.agentId,
            sub: a.name ? (a.owner ? t("agentOwner", { owner: a.owner }) : null) : t("agentGone"),
          }))}
        />
      </section>
    </>
  );
}
