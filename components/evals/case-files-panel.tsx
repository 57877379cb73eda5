"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatBytes } from "@/lib/files/format";

export interface CaseFile {
  id: string;
  name: string;
  size: number;
}

/**
 * The owner's files a case may name (`"files": ["name"]`): their uploads (My files), and an upload
 * button that adds one. The same POST /api/files as the composer, so the same limits and parsing.
 */
export function CaseFilesPanel({ files }: { files: CaseFile[] }) {
  const t = useTranslations("evals.files");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const res = await fetch("/api/files", {
        method: "POST",
        headers: { "X-File-Name": encodeURIComponent(file.name) },
        body: file,
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      if (res.status === 201) router.refresh();
      else setError(body.message ?? t("failed", { status: res.status }));
    } catch {
      setError(t("failed", { status: 0 }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="eval-files-title"
      className="space-y-2 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <h2 id="eval-files-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("help")}</p>
      {files.length ? (
        <ul data-testid="eval-files" className="flex flex-wrap gap-2 text-sm">
          {files.map((f) => (
            <li
              key={f.id}
              className="rounded-md border border-zinc-300 px-2 py-1 font-mono text-xs dark:border-zinc-700"
            >
              {f.name} <span className="text-zinc-600 dark:text-zinc-400">· {formatBytes(f.size)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("none")}</p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
      <label className="inline-block cursor-pointer rounded-lg border border-zinc-300 px-3 py-2 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800">
        {busy ? t("uploading") : t("upload")}
        <input
          type="file"
          data-testid="eval-file-upload"
          disabled={busy}
          className="sr-only"
          onChange={(e) => void upload(e.target.files?.[0])}
        />
      </label>
    </section>
  );
}
