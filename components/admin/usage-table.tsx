import type { TokenTotals } from "@/lib/db/quota-usage";

export function formatTokens(n: number): string {
  return n.toLocaleString("en-US");
}

export function subagentShare(t: TokenTotals): string {
  return t.total ? `${Math.round((t.subagent / t.total) * 100)}%` : "—";
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
  if (!rows.length) return <p className="text-sm text-zinc-500">No model calls in this period.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
      <table className="stack-table w-full text-left text-sm" data-testid={testId}>
        <thead className="bg-zinc-50 text-xs uppercase text-zinc-500 dark:bg-zinc-900">
          <tr>
            <th className="px-4 py-2 font-medium">{label}</th>
            <th className="px-4 py-2 text-right font-medium">Input</th>
            <th className="px-4 py-2 text-right font-medium">Output</th>
            <th className="px-4 py-2 text-right font-medium">Total</th>
            <th className="px-4 py-2 font-medium">By subagents</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((r) => (
            <tr key={r.key} data-testid={`${testId}-row`}>
              <td data-label={label} className="px-4 py-2">
                <div className="font-medium">{r.name}</div>
                {r.sub && <div className="text-xs text-zinc-500">{r.sub}</div>}
              </td>
              <td data-label="Input" className="px-4 py-2 text-right tabular-nums">
                {formatTokens(r.inputTokens)}
              </td>
              <td data-label="Output" className="px-4 py-2 text-right tabular-nums">
                {formatTokens(r.outputTokens)}
              </td>
              <td data-label="Total" className="px-4 py-2 text-right font-medium tabular-nums">
                {formatTokens(r.total)}
              </td>
              <td data-label="By subagents" className="px-4 py-2">
                <div className="flex items-center gap-2">
                  <div className="h-2 w-20 overflow-hidden rounded bg-zinc-200 dark:bg-zinc-800">
                    <div
                      className="h-full bg-amber-400"
                      style={{ width: r.total ? `${(r.subagent / r.total) * 100}%` : 0 }}
                    />
                  </div>
                  <span className="tabular-nums text-xs text-zinc-500">{subagentShare(r)}</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
