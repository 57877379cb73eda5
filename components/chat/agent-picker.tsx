"use client";
import { useTranslations } from "next-intl";
import { useId, useLayoutEffect, useRef, useState } from "react";
import type { ChatAgent } from "@/lib/chat/page-data";
import { AgentOption, matchesAgent } from "./agent-option";
import { usePickerKeys } from "./use-picker-keys";

// The list's width (w-[28rem]) and the margin it keeps from the screen's edges (max-w: 100vw - 1rem).
const LIST_WIDTH_PX = 448;
const EDGE_PX = 8;

/**
 * Which agent answers the next message: a button that opens a searchable list (the WAI-ARIA
 * combobox pattern: the search box is the combobox, the list its listbox, the active option
 * followed with aria-activedescendant). Arrows/Home/End move, Enter picks, Escape closes, typing
 * filters by name, description or model; a letter typed on the closed button opens it with that
 * letter as the search. Each option shows the name, description, how it delegates and its model,
 * which a native <select> cut to "Team Lead · delegates to 2 · …".
 */
export function AgentPicker({
  agents,
  value,
  onChange,
  disabled,
}: {
  agents: ChatAgent[];
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("chat.picker");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  // Left offset of the list, so on a narrow screen it moves left instead of running off the edge.
  const [shift, setShift] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  // Placed when opened and again when the window changes size (a phone turned sideways).
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const left = button.current?.parentElement?.getBoundingClientRect().left ?? 0;
      const width = Math.min(LIST_WIDTH_PX, window.innerWidth - 2 * EDGE_PX);
      setShift(Math.min(0, window.innerWidth - EDGE_PX - width - left));
    };
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [open]);
  const current = agents.find((a) => a.id === value);
  const shown = agents.filter((a) => matchesAgent(a, query));

  const show = (initial = "") => {
    setQuery(initial);
    const i = agents.filter((a) => matchesAgent(a, initial)).findIndex((a) => a.id === value);
    setActive(Math.max(0, i));
    setOpen(true);
    requestAnimationFrame(() => search.current?.focus());
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const pick = (agent: ChatAgent | undefined) => {
    if (agent) onChange(agent.id);
    close(true);
  };
  const onSearchKey = usePickerKeys({
    count: shown.length,
    active,
    setActive,
    onEnter: () => pick(shown[active]),
    close,
  });

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focusout of the whole picker closes its list; no interaction of its own.
    <div
      className="relative flex min-w-0 items-center gap-2 text-sm"
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget as Node | null)) close(false);
      }}
    >
      <span id={`${id}-label`} className="text-zinc-500">
        {t("label")}
      </span>
      <button
        ref={button}
        type="button"
        data-testid="agent-select"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        disabled={disabled || agents.length === 0}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            show();
          } else if (e.key.length === 1 && /\S/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
            e.preventDefault();
            show(e.key);
          }
        }}
        className="flex min-w-0 max-w-[min(28rem,60vw)] items-center gap-1 rounded-lg border border-zinc-300 bg-white px-2 py-1 text-left disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900"
      >
        <span id={`${id}-value`} className="truncate font-medium" data-testid="agent-select-value">
          {current?.name ?? t("none")}
        </span>
        <span aria-hidden className="text-zinc-500">
          ▾
        </span>
      </button>
      {open && (
        <div
          data-testid="agent-picker"
          style={{ left: shift }}
          className="absolute top-full z-30 mt-1 w-[28rem] max-w-[calc(100vw-1rem)] rounded-xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <input
            ref={search}
            role="combobox"
            aria-label={t("search")}
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={shown[active] ? `${id}-opt-${shown[active].id}` : undefined}
            data-testid="agent-search"
            value={query}
            placeholder={t("searchPlaceholder")}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onSearchKey}
            className="mb-2 w-full rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
          />
          <div id={`${id}-list`} role="listbox" aria-label={t("list")} className="max-h-80 overflow-y-auto">
            {shown.map((a, i) => (
              <AgentOption
                key={a.id}
                id={`${id}-opt-${a.id}`}
                agent={a}
                active={i === active}
                selected={a.id === value}
                onHover={() => setActive(i)}
                onPick={() => pick(a)}
              />
            ))}
          </div>
          {shown.length === 0 && (
            <p className="px-2 py-3 text-sm text-zinc-500" data-testid="agent-search-empty">
              {t("noMatch", { query })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
