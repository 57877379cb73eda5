"use client";
import { useTranslations } from "next-intl";
import { formatBytes } from "@/lib/files/format";
import type { Chip } from "./use-attachments";

/** A short label of a file's type for chips and cards ("PDF", "CSV", "PNG"); null: plain text. */
export function typeLabel(name: string, mimeType: string): string | null {
  if (mimeType === "application/pdf") return "PDF";
  if (mimeType.startsWith("image/")) return mimeType.slice(6).toUpperCase();
  const ext = /\.([a-z0-9]{1,6})$/i.exec(name)?.[1];
  return ext ? ext.toUpperCase() : null;
}

/** A file's type label in the active language ("PDF", "CSV", a text file without extension "TEXT"). */
export function useTypeLabel(): (name: string, mimeType: string) => string {
  const t = useTranslations("chat.attachments");
  return (name, mimeType) => typeLabel(name, mimeType) ?? t("text");
}

/** The composer's files: name, size, type, upload progress or the reason it was refused, and ×. */
export function AttachmentChips({ chips, onRemove }: { chips: Chip[]; onRemove: (key: string) => void }) {
  const t = useTranslations("chat.attachments");
  const label = useTypeLabel();
  if (!chips.length) return null;
  return (
    <ul className="flex flex-wrap gap-2 px-1 pt-1" data-testid="attachment-chips" aria-label={t("label")}>
      {chips.map((c) => {
        const state = c.error ? "error" : c.info ? "ready" : "uploading";
        return (
          <li
            key={c.key}
            data-testid="attachment-chip"
            data-state={state}
            title={c.error ?? c.name}
            className={`relative flex max-w-full flex-wrap items-center gap-x-2 gap-y-0.5 overflow-hidden rounded-lg border px-2 py-1 text-xs ${
              c.error
                ? "border-red-300 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
                : "border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
            }`}
          >
            <span className="rounded bg-zinc-200 px-1 py-0.5 text-[10px] font-semibold text-zinc-600 dark:bg-zinc-700 dark:text-zinc-300">
              {label(c.name, c.info?.mimeType ?? c.type)}
            </span>
            <span className="min-w-0 max-w-48 truncate font-medium" data-testid="attachment-name">
              {c.info?.name ?? c.name}
            </span>
            <span className="shrink-0 tabular-nums text-zinc-500 dark:text-zinc-400">
              {state === "uploading" ? `${Math.round(c.progress * 100)}%` : formatBytes(c.size)}
            </span>
            <button
              type="button"
              onClick={() => onRemove(c.key)}
              aria-label={t("remove", { name: c.name })}
              data-testid="attachment-remove"
              className="inline-flex size-6 shrink-0 items-center justify-center rounded hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-zinc-700"
            >
              ×
            </button>
            {c.error && (
              // Its own line, wrapped: the reason is read in full, on a phone too.
              <span className="basis-full pb-0.5 leading-snug" role="alert" data-testid="attachment-error">
                {c.error}
              </span>
            )}
            {state === "uploading" && (
              <span
                className="absolute bottom-0 left-0 h-0.5 bg-accent-500 transition-[width]"
                style={{ width: `${Math.round(c.progress * 100)}%` }}
                aria-hidden="true"
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
