import "server-only";
import { readCurrency } from "@/lib/db/prices";
import { periodStart, type UsageReport, usageCsvRows, usageReport } from "@/lib/db/usage";
import { csvResponse } from "@/lib/http/csv";
import { usageCsv } from "./csv";

export { csvPeriod, pagePeriod } from "./period";

/**
 * Whose usage a viewer is shown: an admin on Admin → Usage sees everyone's ("all"); everyone else,
 * admins on their own Settings → Usage included, sees only their own calls. The caller has checked
 * who is signed in (requireAdmin / requireUser); this is the one place that turns it into a scope.
 */
export type UsageViewer = { all: true } | { userId: string };

const scopeOf = (viewer: UsageViewer, from: Date) =>
  "all" in viewer ? { from } : { from, userId: viewer.userId };

export interface UsagePageData {
  days: number;
  currency: string;
  report: UsageReport;
}

export async function usagePageData(viewer: UsageViewer, days: number): Promise<UsagePageData> {
  const from = await periodStart(days);
  const [report, currency] = await Promise.all([usageReport(scopeOf(viewer, from), days), readCurrency()]);
  return { days, currency, report };
}

/** The CSV download of a period (GET: reads only). */
export async function usageCsvResponse(viewer: UsageViewer, days: number): Promise<Response> {
  const from = await periodStart(days);
  const [rows, currency] = await Promise.all([usageCsvRows(scopeOf(viewer, from)), readCurrency()]);
  const who = "all" in viewer ? "all-users" : "my";
  return csvResponse(
    usageCsv(rows, currency),
    `${who}-usage-${from.toISOString().slice(0, 10)}-${days}d.csv`,
  );
}
