import { useFormatter, useTranslations } from "next-intl";
import { formatCost } from "@/components/chat/format";
import type { UsageFigures } from "@/lib/db/usage";
import { usageCostText } from "./cost-text";

// First and last day, and every 7th day that isn't crowding the last label.
function showLabel(i: number, n: number): boolean {
  return i === 0 || i === n - 1 || (n > 10 && i % 7 === 0 && i < n - 4);
}

/**
 * Tokens (root and subagent calls stacked) or cost per day as bars, in plain SVG. The picture is
 * for the eye; screen readers get a table of the same figures (visually hidden) instead.
 */
export function DayChart({
  days,
  metric,
  currency,
  testId,
}: {
  days: Array<UsageFigures & { day: string }>;
  metric: "tokens" | "cost";
  currency: string;
  testId: string;
}) {
  const t = useTranslations("usage");
  const format = useFormatter();
  // Days are UTC dates ("2026-12-03"), shown in the active locale's short form.
  const dayName = (day: string, month: "numeric" | "short") =>
    format.dateTime(new Date(`${day}T00:00:00Z`), { month, day: "numeric", timeZone: "UTC" });
  const value = (d: UsageFigures) => (metric === "tokens" ? d.total : d.cost);
  const max = Math.max(metric === "tokens" ? 1 : Number.MIN_VALUE, ...days.map(value));
  const cost = (d: UsageFigures) => usageCostText(t, format, currency, d);
  const width = 720;
  const height = 180;
  const gap = 2;
  const bar = Math.max(2, (width - gap * days.length) / days.length);
  const label = t(metric === "tokens" ? "chart.tokensLabel" : "chart.costLabel");
  return (
    <figure className="space-y-2" data-testid={testId}>
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-auto w-full" aria-hidden="true">
        <line x1={0} y1={height} x2={width} y2={height} className="stroke-zinc-300 dark:stroke-zinc-700" />
        {days.map((d, i) => {
          const x = i * (bar + gap);
          const h = (value(d) / max) * (height - 10);
          const hs = metric === "tokens" ? (d.subagent / max) * (height - 10) : 0;
          return (
            <g key={d.day}>
              <rect
                x={x}
                y={height - h}
                width={bar}
                height={h - hs}
                className={d.unpricedCalls && metric === "cost" ? "fill-zinc-400" : "fill-accent-500"}
                rx={1}
              />
              {hs > 0 && (
                <rect x={x} y={height - hs} width={bar} height={hs} className="fill-amber-400" rx={1} />
              )}
              {showLabel(i, days.length) && (
                <text
                  x={i === days.length - 1 ? x + bar : x}
                  y={height + 14}
                  textAnchor={i === days.length - 1 ? "end" : "start"}
                  className="fill-zinc-500 text-[10px]"
                >
                  {dayName(d.day, "numeric")}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="font-medium">{label}</span>
        {metric === "tokens" ? (
          <>
            <span className="flex items-center gap-1">
              <span className="inline-block size-3 rounded-sm bg-accent-500" /> {t("chart.root")}
            </span>
            <span className="flex items-center gap-1">
              <span className="inline-block size-3 rounded-sm bg-amber-400" /> {t("chart.subagents")}
            </span>
            <span>{t("chart.maxTokens", { tokens: format.number(max) })}</span>
          </>
        ) : (
          <>
            <span className="flex items-center gap-1">
              <span className="inline-block size-3 rounded-sm bg-zinc-400" /> {t("chart.someUnpriced")}
            </span>
            <span>
              {t("chart.maxCost", { cost: formatCost(format, currency, Math.max(0, ...days.map(value))) })}
            </span>
          </>
        )}
      </figcaption>
      {/* The wrapper, not the table, is visually hidden: a table ignores sr-only's 1px width and its
          nowrap rows would widen the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>{label}</caption>
          <thead>
            <tr>
              <th scope="col">{t("columns.day")}</th>
              <th scope="col">{t("columns.total")}</th>
              <th scope="col">{t("columns.bySubagents")}</th>
              <th scope="col">{t("columns.cost")}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayName(d.day, "short")}</th>
                <td>{format.number(d.total)}</td>
                <td>{format.number(d.subagent)}</td>
                <td>{cost(d)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
