"use client";
import { ChevronDown, ChevronRight } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { type SubagentNode, type TraceNode, waitsForPerson } from "@/lib/agents/trace";
import { useCostText } from "./cost";
import { formatDuration, formatTokens, tail } from "./format";
import { StatusBadge, WaitingBadge } from "./status-badge";
import { useStopReason } from "./stop-reason";
import { TodoList } from "./todo-list";
import { TraceContent } from "./trace-content";

function plainText(content: TraceNode[]): string {
  return content
    .map((n) => (n.type === "text" ? n.text : n.type === "subagent" ? plainText(n.content) : ""))
    .join("\n");
}

/**
 * One delegation: status, child agent, mode and task in the header; while running a live tail of
 * its last lines; opened, the child's full content with its own subagents nested to any depth.
 */
export function SubagentBlock({ node }: { node: SubagentNode }) {
  const waiting = waitsForPerson(node.content);
  // Opened by the user's toggle; until they touch it, by a call inside that waits for them (and it
  // stays open once decided, so the block doesn't fold away under the click).
  const [toggled, setOpen] = useState<boolean | null>(null);
  const [hasWaited, setHasWaited] = useState(waiting);
  if (waiting && !hasWaited) setHasWaited(true);
  const open = toggled ?? hasWaited;
  const t = useTranslations("chat.trace");
  const format = useFormatter();
  const wordReason = useStopReason();
  const name =
    node.subagentType === "self"
      ? t("selfName", { name: node.agentName || t("self") })
      : node.agentName || node.subagentType;
  const tokens = node.usage.inputTokens + node.usage.outputTokens;
  const costText = useCostText();
  const tCost = useTranslations("cost");
  // Own and subtree cost: one figure while the child has no (costed) descendants.
  const blockCost =
    node.usage.cost === undefined
      ? null
      : node.ownCost === undefined || node.ownCost === node.usage.cost
        ? costText(node.usage.cost)
        : tCost("withSubagents", { total: costText(node.usage.cost), own: costText(node.ownCost) });
  const liveTail = node.status === "running" ? tail(plainText(node.content)) : "";
  return (
    <div
      className="my-2 rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900/40"
      data-testid="subagent-block"
      data-span-id={node.id}
      data-status={node.status}
      data-depth={node.depth}
      data-waiting={waiting || undefined}
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="subagent-toggle"
        className="flex w-full flex-col gap-1 rounded-xl px-3 py-2 text-left hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500 dark:hover:bg-zinc-800/40"
      >
        <span className="flex w-full flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span
            className="-my-1 -ml-1 inline-flex size-6 shrink-0 items-center justify-center rounded text-sm text-zinc-500 dark:text-zinc-400"
            aria-hidden="true"
            data-testid="subagent-caret"
          >
            {open ? (
              <ChevronDown className="size-4" aria-hidden="true" />
            ) : (
              <ChevronRight className="size-4" aria-hidden="true" />
            )}
          </span>
          {waiting ? <WaitingBadge /> : <StatusBadge status={node.status} />}
          {node.stopReason && (
            <span className="text-xs text-amber-700 dark:text-amber-300" data-testid="subagent-stop-reason">
              — {wordReason(node.stopReason)}
            </span>
          )}
          <span className="min-w-0 break-words font-medium" data-testid="subagent-name">
            {name}
          </span>
          <span className="rounded bg-zinc-100 px-1.5 py-0.5 text-[10px] uppercase tracking-wide text-zinc-500 dark:bg-zinc-800">
            {t(`mode.${node.mode}`)}
          </span>
          {node.model && (
            <span
              className="min-w-0 truncate font-mono text-[11px] text-zinc-500 dark:text-zinc-400"
              title={t("modelTitle", { model: node.model })}
              data-testid="subagent-model"
            >
              {node.model}
            </span>
          )}
          <span
            className="ml-auto shrink-0 text-xs text-zinc-500"
            data-testid="subagent-stats"
            title={
              node.usage.cost !== undefined && node.ownCost !== undefined
                ? tCost("blockTitle", { own: costText(node.ownCost), total: costText(node.usage.cost) })
                : undefined
            }
          >
            {[
              tokens > 0 ? t("tokens", { count: formatTokens(format, tokens) }) : null,
              blockCost,
              node.durationMs !== undefined ? formatDuration(format, node.durationMs) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </span>
        </span>
        <span
          className="line-clamp-2 pl-7 text-xs text-zinc-600 dark:text-zinc-400"
          data-testid="subagent-task"
        >
          {node.task}
        </span>
        {node.files?.length ? (
          <span className="flex flex-wrap gap-1 pl-7 text-[11px] text-zinc-500" data-testid="subagent-files">
            <span>{t("files")}</span>
            {node.files.map((f) => (
              <span key={f} className="rounded bg-zinc-100 px-1.5 py-0.5 font-medium dark:bg-zinc-800">
                {f}
              </span>
            ))}
          </span>
        ) : null}
        {!open && liveTail && (
          <span
            className="ml-7 line-clamp-3 whitespace-pre-wrap border-l-2 border-sky-300 pl-2 text-xs text-zinc-500 dark:border-sky-700"
            data-testid="subagent-tail"
          >
            {liveTail}
          </span>
        )}
        {!open && node.error && (
          <span className="pl-7 text-xs text-red-600 dark:text-red-400">{node.error}</span>
        )}
      </button>
      {node.todos && (
        <div className="px-3 pb-1" data-testid="subagent-todos">
          <TodoList todos={node.todos} />
        </div>
      )}
      {open && (
        <div
          className="border-t border-zinc-200 px-4 py-2 dark:border-zinc-800"
          data-testid="subagent-content"
        >
          {node.content.length ? (
            <TraceContent content={node.content} />
          ) : (
            <p className="text-xs text-zinc-500">{t("noOutput")}</p>
          )}
          {node.error && <p className="mt-2 text-sm text-red-600 dark:text-red-400">{node.error}</p>}
        </div>
      )}
    </div>
  );
}
