"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { MessageSearchResult } from "@/lib/search/messages";
import type { Snippet } from "@/lib/search/snippet";
import { messageHref } from "./message-anchor";

/** Messages of the user's conversations that contain the search, each a link to the message. */
export function MessageSearchResults({ query }: { query: string }) {
  const t = useTranslations("chat.search");
  const [results, setResults] = useState<MessageSearchResult[] | null>(null);

  useEffect(() => {
    const q = query.trim();
    if (!q) return setResults(null);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const res = await fetch(`/api/conversations/search?q=${encodeURIComponent(q)}`, {
        cache: "no-store",
        signal: controller.signal,
      }).catch(() => null);
      if (res?.ok) setResults(((await res.json()) as { results: MessageSearchResult[] }).results);
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  if (!results) return null;
  return (
    <section aria-label={t("inMessages")} className="border-t border-zinc-200 pt-2 dark:border-zinc-800">
      <h2 className="px-2 pb-1 text-[11px] font-semibold uppercase tracking-wide text-zinc-500">
        {t("inMessages")}
      </h2>
      <ul className="max-h-[40vh] space-y-0.5 overflow-y-auto" data-testid="message-search-results">
        {results.length === 0 && <li className="px-2 py-2 text-xs text-zinc-500">{t("noMatch")}</li>}
        {results.map((r) => (
          <li key={r.messageId} data-testid="message-search-result">
            <Link
              href={messageHref(r.conversationId, r.messageId)}
              className="block rounded-lg px-2 py-1.5 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800/60"
            >
              <span className="block truncate text-xs font-medium text-zinc-600 dark:text-zinc-300">
                {r.title} · {r.role === "USER" ? t("you") : t("answer")}
              </span>
              <SnippetText snippet={r.snippet} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The snippet with its matches in <mark>: React text nodes, so the message is never HTML. */
function SnippetText({ snippet }: { snippet: Snippet }) {
  const parts: { text: string; mark: boolean; at: number }[] = [];
  let at = 0;
  for (const [start, end] of snippet.highlights) {
    if (start > at) parts.push({ text: snippet.text.slice(at, start), mark: false, at });
    parts.push({ text: snippet.text.slice(start, end), mark: true, at: start });
    at = end;
  }
  if (at < snippet.text.length) parts.push({ text: snippet.text.slice(at), mark: false, at });
  return (
    <span
      className="line-clamp-3 text-xs text-zinc-700 dark:text-zinc-300"
      data-testid="message-search-snippet"
    >
      {snippet.before && "…"}
      {parts.map((p) =>
        p.mark ? (
          <mark
            key={p.at}
            className="rounded-sm bg-amber-200 px-0.5 text-zinc-900 dark:bg-amber-700 dark:text-white"
          >
            {p.text}
          </mark>
        ) : (
          <span key={p.at}>{p.text}</span>
        ),
      )}
      {snippet.after && "…"}
    </span>
  );
}
