"use client";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import type { RestoreAction } from "./types";

export interface VersionRow {
  version: number;
  createdAt: string;
  name: string;
  model: string;
  childCount: number;
  subagentsEnabled: boolean;
}

/** Every saved version; restoring one saves it again as the newest version. */
export function VersionHistory({
  agentId,
  current,
  versions,
  restore,
}: {
  agentId: string;
  current: number;
  versions: VersionRow[];
  restore: RestoreAction;
}) {
  const t = useTranslations("builder.versions");
  const format = useFormatter();
  const router = useRouter();
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <details
      data-testid="version-history"
      className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <summary className="cursor-pointer text-sm font-semibold">
        {t("title")}
        <span className="font-normal text-zinc-500">{t("count", { count: versions.length })}</span>
      </summary>
      {message && (
        <p
          role="status"
          className="mt-3 text-sm text-zinc-600 dark:text-zinc-300"
          data-testid="version-message"
        >
          {message}
        </p>
      )}
      <ol className="mt-3 divide-y divide-zinc-100 dark:divide-zinc-800">
        {versions.map((v) => (
          <li
            key={v.version}
            className="flex items-center justify-between gap-3 py-2"
            data-testid={`version-${v.version}`}
          >
            <div className="min-w-0 text-sm">
              <span className="font-medium">{t("version", { version: v.version })}</span> ·{" "}
              <span className="truncate">{v.name}</span>
              <span className="block text-xs text-zinc-500">
                {/* The browser's time zone: the server's render (UTC) may differ, by design. */}
                <time dateTime={v.createdAt} suppressHydrationWarning>
                  {format.dateTime(new Date(v.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                </time>
                {" · "}
                {v.model}
                {" · "}
                {v.subagentsEnabled ? t("subagents", { count: v.childCount }) : t("noSubagents")}
              </span>
            </div>
            {v.version === current ? (
              <span className="shrink-0 text-xs text-zinc-500">{t("current")}</span>
            ) : (
              <button
                type="button"
                disabled={pending}
                data-testid={`restore-${v.version}`}
                className="shrink-0 rounded-md border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
                onClick={() =>
                  start(async () => {
                    const res = await restore({ id: agentId, version: v.version });
                    setMessage(
                      res.ok ? t("restored", { from: v.version, to: res.data.version }) : res.error.message,
                    );
                    // A full reload so the form starts from the restored state.
                    if (res.ok) window.location.reload();
                    else router.refresh();
                  })
                }
              >
                {t("restore")}
              </button>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
