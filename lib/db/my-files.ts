import "server-only";
import { getDb } from "./client";

/** A user's attachments, newest first, with the conversation each is part of (My files). */
export function userAttachmentRows(userId: string, take = 1000) {
  return getDb().attachment.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take,
    select: {
      id: true,
      name: true,
      mimeType: true,
      kind: true,
      size: true,
      sha256: true,
      messageId: true,
      createdAt: true,
      conversation: { select: { id: true, title: true } },
    },
  });
}
