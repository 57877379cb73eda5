"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { formatBytes } from "@/lib/files/format";
import type { MyFiles } from "@/lib/files/my-files";

/**
 * My files: storage used against the quota, and each file with its size, type and the
 * conversations it was sent in. An upload never sent can be deleted here; a sent one is part of
 * its conversations, which say how to remove it.
 */
export function MyFilesView({ data }: { data: MyFiles }) {
  const t = useTranslations("settings.files");
  const format = useFormatter();
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function remove(id: string) {
    setBusy(id);
    setError(null);
    const res = await fetch(`/api/files/${id}`, { method: "DELETE" }).catch(() => null);
    const body =
      res && !res.ok ? ((await res.json().catch(() => null)) as { message?: string } | null) : null;
    setBusy(null);
    if (!res?.ok) {
      setError(body?.message ?? t("deleteFailed"));
      return;
    }
    router.refresh();
  }

  return (
    <>
      <section className="space-y-2" data-testid="my-files-storage">
        <p className="text-sm">
          {t("storage", { used: formatBytes(data.used), quota: formatBytes(data.quota) })}
        </p>
        <meter
          min={0}
          max={Math.max(1, data.quota)}
          value={Math.min(data.used, data.quota)}
          aria-label={t("storageLabel")}
          className="h-3 w-full max-w-md"
        />
      </section>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="my-files-error">
          {error}
        </p>
      )}
      {data.files.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="my-files-empty">
          {t("empty")}
        </p>
      ) : (
        <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {data.files.map((f) => (
            <li key={f.id} className="space-y-1 px-4 py-3 text-sm" data-testid="my-file">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                <span className="min-w-0 break-all font-medium" data-testid="my-file-name">
                  {f.name}
                </span>
                <span className="text-xs text-zinc-600 dark:text-zinc-400">
                  {formatBytes(f.size)} · {f.mimeType} ·{" "}
                  {format.dateTime(new Date(f.createdAt), { dateStyle: "medium" })}
                </span>
              </div>
              {f.usedIn.length > 0 ? (
                <>
                  <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="my-file-used">
                    {t("usedIn")}{" "}
                    {f.usedIn.map((c, i) => (
                      <span key={c.id}>
                        {i > 0 && ", "}
                        <Link href={`/chat/${c.id}`} className="underline">
                          {c.title}
                        </Link>
                      </span>
                    ))}
                  </p>
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("inUseHelp")}</p>
                </>
              ) : (
                <div className="flex flex-wrap items-center gap-3">
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("unused")}</span>
                  <button
                    type="button"
                    data-testid="my-file-delete"
                    disabled={busy === f.id}
                    onClick={() => void remove(f.id)}
                    aria-label={t("deleteLabel", { name: f.name })}
                    className="rounded-md border border-red-300 px-2 py-0.5 text-xs font-medium text-red-700 hover:bg-red-50 disabled:opacity-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950/40"
                  >
                    {t("delete")}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
