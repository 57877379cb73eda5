import { useFormatter, useTranslations } from "next-intl";
import type { UsageFigures } from "@/lib/db/usage";
import { usageCostText } from "./cost-text";

/** The share of tokens spent by subagents (0–1), or null when nothing was spent. */
export function subagentRatio(f: Pick<UsageFigures, "subagent" | "total">): number | null {
  return f.total ? f.subagent / f.total : null;
}

/** Calls, tokens and cost per row (a user, an agent or a model), with the share spent by subagents. */
export function FiguresTable({
  rows,
  label,
  testId,
  currency,
}: {
  rows: Array<UsageFigures & { key: string; name: string; sub?: string | null }>;
  label: string;
  testId: string;
  currency: string;
}) {
  const t = useTranslations("usage");
  const format = useFormatter();
  if (!rows.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("empty")}</p>;
  const columns = {
    calls: t("columns.calls"),
    input: t("columns.input"),
    cached: t("columns.cached"),
    output: t("columns.output"),
    reasoning: t("columns.reasoning"),
    total: t("columns.total"),
    cost: t("columns.cost"),
    bySubagents: t("columns.bySubagents"),
  };
  const numbers = ["calls", "input", "cached", "output", "reasoning", "total"] as const;
  const cell = "px-3 py-2 text-right tabular-nums";
  return (
    <div className="relative overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
      <table className="stack-table w-full text-left text-sm" data-testid={testId}>
        <thead className="bg-zinc-50 text-xs uppercase text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th className="px-3 py-2 font-medium">{label}</th>
            {numbers.map((k) => (
              <th key={k} className="px-3 py-2 text-right font-medium">
                {columns[k]}
              </th>
            ))}
            <th className="px-3 py-2 text-right font-medium">{columns.cost}</th>
            <th className="px-3 py-2 font-medium">{columns.bySubagents}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((r) => {
            const ratio = subagentRatio(r);
            const values = {
              calls: r.calls,
              input: r.inputTokens,
              cached: r.cachedInputTokens,
              output: r.outputTokens,
              reasoning: r.reasoningTokens,
              total: r.total,
            };
            return (
              <tr key={r.key} data-testid={`${testId}-row`}>
                <td data-label={label} className="px-3 py-2">
                  <div className="font-medium">{r.name}</div>
                  {r.sub && <div className="text-xs text-zinc-600 dark:text-zinc-400">{r.sub}</div>}
                </td>
                {numbers.map((k) => (
                  <td key={k} data-label={columns[k]} className={cell}>
                    {format.number(values[k])}
                  </td>
                ))}
                <td
                  data-label={columns.cost}
                  className={`${cell} font-medium`}
                  data-testid={`${testId}-cost`}
                >
                  {usageCostText(t, format, currency, r)}
                </td>
                <td data-label={columns.bySubagents} className="px-3 py-2">
                  <div className="flex items-center gap-2">
                    <div className="h-2 w-16 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800">
                      <div className="h-full bg-amber-400" style={{ width: `${(ratio ?? 0) * 100}%` }} />
                    </div>
                    <span className="tabular-nums text-xs text-zinc-600 dark:text-zinc-400">
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
