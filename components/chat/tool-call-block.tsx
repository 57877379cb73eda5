"use client";
import { ChevronDown, ChevronRight } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import type { ToolCallNode } from "@/lib/agents/trace";
import { ApprovalPanel } from "./approval-panel";
import { formatDuration } from "./format";
import { QuestionPanel } from "./question-panel";
import { StatusBadge, WaitingBadge } from "./status-badge";

/** `notes__save_note` → `save_note` when the server is shown beside it. */
function shortName(node: ToolCallNode): string {
  const at = node.name.indexOf("__");
  return node.source && at > 0 ? node.name.slice(at + 2) : node.name;
}

/**
 * A result as shown: its text, and the structured content the tool gave, apart and pretty-printed
 * (the model receives both in one text; shown so, the same data would read twice in a row).
 */
function shownResult(result: string, at: number | undefined): { text: string; structured?: string } {
  if (at === undefined || at < 0 || at > result.length) return { text: result };
  const raw = result.slice(at);
  let structured = raw;
  try {
    structured = JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    // Not JSON after all (a mask replaced part of it): shown as it is.
  }
  return { text: result.slice(0, at).trimEnd(), structured };
}

/**
 * A tool call at any depth (built-in or MCP): its server, name, arguments, result and duration.
 * Collapsed to one line by default; opening it shows the arguments and the whole result.
 */
export function ToolCallBlock({ node }: { node: ToolCallNode }) {
  const [open, setOpen] = useState(false);
  const t = useTranslations("chat.trace");
  const format = useFormatter();
  // The arguments the tool ran with: the user's when they edited the model's (both shown below).
  const ranArgs = node.approval?.status === "edited" && node.approval.args ? node.approval.args : node.args;
  const args = JSON.stringify(ranArgs);
  return (
    <div
      className="my-2 rounded-lg border border-zinc-200 bg-zinc-50 text-sm dark:border-zinc-800 dark:bg-zinc-900/60"
      data-testid="tool-call"
      data-tool={node.name}
      data-source={node.source}
      data-approval={node.approval?.status}
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full min-w-0 items-center gap-2 px-3 py-1.5 text-left"
      >
        <span className="text-zinc-500">
          {open ? (
            <ChevronDown className="size-3.5" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-3.5" aria-hidden="true" />
          )}
        </span>
        {node.source && (
          <span
            className="max-w-[40%] shrink-0 truncate rounded bg-accent-50 px-1.5 text-[11px] text-accent-700 dark:bg-accent-500/15 dark:text-accent-100"
            data-testid="tool-call-source"
            title={t("mcpServerTitle", { server: node.source })}
          >
            {node.source}
          </span>
        )}
        <span className="shrink-0 font-mono text-xs font-medium" data-testid="tool-call-name">
          {shortName(node)}
        </span>
        <span className="min-w-0 flex-1 truncate font-mono text-xs text-zinc-500">{args}</span>
        {node.durationMs !== undefined && (
          <span className="shrink-0 text-xs text-zinc-500" data-testid="tool-call-duration">
            {formatDuration(format, node.durationMs)}
          </span>
        )}
        {node.approval?.status === "pending" ? (
          <WaitingBadge />
        ) : node.approval?.status === "denied" ? (
          <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-900/50 dark:text-amber-200">
            {t("denied")}
          </span>
        ) : (
          <StatusBadge status={node.status} />
        )}
      </button>
      {node.approval &&
        (node.name === "ask_user" ? (
          <QuestionPanel approval={node.approval} args={node.args} />
        ) : (
          <ApprovalPanel approval={node.approval} args={node.args} />
        ))}
      {open && (
        <div
          className="space-y-2 border-t border-zinc-200 px-3 py-2 font-mono text-xs dark:border-zinc-800"
          data-testid="tool-call-details"
        >
          {node.source && (
            <div>
              <span className="text-zinc-500">{t("server")} </span>
              {node.source}
              <span className="text-zinc-500"> · {t("tool")} </span>
              {node.name}
            </div>
          )}
          <div>
            <div className="text-zinc-500">{t("arguments")}</div>
            <pre className="max-h-60 overflow-auto whitespace-pre-wrap break-words">
              {JSON.stringify(ranArgs, null, 2)}
            </pre>
          </div>
          {node.result !== undefined && <ToolResult result={node.result} structuredAt={node.structuredAt} />}
          {node.error && <div className="text-red-600 dark:text-red-400">{node.error}</div>}
        </div>
      )}
    </div>
  );
}

/** A call's result in its opened block: the text, then the structured content collapsed. */
export function ToolResult({
  result: raw,
  structuredAt,
}: Pick<ToolCallNode, "structuredAt"> & { result: string }) {
  const t = useTranslations("chat.trace");
  const result = shownResult(raw, structuredAt);
  return (
    <div>
      <div className="text-zinc-500">{t("result")}</div>
      {(result.text || result.structured === undefined) && (
        <pre
          className="max-h-80 overflow-auto whitespace-pre-wrap break-words"
          data-testid="tool-call-result"
        >
          {result.text}
        </pre>
      )}
      {result.structured !== undefined && (
        <details className="mt-1" data-testid="tool-call-structured">
          <summary className="cursor-pointer select-none text-zinc-500">{t("structuredContent")}</summary>
          <pre className="mt-1 max-h-80 overflow-auto whitespace-pre-wrap break-words">
            {result.structured}
          </pre>
        </details>
      )}
    </div>
  );
}
