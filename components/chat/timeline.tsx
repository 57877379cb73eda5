"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { ROOT_SPAN_ID } from "@/lib/agents/events";
import { criticalPath, type TimelineSpan } from "@/lib/agents/timeline";
import { useCostText } from "./cost";
import { formatDuration, formatTokens } from "./format";
import { lanesOf } from "./timeline-layout";
import { TimelineTable } from "./timeline-table";

/** Fill of each kind of span; waits get a pattern too, so they differ without colour. */
export const SPAN_STYLE: Record<string, { className: string; pattern?: string }> = {
  model: { className: "bg-sky-600 dark:bg-sky-400" },
  tool: { className: "bg-emerald-700 dark:bg-emerald-400" },
  approval: {
    className: "bg-amber-100 border border-amber-700 dark:bg-amber-950 dark:border-amber-300",
    pattern: "repeating-linear-gradient(45deg, currentColor 0 2px, transparent 2px 6px)",
  },
  cap: {
    className: "bg-zinc-100 border border-zinc-600 dark:bg-zinc-900 dark:border-zinc-300",
    pattern: "radial-gradient(currentColor 1px, transparent 1.5px) 0 0 / 5px 5px",
  },
  retry: {
    className: "bg-rose-50 border border-rose-700 dark:bg-rose-950 dark:border-rose-300",
    pattern: "repeating-linear-gradient(90deg, currentColor 0 1px, transparent 1px 4px)",
  },
};

export function styleKey(span: TimelineSpan): string {
  return span.kind === "wait" ? (span.wait ?? "cap") : span.kind;
}

/** The answer's timeline: a Timeline button next to the trace that opens the chart or the table. */
export function TimelineToggle({
  spans,
  rootName,
}: {
  spans: TimelineSpan[] | undefined;
  rootName?: string;
}) {
  const t = useTranslations("timeline");
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!spans?.length) return null;
  return (
    <div className="text-xs">
      <button
        type="button"
        data-testid="timeline-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="rounded-md border border-zinc-300 px-2 py-0.5 font-medium text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        {open ? t("hide") : t("show")}
      </button>
      {open && (
        <div id={id}>
          <TimelineView spans={rootName ? named(spans, rootName) : spans} />
        </div>
      )}
    </div>
  );
}

/** The root span under the answer's agent name (the run only knows its id). */
function named(spans: TimelineSpan[], rootName: string): TimelineSpan[] {
  return spans.map((s) => (s.id === ROOT_SPAN_ID ? { ...s, label: rootName } : s));
}

function TimelineView({ spans }: { spans: TimelineSpan[] }) {
  const t = useTranslations("timeline");
  const format = useFormatter();
  const [view, setView] = useState<"chart" | "table">("chart");
  // The span hovered or focused: its details (tokens) show under the chart, never clipped.
  const [active, setActive] = useState<string | null>(null);
  const { lanes, end } = lanesOf(spans);
  const path = useMemo(() => criticalPath(spans, end), [spans, end]);
  const total = Math.max(1, end);
  return (
    <section
      aria-label={t("title")}
      data-testid="timeline"
      className="mt-2 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p data-testid="critical-share" className="text-zinc-700 dark:text-zinc-300">
          {t("criticalShare", {
            path: formatDuration(format, path.ms),
            total: formatDuration(format, path.totalMs),
            percent: Math.round(path.share * 100),
          })}
        </p>
        <fieldset aria-label={t("title")} className="ml-auto flex gap-1">
          {(["chart", "table"] as const).map((v) => (
            <button
              key={v}
              type="button"
              data-testid={`timeline-view-${v}`}
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className="rounded border border-zinc-300 px-2 py-0.5 aria-pressed:bg-zinc-800 aria-pressed:text-white dark:border-zinc-700 dark:aria-pressed:bg-zinc-200 dark:aria-pressed:text-zinc-900"
            >
              {t(v)}
            </button>
          ))}
        </fieldset>
      </div>
      {view === "table" ? (
        <TimelineTable spans={spans} critical={path.ids} />
      ) : (
        <>
          <div className="mt-2 overflow-x-auto" data-testid="timeline-scroll">
            <ul className="min-w-[36rem] space-y-1">
              {lanes.map(({ agent, items }) => (
                <li
                  key={agent.id}
                  data-testid="timeline-lane"
                  data-span={agent.id}
                  className="flex items-center gap-2"
                >
                  <span
                    className="w-28 shrink-0 truncate text-zinc-700 dark:text-zinc-300"
                    style={{ paddingLeft: `${agent.depth * 0.5}rem` }}
                  >
                    {agent.label}
                  </span>
                  <div className="relative h-6 flex-1 rounded bg-zinc-100 dark:bg-zinc-900">
                    <Bar
                      span={agent}
                      total={total}
                      end={end}
                      critical={path.ids.has(agent.id)}
                      onActive={setActive}
                      agent
                    />
                    {items.map((s) => (
                      <Bar
                        key={s.id}
                        span={s}
                        total={total}
                        end={end}
                        critical={path.ids.has(s.id)}
                        onActive={setActive}
                      />
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <p data-testid="timeline-tip" className="mt-1 min-h-4 text-zinc-700 dark:text-zinc-300">
            {active}
          </p>
          <Legend />
        </>
      )}
    </section>
  );
}

function Bar({
  span,
  total,
  end,
  critical,
  onActive,
  agent = false,
}: {
  span: TimelineSpan;
  total: number;
  end: number;
  critical: boolean;
  onActive: (tip: string | null) => void;
  agent?: boolean;
}) {
  const t = useTranslations("timeline");
  const format = useFormatter();
  const costText = useCostText();
  const stop = span.end ?? end;
  const left = (span.start / total) * 100;
  const width = Math.max(0.5, ((stop - span.start) / total) * 100);
  const key = styleKey(span);
  const style = SPAN_STYLE[key];
  const label = t("span", {
    kind: t(`kind.${key}` as "kind.model"),
    label: span.label,
    start: formatDuration(format, span.start),
    duration: span.end === undefined ? t("running") : formatDuration(format, stop - span.start),
  });
  const tokens =
    span.inputTokens !== undefined
      ? t("tokens", {
          input: formatTokens(format, span.inputTokens),
          output: formatTokens(format, span.outputTokens ?? 0),
        })
      : null;
  const cost = span.cost !== undefined ? costText(span.cost) : null;
  const tip = [label, span.failed ? t("failed") : null, tokens, cost, critical ? t("critical") : null]
    .filter(Boolean)
    .join(" · ");
  return (
    // A button so a keyboard reaches each span; focusing it shows its tip (tokens), as hovering does.
    <button
      type="button"
      aria-label={tip}
      onFocus={() => onActive(tip)}
      onMouseEnter={() => onActive(tip)}
      onBlur={() => onActive(null)}
      onMouseLeave={() => onActive(null)}
      data-testid={agent ? "timeline-agent" : "timeline-span"}
      data-kind={key}
      data-failed={span.failed || undefined}
      data-critical={critical || undefined}
      className={`absolute focus:z-20 focus:outline-2 focus:outline-offset-1 focus:outline-blue-600 ${
        agent
          ? "inset-y-0 rounded bg-zinc-300/60 dark:bg-zinc-700/60"
          : `inset-y-1 rounded-sm ${style?.className ?? ""} ${span.failed ? "opacity-50" : ""}`
      } ${critical ? "ring-2 ring-rose-600 dark:ring-rose-400" : ""}`}
      style={{ left: `${left}%`, width: `${width}%` }}
    >
      {style?.pattern && (
        <span
          aria-hidden="true"
          className="absolute inset-0 text-amber-800 dark:text-amber-200"
          style={{ background: style.pattern }}
        />
      )}
    </button>
  );
}

function Legend() {
  const t = useTranslations("timeline");
  return (
    <ul
      aria-label={t("legend")}
      className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-zinc-600 dark:text-zinc-400"
    >
      {(["model", "tool", "approval", "cap", "retry"] as const).map((k) => (
        <li key={k} className="flex items-center gap-1">
          <span
            aria-hidden="true"
            className={`relative inline-block h-3 w-5 rounded-sm ${SPAN_STYLE[k].className}`}
          >
            {SPAN_STYLE[k].pattern && (
              <span
                className="absolute inset-0 text-amber-800 dark:text-amber-200"
                style={{ background: SPAN_STYLE[k].pattern }}
              />
            )}
          </span>
          {t(`kind.${k}`)}
        </li>
      ))}
      <li className="flex items-center gap-1">
        <span
          aria-hidden="true"
          className="inline-block h-3 w-5 rounded-sm ring-2 ring-rose-600 dark:ring-rose-400"
        />
        {t("critical")}
      </li>
    </ul>
  );
}
