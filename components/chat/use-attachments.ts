"use client";
import { useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import type { AttachmentInfo } from "@/lib/db/files";
import { type AttachPolicy, formatBytes } from "@/lib/files/format";

/** A file in the composer: uploading (with progress), uploaded (has `info`), or refused (`error`). */
export interface Chip {
  key: string;
  name: string;
  size: number;
  type: string;
  /** 0..1 while uploading. */
  progress: number;
  info?: AttachmentInfo;
  error?: string;
  /** An earlier file from My files, sent again: removing its chip never deletes the file. */
  reused?: boolean;
}

/** The kind a browser's File most likely is; the server sniffs the content and has the last word. */
function guessKind(file: File): "text" | "pdf" | "image" {
  if (/^image\/(png|jpeg|gif|webp)$/.test(file.type)) return "image";
  if (file.type === "application/pdf" || /\.pdf$/i.test(file.name)) return "pdf";
  return "text";
}

let seq = 0;

/**
 * The composer's files: checked against the admin's limits before anything is sent (size, count,
 * kind), then uploaded one request each (POST /api/files, raw bytes) with progress.
 */
export function useAttachments(policy: AttachPolicy) {
  const t = useTranslations("chat.attachments");
  const [chips, setChips] = useState<Chip[]>([]);
  const xhrs = useRef(new Map<string, XMLHttpRequest>());
  const patch = useCallback((key: string, p: Partial<Chip>) => {
    setChips((cs) => cs.map((c) => (c.key === key ? { ...c, ...p } : c)));
  }, []);

  const upload = useCallback(
    (key: string, file: File) => {
      const xhr = new XMLHttpRequest();
      xhrs.current.set(key, xhr);
      xhr.open("POST", "/api/files");
      xhr.setRequestHeader("X-File-Name", encodeURIComponent(file.name));
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) patch(key, { progress: e.loaded / e.total });
      };
      xhr.onload = () => {
        xhrs.current.delete(key);
        let body: { message?: string } & Partial<AttachmentInfo> = {};
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          // Not JSON (a proxy's error page): the status says enough.
        }
        if (xhr.status === 201 && body.id) patch(key, { progress: 1, info: body as AttachmentInfo });
        else patch(key, { error: body.message ?? t("uploadFailed", { status: xhr.status }) });
      };
      xhr.onerror = () => {
        xhrs.current.delete(key);
        patch(key, { error: t("unreachable") });
      };
      xhr.send(file);
    },
    [patch, t],
  );

  const add = useCallback(
    (files: FileList | File[]) => {
      const list = [...files];
      if (!list.length) return;
      setChips((cs) => {
        const room = policy.maxPerMessage - cs.filter((c) => !c.error).length;
        const next = list.map((file, i): Chip => {
          const chip: Chip = {
            key: `f${++seq}`,
            name: file.name,
            size: file.size,
            type: file.type,
            progress: 0,
          };
          const kind = guessKind(file);
          if (i >= room) chip.error = t("tooMany", { max: policy.maxPerMessage });
          else if (file.size > policy.maxBytes)
            chip.error = t("tooLarge", { size: formatBytes(policy.maxBytes) });
          else if (!policy.allowedKinds.includes(kind)) chip.error = t("kindRefused", { kind });
          else if (file.size === 0) chip.error = t("empty");
          else queueMicrotask(() => upload(chip.key, file));
          return chip;
        });
        return [...cs, ...next];
      });
    },
    [policy, upload, t],
  );

  const remove = useCallback((key: string) => {
    xhrs.current.get(key)?.abort();
    xhrs.current.delete(key);
    setChips((cs) => {
      const chip = cs.find((c) => c.key === key);
      // An upload that was not sent is deleted on the server too (best effort).
      if (chip?.info && !chip.reused)
        void fetch(`/api/files/${chip.info.id}`, { method: "DELETE" }).catch(() => {});
      return cs.filter((c) => c.key !== key);
    });
  }, []);

  /** Attaches a file already uploaded (My files), without uploading it again. */
  const reuse = useCallback(
    (info: AttachmentInfo) => {
      setChips((cs) => {
        if (cs.some((c) => c.info?.id === info.id)) return cs;
        const chip: Chip = {
          key: `f${++seq}`,
          name: info.name,
          size: info.size,
          type: info.mimeType,
          progress: 1,
          info,
          reused: true,
        };
        if (cs.filter((c) => !c.error).length >= policy.maxPerMessage)
          return [...cs, { ...chip, info: undefined, error: t("tooMany", { max: policy.maxPerMessage }) }];
        return [...cs, chip];
      });
    },
    [policy, t],
  );

  return {
    chips,
    add,
    reuse,
    remove,
    /** Takes the uploaded files for a send (the composer empties; `restore` puts them back). */
    take: useCallback(() => {
      const sent = chips.filter((c) => c.info);
      setChips((cs) => cs.filter((c) => !c.info));
      return sent;
    }, [chips]),
    restore: useCallback((sent: Chip[]) => setChips((cs) => [...sent, ...cs]), []),
    uploading: chips.some((c) => !c.info && !c.error),
  };
}
