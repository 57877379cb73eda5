// Files on their way to a model: which uploads a message carries (checked against the limits),
// their content read once per run as the engine's data, and linking them to the stored message.
import "server-only";
import type { ConversationMessage, RunFile } from "@/lib/agents";
import { type AttachmentInfo, attachmentContents, attachmentsByIds, attachToMessage } from "@/lib/db/files";
import { AppError } from "@/lib/errors";
import { fileNotFound } from "./upload";

export type SendFile = Awaited<ReturnType<typeof attachmentsByIds>>[number];

/** The user's uploads a new message carries, in the order given; 404 when one isn't theirs. */
export async function filesToSend({
  userId,
  fileIds,
  maxPerMessage,
}: {
  userId: string;
  fileIds: string[];
  /** The user's limit (quota settings), already read by the caller. */
  maxPerMessage: number;
}): Promise<SendFile[]> {
  const ids = [...new Set(fileIds)];
  if (!ids.length) return [];
  if (ids.length > maxPerMessage)
    throw new AppError("limit:files_per_message", { values: { max: maxPerMessage } });
  const rows = await attachmentsByIds({ ids, userId });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw fileNotFound();
    return row;
  });
}

export type WithAttachments = {
  /** "system": instructions a caller of the Agents API sends with its history. */
  role: "user" | "assistant" | "system";
  content: string;
  attachments?: AttachmentInfo[];
};

/**
 * The engine's conversation: each user message's attachments replaced by their content (text as
 * stored at upload; images' bytes as base64). Read in one query for the whole branch.
 */
export async function withFileContents(messages: WithAttachments[]): Promise<ConversationMessage[]> {
  const all = messages.flatMap((m) => m.attachments ?? []);
  if (!all.length) return messages.map(({ role, content }) => ({ role, content }));
  const blobs = await attachmentContents(all.map((a) => a.id));
  return messages.map(({ role, content, attachments }) => {
    if (!attachments?.length) return { role, content };
    const files = attachments.map((a): RunFile => {
      const blob = blobs.get(a.id);
      const base = { name: a.name, mimeType: a.mimeType, size: a.size };
      if (!blob) return { ...base, text: "[This file's content is no longer stored.]" };
      if (a.kind === "image" && blob.data)
        return { ...base, imageBase64: Buffer.from(blob.data).toString("base64") };
      return { ...base, text: blob.text ?? "" };
    });
    return { role, content, files };
  });
}

/** Makes the message's files part of it (after the run was admitted: a refused send keeps them pending). */
export async function linkSentFiles(args: {
  userId: string;
  conversationId: string;
  messageId: string;
  files: SendFile[];
}) {
  if (args.files.length) await attachToMessage({ ...args, attachments: args.files });
}
