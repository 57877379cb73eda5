"use client";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import type { QueuedMessage } from "./use-steer-queue";

/** Messages queued while an answer runs: sent in order once it ends; each can be taken out. */
export function QueuedMessages({
  items,
  onRemove,
}: {
  items: QueuedMessage[];
  onRemove: (id: string) => void;
}) {
  const t = useTranslations("chat.composer");
  if (!items.length) return null;
  return (
    <section aria-label={t("queued")} data-testid="queued-messages" className="mb-2 text-sm">
      <p className="mb-1 text-xs text-zinc-600 dark:text-zinc-400">{t("queued")}</p>
      <ul className="space-y-1">
        {items.map((m) => (
          <li
            key={m.id}
            data-testid="queued-message"
            className="flex items-center gap-2 rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-1.5 dark:border-zinc-700 dark:bg-zinc-800/60"
          >
            <span className="min-w-0 flex-1 truncate">{m.text}</span>
            <button
              type="button"
              onClick={() => onRemove(m.id)}
              aria-label={t("removeQueued", { text: m.text.slice(0, 40) })}
              data-testid="queued-remove"
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent-500 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-100"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
