import type { Metadata } from "next";
import Link from "next/link";
import { UsageChart } from "@/components/admin/usage-chart";
import { formatTokens, subagentShare, UsageTable } from "@/components/admin/usage-table";
import { requireAdminPage } from "@/lib/auth/session";
import { getUsageOverview } from "@/lib/db/quota-usage";

export const metadata: Metadata = { title: "Usage · Admin" };

const PERIODS = [7, 30, 90];

export default async function UsagePage({ searchParams }: { searchParams: Promise<{ days?: string }> }) {
  await requireAdminPage();
  const requested = Number((await searchParams).days);
  const days = PERIODS.includes(requested) ? requested : 30;
  const usage = await getUsageOverview({ days });
  return (
    <>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Usage</h1>
          <p className="text-sm text-zinc-500" data-testid="usage-summary">
            {formatTokens(usage.totals.total)} tokens in the last {days} days; {subagentShare(usage.totals)}{" "}
            spent by subagents.
          </p>
        </div>
        <nav className="flex gap-1 text-sm" aria-label="Period">
          {PERIODS.map((d) => (
            <Link
              key={d}
              href={`/admin/usage?days=${d}`}
              aria-current={d === days ? "page" : undefined}
              className={`rounded-md px-2 py-1 ${d === days ? "bg-accent-50 text-accent-700 dark:bg-accent-500/15 dark:text-accent-100" : "text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"}`}
            >
              {d} days
            </Link>
          ))}
        </nav>
      </header>
      <section className="space-y-2">
        <h2 className="text-lg font-medium">By day (UTC)</h2>
        <UsageChart days={usage.byDay} />
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-medium">By user</h2>
        <UsageTable
          label="User"
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
        <h2 className="text-lg font-medium">By agent</h2>
        <UsageTable
          label="Agent"
          testId="usage-by-agent"
          rows={usage.byAgent.map((a) => ({
            ...a,
            key: a.agentId,
            name: a.name ?? a.agentId,
            sub: a.name ? (a.owner ? `by ${a.owner}` : null) : "deleted or built-in",
          }))}
        />
      </section>
    </>
  );
}
