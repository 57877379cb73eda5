import { useFormatter, useTranslations } from "next-intl";
import type { TokenTotals } from "@/lib/db/quota-usage";

// First and last day, and every 7th day that isn't crowding the last label.
function showLabel(i: number, n: number): boolean {
  return i === 0 || i === n - 1 || (n > 10 && i % 7 === 0 && i < n - 4);
}

/** Tokens per day as stacked bars (root agent calls, subagent calls), in plain SVG. */
export function UsageChart({ days }: { days: Array<TokenTotals & { day: string }> }) {
  const t = useTranslations("admin.usage.chart");
  const format = useFormatter();
  // Days are UTC dates ("2026-12-03"), shown in the active locale's short form.
  const dayName = (day: string, month: "numeric" | "short") =>
    format.dateTime(new Date(`${day}T00:00:00Z`), { month, day: "numeric", timeZone: "UTC" });
  const max = Math.max(1, ...days.map((d) => d.total));
  const width = 720;
  const height = 180;
  const gap = 2;
  const bar = Math.max(2, (width - gap * days.length) / days.length);
  return (
    <figure className="space-y-2" data-testid="usage-chart">
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        className="h-auto w-full"
        role="img"
        aria-label={t("label")}
      >
        <line x1={0} y1={height} x2={width} y2={height} className="stroke-zinc-300 dark:stroke-zinc-700" />
        {days.map((d, i) => {
          const x = i * (bar + gap);
          const h = (d.total / max) * (height - 10);
          const hs = (d.subagent / max) * (height - 10);
          return (
            <g key={d.day}>
              <title>
                {t("bar", {
                  day: dayName(d.day, "short"),
                  total: format.number(d.total),
                  subagent: format.number(d.subagent),
                })}
              </title>
              <rect x={x} y={height - h} width={bar} height={h - hs} className="fill-accent-500" rx={1} />
              <rect x={x} y={height - hs} width={bar} height={hs} className="fill-amber-400" rx={1} />
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
      <figcaption className="flex gap-4 text-xs text-zinc-500">
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-accent-500" /> {t("root")}
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-3 rounded-sm bg-amber-400" /> {t("subagents")}
        </span>
        <span>{t("max", { tokens: format.number(max) })}</span>
      </figcaption>
    </figure>
  );
}
