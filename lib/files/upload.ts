// Uploading a file: limits, content sniffing, text extraction, deduplicated storage. Every refusal
// is a typed AppError (4xx) with a sentence for the user.
import "server-only";
import { createHash } from "node:crypto";
import {
  type AttachmentInfo,
  deletePendingAttachment,
  deleteStalePending,
  findOwnAttachment,
  storageUsedBy,
} from "@/lib/db/files";
import { AppError } from "@/lib/errors";
import { readBodyLimited } from "@/lib/http/read-limited";
import { ExtractError, extractText } from "./extract";
import { formatBytes } from "./format";
import { fileLimits, PENDING_TTL_MS } from "./limits";
import { SniffError, sanitizeFileName, sniff } from "./sniff";
import { fileStore } from "./store";

const tooLarge = (max: number) =>
  new AppError("payload_too_large:file", { values: { max: formatBytes(max) } });

/** The file name the browser sent (URI-encoded in `X-File-Name`), sanitised. */
export function fileNameFrom(header: string | null): string {
  let raw = header ?? "";
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // Not URI-encoded: use it as it came.
  }
  return sanitizeFileName(raw);
}

export async function uploadFile({
  userId,
  headers,
  body,
}: {
  userId: string;
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
}): Promise<AttachmentInfo> {
  const limits = await fileLimits(userId);
  const encoding = headers.get("content-encoding")?.trim().toLowerCase();
  // A compressed body could expand without bound (a zip bomb): only plain bytes are taken.
  if (encoding && encoding !== "identity")
    throw new AppError("unsupported_media_type:file", { key: "unsupported_media_type.file_encoded" });
  const declared = Number(headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) throw tooLarge(limits.maxBytes);

  const name = fileNameFrom(headers.get("x-file-name"));
  const used = await storageUsedBy(userId);
  if (Number.isFinite(declared) && used + declared > limits.quotaBytes)
    throw quotaFull(limits.quotaBytes, used);

  const data = await readBodyLimited(body, limits.maxBytes, () => tooLarge(limits.maxBytes));
  if (data.byteLength === 0)
    throw new AppError("bad_request:file", { key: "bad_request.file_empty", values: { name } });
  if (used + data.byteLength > limits.quotaBytes) throw quotaFull(limits.quotaBytes, used);

  let kind: ReturnType<typeof sniff>;
  try {
    kind = sniff(data, name);
  } catch (err) {
    if (err instanceof SniffError) throw new AppError("unsupported_media_type:file", err.text);
    throw err;
  }
  if (!limits.allowedKinds.includes(kind.kind))
    throw new AppError("unsupported_media_type:file", {
      key: "unsupported_media_type.file_kind",
      values: {
        kind: kind.kind,
        allowed: limits.allowedKinds.map((k) => ({ key: "file_kinds.list", values: { kind: k } })),
      },
    });

  let text: string | null;
  try {
    text = await extractText(kind.kind, data, name);
  } catch (err) {
    if (err instanceof ExtractError) throw new AppError("bad_request:file_unreadable", err.text);
    throw err;
  }

  const store = fileStore();
  // Housekeeping on the user's own writes: uploads abandoned in the composer long ago.
  const stale = await deleteStalePending({ userId, before: new Date(Date.now() - PENDING_TTL_MS) });
  if (stale.length) await store.release(stale);

  // The checks above refuse early; this one holds under concurrent uploads (taken with the save).
  const outcome = await store.save({
    sha256: createHash("sha256").update(data).digest("hex"),
    data,
    text,
    attachment: { userId, name, mimeType: kind.mimeType, kind: kind.kind, size: data.byteLength },
    maxUserBytes: limits.quotaBytes,
  });
  if ("refusedWithUsed" in outcome) throw quotaFull(limits.quotaBytes, outcome.refusedWithUsed);
  return outcome.saved;
}

function quotaFull(quota: number, used: number) {
  return new AppError("limit:file_storage", {
    values: { used: formatBytes(used), quota: formatBytes(quota) },
  });
}

/** Removes an upload that was not sent (the composer's × on a chip). Someone else's: 404. */
export async function removePendingFile({ id, userId }: { id: string; userId: string }) {
  const own = await findOwnAttachment({ id, userId });
  if (!own) throw fileNotFound();
  if (own.messageId) throw new AppError("conflict:file");
  const hash = await deletePendingAttachment({ id, userId });
  if (!hash) throw fileNotFound();
  await fileStore().release([hash]);
}

export const fileNotFound = () => new AppError("not_found:file");
