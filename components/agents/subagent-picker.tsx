"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { inputClass } from "@/components/ui/styles";
import type { AgentOption } from "./types";

/** Searchable list of agents to add as subagents; `available` already excludes itself and chosen ones. */
export function SubagentPicker({
  available,
  count,
  max,
  onPick,
  disabled,
}: {
  available: AgentOption[];
  count: number;
  max: number;
  onPick: (id: string) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("builder.picker");
  const [q, setQ] = useState("");
  const full = count >= max;
  // The picked agent leaves the list, and focus with it: it goes to the agent that took its place
  // (or the search box), so a keyboard user can add several in a row.
  const list = useRef<HTMLUListElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [refocus, setRefocus] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after the list re-rendered without the picked agent
  useEffect(() => {
    if (refocus === null) return;
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>("button:not([disabled])") ?? [])];
    (buttons[Math.min(refocus, buttons.length - 1)] ?? search.current)?.focus();
    setRefocus(null);
  }, [refocus, available]);
  const needle = q.trim().toLowerCase();
  const matches = available.filter(
    (a) => !needle || a.name.toLowerCase().includes(needle) || a.description.toLowerCase().includes(needle),
  );
  return (
    <div className="space-y-2" data-testid="subagent-picker">
      <div className="flex items-center justify-between gap-2">
        <span className="text-sm font-medium">{t("title")}</span>
        <span
          data-testid="subagent-counter"
          className={`rounded-full px-2 py-0.5 text-xs font-medium tabular-nums ${
            full
              ? "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
              : "bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
          }`}
        >
          {t("counter", { count, max })}
        </span>
      </div>
      <input
        ref={search}
        type="search"
        className={inputClass}
        placeholder={full ? t("limitReached") : t("search")}
        aria-label={t("searchLabel")}
        data-testid="subagent-search"
        value={q}
        disabled={disabled || full}
        onChange={(e) => setQ(e.target.value)}
      />
      <ul
        ref={list}
        className="max-h-48 divide-y divide-zinc-100 overflow-y-auto rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      >
        {matches.length === 0 && (
          <li className="px-3 py-2 text-sm text-zinc-500">
            {available.length === 0 ? t("noneYet") : t("noMatch")}
          </li>
        )}
        {matches.slice(0, 30).map((a, index) => (
          <li key={a.id}>
            <button
              type="button"
              data-testid={`pick-${a.name}`}
              disabled={disabled || full}
              onClick={() => {
                onPick(a.id);
                setRefocus(index);
              }}
              className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-zinc-50 disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-zinc-800/60"
            >
              <span className="min-w-0">
                <span className="block truncate font-medium">{a.name}</span>
                <span className="block truncate text-xs text-zinc-500">
                  {a.description || t("noDescription")}
                  {!a.isOwner && t("byOwner", { owner: a.ownerName })}
                </span>
              </span>
              <span className="shrink-0 text-accent-600 dark:text-accent-100">{t("add")}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
