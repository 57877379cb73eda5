"use client";
import { FolderOpen } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { AttachmentInfo } from "@/lib/db/files";
import { formatBytes } from "@/lib/files/format";
import type { MyFile, MyFiles } from "@/lib/files/my-files";

/** The composer's "From my files": attach an earlier upload again (read when the menu opens). */
export function MyFilesPicker({
  onPick,
  disabled,
}: {
  onPick: (info: AttachmentInfo) => void;
  disabled?: boolean;
}) {
  const t = useTranslations("chat.myFiles");
  const ref = useRef<HTMLDetailsElement>(null);
  const [files, setFiles] = useState<MyFile[] | null>(null);
  const [failed, setFailed] = useState(false);

  async function load() {
    setFailed(false);
    const res = await fetch("/api/files", { cache: "no-store" }).catch(() => null);
    if (!res?.ok) {
      setFailed(true);
      return;
    }
    setFiles(((await res.json()) as MyFiles).files);
  }

  const item = "block w-full rounded px-3 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800";
  return (
    <details
      ref={ref}
      className="relative"
      data-testid="my-files-picker"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open) void load();
      }}
    >
      <summary
        aria-label={t("open")}
        title={t("open")}
        aria-disabled={disabled}
        className="inline-flex size-10 shrink-0 cursor-pointer list-none items-center justify-center rounded-xl text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-accent-500 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        <FolderOpen className="size-5" aria-hidden="true" />
      </summary>
      <div className="absolute bottom-12 left-0 z-20 max-h-72 w-72 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        <p className="px-3 py-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{t("title")}</p>
        {failed ? (
          <p role="alert" className="px-3 py-1.5 text-xs text-red-700 dark:text-red-300">
            {t("failed")}
          </p>
        ) : files === null ? (
          <p className="px-3 py-1.5 text-xs text-zinc-600 dark:text-zinc-400">{t("loading")}</p>
        ) : files.length === 0 ? (
          <p className="px-3 py-1.5 text-xs text-zinc-600 dark:text-zinc-400">{t("empty")}</p>
        ) : (
          files.map((f) => (
            <button
              key={f.id}
              type="button"
              className={item}
              data-testid="my-files-pick"
              disabled={disabled}
              onClick={() => {
                onPick({ id: f.id, name: f.name, mimeType: f.mimeType, kind: f.kind, size: f.size });
                if (ref.current) ref.current.open = false;
              }}
            >
              <span className="block truncate">{f.name}</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">{formatBytes(f.size)}</span>
            </button>
          ))
        )}
      </div>
    </details>
  );
}
