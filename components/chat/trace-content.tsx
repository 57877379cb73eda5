"use client";
import { useTranslations } from "next-intl";
import type { TraceNode } from "@/lib/agents/trace";
import { LazyMarkdown as Markdown } from "./lazy-markdown";
import { SubagentBlock } from "./subagent-block";
import { ToolCallBlock } from "./tool-call-block";

/** Renders a span's content in order: text, reasoning, tool calls and nested subagent blocks. */
export function TraceContent({ content }: { content: TraceNode[] }) {
  const t = useTranslations("chat.trace");
  return (
    <>
      {content.map((node, i) => {
        switch (node.type) {
          case "text":
            return node.text.trim() ? <Markdown key={i} text={node.text} /> : null;
          case "reasoning":
            return (
              <details key={i} className="my-2 text-sm text-zinc-500" data-testid="reasoning">
                <summary className="cursor-pointer select-none">{t("reasoning")}</summary>
                <p className="mt-1 whitespace-pre-wrap border-l-2 border-zinc-200 pl-3 dark:border-zinc-700">
                  {node.text}
                </p>
              </details>
            );
          case "tool_call":
            return <ToolCallBlock key={node.id} node={node} />;
          case "subagent":
            return <SubagentBlock key={node.id} node={node} />;
          case "handoff":
            return (
              <p key={i} className="my-2 text-xs text-zinc-500">
                {t("handoff")}
              </p>
            );
          case "steer":
            return (
              <div
                key={i}
                data-testid="steer-note"
                className="my-2 border-l-2 border-accent-500 pl-3 text-sm text-zinc-700 dark:text-zinc-300"
              >
                <span className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
                  {t("steered")}
                </span>
                <span className="whitespace-pre-wrap">{node.text}</span>
              </div>
            );
          default:
            return null;
        }
      })}
    </>
  );
}
