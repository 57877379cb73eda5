// Reading a user's own files: bytes for the viewer, text for the document preview. Another user's
// file answers exactly like a missing one (404).
import "server-only";
import { findOwnAttachment, readBlobText } from "@/lib/db/files";
import { fileStore } from "./store";
import { fileNotFound } from "./upload";

export async function readOwnFile({ id, userId }: { id: string; userId: string }) {
  const row = await findOwnAttachment({ id, userId });
  if (!row) throw fileNotFound();
  const data = await fileStore().read(row.sha256);
  if (!data) throw fileNotFound();
  return { name: row.name, mimeType: row.mimeType, kind: row.kind, data };
}

/** Characters of a document the preview shows. */
const PREVIEW_CHARS = 100_000;

export async function previewOwnFile({ id, userId }: { id: string; userId: string }) {
  const row = await findOwnAttachment({ id, userId });
  if (!row) throw fileNotFound();
  const text = (await readBlobText(row.sha256)) ?? "";
  return {
    name: row.name,
    mimeType: row.mimeType,
    size: row.size,
    text: text.slice(0, PREVIEW_CHARS),
    truncated: text.length > PREVIEW_CHARS,
  };
}
