"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useSubagentLabel } from "@/components/agents/subagent-label";
import type { ChatAgent } from "@/lib/chat/page-data";

/** True when the search (case-insensitive, every word) is in the agent's name, description or model. */
export function matchesAgent(agent: ChatAgent, query: string): boolean {
  const haystack = `${agent.name} ${agent.description} ${agent.model}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** One agent in the picker's list: name, description, how it delegates, model. */
export function AgentOption({
  id,
  agent,
  active,
  selected,
  onHover,
  onPick,
}: {
  id: string;
  agent: ChatAgent;
  active: boolean;
  selected: boolean;
  onHover: () => void;
  onPick: () => void;
}) {
  const t = useTranslations("chat.picker");
  const subagentLabel = useSubagentLabel();
  const ref = useRef<HTMLDivElement>(null);
  // Keep the option the arrows reached in view.
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: "nearest" });
  }, [active]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard drives the list from the search box (aria-activedescendant).
    <div
      ref={ref}
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      data-testid={`agent-option-${agent.name}`}
      data-active={active}
      // Keep focus in the search box, so picking with the mouse doesn't close the list first.
      onMouseDown={(e) => e.preventDefault()}
      onMouseMove={active ? undefined : onHover}
      onClick={onPick}
      className={`cursor-pointer rounded-lg px-2 py-1.5 ${active ? "bg-zinc-100 dark:bg-zinc-800" : ""}`}
    >
      <span className="flex items-center gap-2">
        <span className="truncate font-medium">{agent.name}</span>
        {selected && (
          <span aria-hidden className="text-accent-600 dark:text-accent-100">
            ✓
          </span>
        )}
      </span>
      {agent.description && (
        <span className="line-clamp-2 block text-xs text-zinc-600 dark:text-zinc-400">
          {agent.description}
        </span>
      )}
      <span className="block text-xs text-zinc-600 dark:text-zinc-400" data-testid="agent-option-meta">
        {subagentLabel(agent)} · {agent.model}
        {agent.isDemo ? t("scriptedDemo") : ""}
      </span>
    </div>
  );
}
