"use client";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { Fragment, useCallback, useEffect, useMemo, useState } from "react";
import type { ConversationItem as Item } from "@/lib/chat/page-data";
import { CONVERSATIONS_CHANGED } from "./chat-events";
import { ConversationActions } from "./conversation-actions";
import { FOCUS_TARGET } from "./focus-targets";
import { DATE_GROUPS, type DateGroup, dateGroup, shortWhen } from "./format";
import { MessageSearchResults } from "./message-search-results";

/**
 * The user's conversations, newest first, in sections Today / Yesterday / Previous 7 days / Older
 * (each with its date): search by title (and, below, in the messages' text), rename, delete with
 * confirmation. The server orders them (by when they last changed) and searches; nothing here compares.
 */
export function ConversationList() {
  const t = useTranslations("chat.list");
  const format = useFormatter();
  const [items, setItems] = useState<Item[]>([]);
  const [query, setQuery] = useState("");
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const pathname = usePathname();
  const router = useRouter();
  // Read once per load of the list, so the sections follow the browser's clock and time zone.
  const [now, setNow] = useState(() => new Date());
  const sections = useMemo(() => {
    const by = new Map<DateGroup, Item[]>();
    for (const c of items) {
      const group = dateGroup(new Date(c.updatedAt), now);
      by.set(group, [...(by.get(group) ?? []), c]);
    }
    return DATE_GROUPS.flatMap((g) => (by.has(g) ? [{ group: g, items: by.get(g) as Item[] }] : []));
  }, [items, now]);

  const load = useCallback(async () => {
    const res = await fetch(`/api/conversations${query ? `?q=${encodeURIComponent(query)}` : ""}`, {
      cache: "no-store",
    });
    if (res.ok) {
      setItems(((await res.json()) as { conversations: Item[] }).conversations);
      setNow(new Date());
    }
  }, [query]);

  useEffect(() => {
    const timer = setTimeout(load, 150);
    window.addEventListener(CONVERSATIONS_CHANGED, load);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(CONVERSATIONS_CHANGED, load);
    };
  }, [load]);

  async function rename(id: string, title: string) {
    setEditing(null);
    if (!title.trim()) return;
    await fetch(`/api/conversations/${id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ title }),
    });
    await load();
  }

  async function remove(id: string) {
    setConfirming(null);
    await fetch(`/api/conversations/${id}`, { method: "DELETE" });
    if (pathname === `/chat/${id}`) router.push("/chat");
    await load();
  }

  return (
    <div className="flex h-full flex-col gap-2 p-3">
      <Link
        href="/chat"
        data-testid="new-chat-button"
        className="rounded-lg bg-accent-600 px-3 py-2 text-center text-sm font-medium text-white hover:bg-accent-700"
      >
        {t("newChat")}
      </Link>
      <input
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t("search")}
        aria-label={t("search")}
        data-testid="conversation-search"
        data-focus-target={FOCUS_TARGET.searchChats}
        className="rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      />
      <ul className="min-h-0 flex-1 space-y-0.5 overflow-y-auto" data-testid="conversation-list">
        {items.length === 0 && (
          <li className="px-2 py-4 text-center text-xs text-zinc-500">{query ? t("noMatch") : t("empty")}</li>
        )}
        {sections.map(({ group, items: inGroup }) => (
          <Fragment key={group}>
            <li
              className="px-2 pt-3 pb-1 text-[11px] font-semibold uppercase tracking-wide text-zinc-500 first:pt-0"
              data-testid="conversation-group"
            >
              {t(`group.${group}`)}
            </li>
            {inGroup.map((c) => {
              const active = pathname === `/chat/${c.id}`;
              return (
                <li
                  key={c.id}
                  className={`group rounded-lg text-sm ${active ? "bg-zinc-200/70 dark:bg-zinc-800" : "hover:bg-zinc-100 dark:hover:bg-zinc-800/60"}`}
                  data-testid="conversation-item"
                >
                  {editing === c.id ? (
                    <input
                      // biome-ignore lint/a11y/noAutofocus: the user just asked to rename this item
                      autoFocus
                      defaultValue={c.title}
                      aria-label={t("titleLabel")}
                      data-testid="rename-input"
                      onBlur={(e) => rename(c.id, e.target.value)}
                      onKeyDown={(e) => {
                        if (e.key === "Enter") rename(c.id, e.currentTarget.value);
                        if (e.key === "Escape") setEditing(null);
                      }}
                      className="w-full rounded-lg border border-accent-500 bg-white px-2 py-1.5 dark:bg-zinc-900"
                    />
                  ) : confirming === c.id ? (
                    <div className="flex items-center gap-2 px-2 py-1.5 text-xs">
                      <span className="flex-1">{t("confirmDelete")}</span>
                      <button
                        type="button"
                        data-testid="confirm-delete"
                        onClick={() => remove(c.id)}
                        className="rounded bg-red-600 px-2 py-0.5 text-white"
                      >
                        {t("delete")}
                      </button>
                      <button type="button" onClick={() => setConfirming(null)} className="px-1">
                        {t("cancel")}
                      </button>
                    </div>
                  ) : (
                    <div className="flex items-center">
                      <Link href={`/chat/${c.id}`} className="min-w-0 flex-1 px-2 py-1.5" title={c.title}>
                        <span className="block truncate" data-testid="conversation-title">
                          {c.title}
                        </span>
                        <span className="flex gap-2 text-[11px] text-zinc-500">
                          {c.source === "api" && (
                            <span
                              className="shrink-0 rounded border border-zinc-300 px-1 font-medium text-zinc-600 dark:border-zinc-600 dark:text-zinc-300"
                              title={t("apiMarkerTitle")}
                              data-testid="conversation-api-marker"
                            >
                              {t("apiMarker")}
                            </span>
                          )}
                          {c.agentName && <span className="min-w-0 flex-1 truncate">{c.agentName}</span>}
                          <time
                            dateTime={c.updatedAt}
                            title={format.dateTime(new Date(c.updatedAt), {
                              dateStyle: "medium",
                              timeStyle: "short",
                            })}
                            className="ml-auto shrink-0 tabular-nums"
                            data-testid="conversation-date"
                          >
                            {shortWhen(format, new Date(c.updatedAt), now)}
                          </time>
                        </span>
                      </Link>
                      <ConversationActions
                        title={c.title}
                        onRename={() => setEditing(c.id)}
                        onDelete={() => setConfirming(c.id)}
                      />
                    </div>
                  )}
                </li>
              );
            })}
          </Fragment>
        ))}
      </ul>
      <MessageSearchResults query={query} />
    </div>
  );
}
