"use client";
import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import type { AttachmentInfo } from "@/lib/db/files";
import { formatBytes } from "@/lib/files/format";
import { useTypeLabel } from "./attachment-chips";

import { fileUrl } from "./file-url";

// The viewer loads when a file is first opened, not with the chat page.
const FileViewer = lazy(() => import("./file-viewer").then((m) => ({ default: m.FileViewer })));

/** A user message's files: image thumbnails (a click opens the viewer) and document cards (a preview). */
export function MessageAttachments({ files }: { files: AttachmentInfo[] }) {
  const t = useTranslations("chat.attachments");
  const typeLabel = useTypeLabel();
  const [open, setOpen] = useState<AttachmentInfo | null>(null);
  if (!files.length) return null;
  return (
    <div className="flex max-w-[85%] flex-wrap justify-end gap-2" data-testid="message-attachments">
      {files.map((f) =>
        f.kind === "image" ? (
          <button
            key={f.id}
            type="button"
            onClick={() => setOpen(f)}
            data-testid="message-attachment"
            data-kind="image"
            aria-label={t("view", { name: f.name })}
            className="overflow-hidden rounded-lg border border-zinc-200 focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-zinc-700"
          >
            {/* biome-ignore lint/performance/noImgElement: a private, session-checked file; next/image would proxy it */}
            <img src={fileUrl(f.id)} alt={f.name} className="size-24 object-cover" loading="lazy" />
          </button>
        ) : (
          <button
            key={f.id}
            type="button"
            onClick={() => setOpen(f)}
            data-testid="message-attachment"
            data-kind={f.kind}
            className="flex max-w-64 items-center gap-2 rounded-lg border border-zinc-200 bg-white px-3 py-2 text-left text-xs hover:border-accent-500 focus-visible:outline-2 focus-visible:outline-accent-500 dark:border-zinc-700 dark:bg-zinc-900"
          >
            <span className="rounded bg-accent-100 px-1.5 py-1 text-[10px] font-semibold text-accent-700 dark:bg-accent-500/20 dark:text-accent-100">
              {typeLabel(f.name, f.mimeType)}
            </span>
            <span className="min-w-0">
              <span className="block truncate font-medium text-zinc-800 dark:text-zinc-100">{f.name}</span>
              <span className="text-zinc-500">{formatBytes(f.size)}</span>
            </span>
          </button>
        ),
      )}
      {open && (
        <Suspense fallback={null}>
          <FileViewer file={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}
