"use client";
import { useTranslations } from "next-intl";
import type { MessageTree, StopReason, SubagentNode } from "@/lib/agents/trace";
import { LazyMarkdown as Markdown } from "./lazy-markdown";

/**
 * What the delegations of an answer that ended early (its balance ran out) had already finished:
 * the lead never got to combine their results, so the user is shown them here instead of only
 * inside the collapsed blocks.
 */
export function EndedEarly({ tree, reason }: { tree: MessageTree; reason: StopReason }) {
  const t = useTranslations("chat.endedEarly");
  const finished = tree.content.filter(
    (n): n is SubagentNode => n.type === "subagent" && n.status === "completed" && !!n.text?.trim(),
  );
  if (!finished.length) return null;
  const total = tree.content.filter((n) => n.type === "subagent").length;
  return (
    <section
      data-testid="ended-early"
      aria-label={t("label", { reason })}
      className="space-y-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
    >
      <h2 className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
        {t("heading", { reason, finished: finished.length, total })}
      </h2>
      <ul className="space-y-2">
        {finished.map((n) => (
          <li key={n.id} data-testid="ended-early-item">
            <p className="text-xs font-medium">
              {n.agentName} — <span className="font-normal text-zinc-600 dark:text-zinc-300">{n.task}</span>
            </p>
            <Markdown text={n.text as string} />
          </li>
        ))}
      </ul>
    </section>
  );
}
