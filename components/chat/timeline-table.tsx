"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { TimelineSpan } from "@/lib/agents/timeline";
import { useCostText } from "./cost";
import { formatDuration, formatTokens } from "./format";
import { styleKey } from "./timeline";

/** The timeline's spans as a table, for keyboard and screen reader users. */
export function TimelineTable({ spans, critical }: { spans: TimelineSpan[]; critical: Set<string> }) {
  const t = useTranslations("timeline");
  const format = useFormatter();
  const costText = useCostText();
  return (
    <div className="mt-2 overflow-x-auto">
      <table data-testid="timeline-table" className="w-full text-left">
        <caption className="sr-only">{t("caption")}</caption>
        <thead>
          <tr className="text-zinc-600 dark:text-zinc-400">
            <th scope="col">{t("columns.span")}</th>
            <th scope="col">{t("columns.kind")}</th>
            <th scope="col">{t("columns.start")}</th>
            <th scope="col">{t("columns.duration")}</th>
            <th scope="col">{t("columns.tokens")}</th>
            <th scope="col">{t("columns.critical")}</th>
          </tr>
        </thead>
        <tbody>
          {/* Model calls are recorded at their end: sorted here so the rows follow the start times. */}
          {[...spans]
            .sort((a, b) => a.start - b.start)
            .map((s) => (
              <tr
                key={s.id}
                data-testid="timeline-row"
                data-kind={styleKey(s)}
                className="text-zinc-800 dark:text-zinc-200"
              >
                <th scope="row" className="font-normal" style={{ paddingLeft: `${s.depth * 0.5}rem` }}>
                  {s.label}
                </th>
                <td>
                  {t(`kind.${styleKey(s)}` as "kind.model")}
                  {s.failed && ` · ${t("failed")}`}
                </td>
                <td>{formatDuration(format, s.start)}</td>
                <td>{s.end === undefined ? t("running") : formatDuration(format, s.end - s.start)}</td>
                <td>
                  {s.inputTokens !== undefined &&
                    t("tokens", {
                      input: formatTokens(format, s.inputTokens),
                      output: formatTokens(format, s.outputTokens ?? 0),
                    })}
                  {s.cost !== undefined && ` · ${costText(s.cost)}`}
                </td>
                <td>{critical.has(s.id) ? t("yes") : t("no")}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
