"use client";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { AttachmentInfo } from "@/lib/db/files";
import { formatBytes } from "@/lib/files/format";
import { useTypeLabel } from "./attachment-chips";
import { fileUrl } from "./file-url";

/** A modal with the image at full size, or the text the models read of a document. */
export function FileViewer({ file, onClose }: { file: AttachmentInfo; onClose: () => void }) {
  const t = useTranslations("chat.attachments");
  const typeLabel = useTypeLabel();
  const ref = useRef<HTMLDialogElement>(null);
  const [preview, setPreview] = useState<
    { text: string; truncated: boolean } | { error: string | null } | null
  >(null);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  useEffect(() => {
    if (file.kind === "image") return;
    const controller = new AbortController();
    fetch(`${fileUrl(file.id)}/text`, { signal: controller.signal })
      .then(async (res) => {
        const body = await res.json();
        // The server's refusal as it says it; null: it could not be read (worded here).
        setPreview(res.ok ? body : { error: body.message ?? null });
      })
      .catch(() => {
        if (!controller.signal.aborted) setPreview({ error: null });
      });
    return () => controller.abort();
  }, [file]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      data-testid="file-viewer"
      aria-label={file.name}
      className="m-auto max-h-[90vh] w-[min(56rem,calc(100vw-2rem))] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="flex items-center gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold">{file.name}</h2>
        <span className="text-xs text-zinc-500">
          {typeLabel(file.name, file.mimeType)} · {formatBytes(file.size)}
        </span>
        <a
          href={`${fileUrl(file.id)}?download=1`}
          className="text-xs text-accent-600 hover:underline"
          download
        >
          {t("download")}
        </a>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label={t("close")}
          className="inline-flex size-7 items-center justify-center rounded hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="max-h-[calc(90vh-3rem)] overflow-auto p-4">
        {file.kind === "image" ? (
          // biome-ignore lint/performance/noImgElement: a private, session-checked file
          <img src={fileUrl(file.id)} alt={file.name} className="mx-auto max-h-[75vh] object-contain" />
        ) : !preview ? (
          <p className="text-sm text-zinc-500">{t("loading")}</p>
        ) : "error" in preview ? (
          <p role="alert" className="text-sm text-red-600">
            {preview.error ?? t("cannotOpen")}
          </p>
        ) : (
          <>
            <pre className="whitespace-pre-wrap break-words font-mono text-xs" data-testid="file-preview">
              {preview.text || t("noText")}
            </pre>
            {preview.truncated && <p className="mt-2 text-xs text-zinc-500">{t("previewCut")}</p>}
          </>
        )}
      </div>
    </dialog>
  );
}
