"use client";
import { Download } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { ErrorBody } from "@/lib/errors";
import { CONVERSATIONS_CHANGED } from "./chat-events";

/**
 * The chat header's export/import menu: downloads of this conversation (JSON, Markdown) and an
 * upload of a JSON file, which opens the imported copy. The server checks and words every refusal.
 */
export function ExportMenu({ conversationId }: { conversationId: string | null }) {
  const t = useTranslations("chat.export");
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const href = (format: string) => `/api/conversations/${conversationId}/export?format=${format}`;

  async function upload(f: File) {
    setError(null);
    const res = await fetch("/api/conversations/import", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: await f.text(),
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as ErrorBody | null;
      setError(t("importFailed", { message: body?.message ?? String(res.status) }));
      return;
    }
    const { id } = (await res.json()) as { id: string };
    window.dispatchEvent(new Event(CONVERSATIONS_CHANGED));
    router.push(`/chat/${id}`);
  }

  const item = "block w-full rounded px-3 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800";
  return (
    <details className="relative ml-auto" data-testid="export-menu">
      <summary
        aria-label={t("menu")}
        title={t("menu")}
        className="flex cursor-pointer list-none items-center rounded-lg border border-zinc-300 p-1.5 text-zinc-700 dark:border-zinc-700 dark:text-zinc-200"
      >
        <Download className="size-4" aria-hidden="true" />
      </summary>
      <div className="absolute right-0 z-20 mt-1 w-60 rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        {conversationId && (
          <>
            <a href={href("json")} download className={item} data-testid="export-json">
              {t("json")}
            </a>
            <a href={href("markdown")} download className={item} data-testid="export-markdown">
              {t("markdown")}
            </a>
          </>
        )}
        <label className={`${item} cursor-pointer`}>
          {t("import")}
          <input
            type="file"
            accept="application/json,.json"
            className="sr-only"
            data-testid="import-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void upload(f);
              e.target.value = "";
            }}
          />
        </label>
        {error && (
          <p
            role="alert"
            className="px-3 py-1.5 text-xs text-red-700 dark:text-red-300"
            data-testid="import-error"
          >
            {error}
          </p>
        )}
      </div>
    </details>
  );
}
