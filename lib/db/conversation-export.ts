import "server-only";
import type { ConversationFile } from "@/lib/chat/conversation-format";
import { getDb } from "./client";
import { Prisma } from "./generated/client";
import { feedbackRows } from "./message-feedback";

/**
 * A conversation file stored as a new conversation of `userId`, in one transaction (a failure
 * leaves nothing behind). Message ids are new; the file's local ids only link parents.
 */
export async function importConversation({
  userId,
  file,
  agentId = null,
}: {
  userId: string;
  file: ConversationFile;
  /** The agent the new conversation continues with (a fork keeps its origin's). */
  agentId?: string | null;
}) {
  return getDb().$transaction(async (tx) => {
    const conversation = await tx.conversation.create({
      data: { userId, title: file.title, agentId },
      select: { id: true },
    });
    const ids = new Map<string, string>();
    for (const m of file.messages) {
      const created = await tx.message.create({
        data: {
          conversationId: conversation.id,
          parentId: m.parentId ? (ids.get(m.parentId) as string) : null,
          role: m.role,
          content: m.content,
          parts: (m.parts as Prisma.InputJsonValue | null) ?? Prisma.DbNull,
          status: m.status,
          error: (m.error as Prisma.InputJsonValue | null) ?? Prisma.DbNull,
          usage: m.usage ?? Prisma.DbNull,
          createdAt: new Date(m.createdAt),
        },
        select: { id: true },
      });
      ids.set(m.id, created.id);
    }
    // Feedback in the file becomes the importer's own.
    const rated = file.messages.flatMap((m) =>
      m.feedback && m.role === "ASSISTANT"
        ? [{ messageId: ids.get(m.id) as string, feedback: m.feedback }]
        : [],
    );
    if (rated.length) await tx.messageFeedback.createMany({ data: feedbackRows(userId, rated) });
    return conversation;
  });
}
