import { useFormatter, useTranslations } from "next-intl";
import type { TokenTotals } from "@/lib/db/quota-usage";

/** The share of tokens spent by subagents (0–1), or null when nothing was spent. */
export function subagentRatio(t: TokenTotals): number | null {
  return t.total ? t.subagent / t.total : null;
}

/** Token totals per row (user or agent) with a bar for the share spent by subagents. */
export function UsageTable({
  rows,
  label,
  testId,
}: {
  rows: Array<TokenTotals & { key: string; name: string; sub?: string | null }>;
  label: string;
  testId: string;
}) {
  const t = useTranslations("admin.usage");
  const format = useFormatter();
  if (!rows.length) return <p className="text-sm text-zinc-500">{t("empty")}</p>;
  const input = t("columns.input");
  const output = t("columns.output");
  const total = t("columns.total");
  const bySubagents = t("columns.bySubagents");
  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
      <table className="stack-table w-full text-left text-sm" data-testid={testId}>
        <thead className="bg-zinc-50 text-xs uppercase text-zinc-500 dark:bg-zinc-900">
          <tr>
            <th className="px-4 py-2 font-medium">{label}</th>
            <th className="px-4 py-2 text-right font-medium">{input}</th>
            <th className="px-4 py-2 text-right font-medium">{output}</th>
            <th className="px-4 py-2 text-right font-medium">{total}</th>
            <th className="px-4 py-2 font-medium">{bySubagents}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((r) => {
            const ratio = subagentRatio(r);
            return (
              <tr key={r.key} data-testid={`${testId}-row`}>
                <td data-label={label} className="px-4 py-2">
                  <div className="font-medium">{r.name}</div>
                  {r.sub && <div className="text-xs text-zinc-500">{r.sub}</div>}
                </td>
                <td data-label={input} className="px-4 py-2 text-right tabular-nums">
                  {format.number(r.inputTokens)}
                </td>
                <td data-label={output} className="px-4 py-2 text-right tabular-nums">
                  {format.number(r.outputTokens)}
                </td>
                <td data-label={total} className="px-4 py-2 text-right font-medium tabular-nums">
                  {format.number(r.total)}
                </td>
                <td data-label={bySubagents} className="px-4 py-2">
                  <div className="flex items-center gap-2">
                    <div className="h-2 w-20 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800">
                      <div className="h-full bg-amber-400" style={{ width: `${(ratio ?? 0) * 100}%` }} />
                    </div>
                    <span className="tabular-nums text-xs text-zinc-500">
                      {ratio === null ? "—" : format.number(ratio, { style: "percent" })}
                    </span>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
