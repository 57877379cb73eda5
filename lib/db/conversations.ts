import "server-only";
import type { MessageTree } from "@/lib/agents";
import { AppError } from "@/lib/errors";
import { getDb } from "./client";
import { ATTACHMENT_INFO, type AttachmentInfo } from "./files";
import { Prisma } from "./generated/client";
import type { MessageStatus } from "./generated/enums";
import type { InputJsonValue } from "./generated/internal/prismaNamespace";

export interface ConversationSummary {
  id: string;
  title: string;
  agentId: string | null;
  agentName: string | null;
  updatedAt: Date;
}

export interface StoredMessage {
  id: string;
  parentId: string | null;
  role: "USER" | "ASSISTANT";
  content: string;
  parts: MessageTree | null;
  status: MessageStatus;
  error: { code: string; message: string } | null;
  usage: MessageUsage | null;
  agentId: string | null;
  createdAt: Date;
  /** Files attached to a user message, in upload order. */
  attachments: AttachmentInfo[];
}

export interface MessageUsage {
  inputTokens: number;
  outputTokens: number;
  subagentInputTokens: number;
  subagentOutputTokens: number;
}

export async function listConversations({
  userId,
  search,
  take = 100,
}: {
  userId: string;
  search?: string;
  take?: number;
}): Promise<ConversationSummary[]> {
  const rows = await getDb().conversation.findMany({
    where: { userId, ...(search ? { title: { contains: search, mode: "insensitive" } } : {}) },
    orderBy: { updatedAt: "desc" },
    take,
    select: { id: true, title: true, agentId: true, updatedAt: true, agent: { select: { name: true } } },
  });
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    agentId: r.agentId,
    agentName: r.agent?.name ?? null,
    updatedAt: r.updatedAt,
  }));
}

export const conversationNotFound = () =>
  new AppError("not_found:conversation", "This conversation doesn't exist (it may have been deleted).");

/**
 * The conversation if it belongs to the user; the same 404 whether it doesn't exist or is someone
 * else's, so that nobody learns which conversation ids exist.
 */
export async function getConversationForUser({ id, userId }: { id: string; userId: string }) {
  const row = await getDb().conversation.findUnique({
    where: { id },
    select: {
      id: true,
      userId: true,
      title: true,
      agentId: true,
      updatedAt: true,
      agent: { select: { name: true } },
    },
  });
  if (!row || row.userId !== userId) throw conversationNotFound();
  return row;
}

export async function createConversation({
  userId,
  agentId,
  title,
}: {
  userId: string;
  agentId: string;
  title: string;
}) {
  return getDb().conversation.create({ data: { userId, agentId, title }, select: { id: true, title: true } });
}

export async function renameConversation({
  id,
  userId,
  title,
}: {
  id: string;
  userId: string;
  title: string;
}) {
  await getConversationForUser({ id, userId });
  return getDb().conversation.update({ where: { id }, data: { title }, select: { id: true, title: true } });
}

export async function deleteConversation({ id, userId }: { id: string; userId: string }) {
  await getConversationForUser({ id, userId });
  await getDb().conversation.delete({ where: { id } });
}

function toStored(row: {
  id: string;
  parentId: string | null;
  role: "USER" | "ASSISTANT";
  content: string;
  parts: unknown;
  status: MessageStatus;
  error: unknown;
  usage: unknown;
  agentId: string | null;
  createdAt: Date;
  attachments: AttachmentInfo[];
}): StoredMessage {
  return {
    ...row,
    parts: (row.parts as MessageTree | null) ?? null,
    error: (row.error as StoredMessage["error"]) ?? null,
    usage: (row.usage as MessageUsage | null) ?? null,
  };
}

/** Every message of a conversation (all branches), oldest first. */
export async function listMessages({ conversationId }: { conversationId: string }): Promise<StoredMessage[]> {
  const rows = await getDb().message.findMany({
    where: { conversationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { attachments: { select: ATTACHMENT_INFO, orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  return rows.map(toStored);
}

/** Persists the user's message and an empty assistant message (STREAMING) in one transaction. */
export async function createTurn({
  conversationId,
  parentId,
  userText,
  existingUserMessageId,
  agentId,
}: {
  conversationId: string;
  parentId: string | null;
  userText: string;
  /** Regenerate: answer this existing user message again instead of adding a new one. */
  existingUserMessageId?: string;
  agentId: string;
}): Promise<{ userMessageId: string; assistantMessageId: string }> {
  return getDb().$transaction(async (tx) => {
    const userMessageId =
      existingUserMessageId ??
      (
        await tx.message.create({
          data: { conversationId, parentId, role: "USER", content: userText },
          select: { id: true },
        })
      ).id;
    const assistant = await tx.message.create({
      data: { conversationId, parentId: userMessageId, role: "ASSISTANT", status: "STREAMING", agentId },
      select: { id: true },
    });
    await tx.conversation.update({ where: { id: conversationId }, data: { updatedAt: new Date(), agentId } });
    return { userMessageId, assistantMessageId: assistant.id };
  });
}

/** Saves the assistant message as it stands (called while streaming and once at the end). */
export async function saveAssistantMessage({
  id,
  content,
  parts,
  status,
  error,
  usage,
}: {
  id: string;
  content: string;
  parts: MessageTree;
  status: MessageStatus;
  error?: { code: string; message: string } | null;
  usage: MessageUsage;
}) {
  await getDb().message.update({
    where: { id },
    data: {
      content,
      parts: parts as unknown as InputJsonValue,
      status,
      error: error ? (error as unknown as InputJsonValue) : undefined,
      usage: usage as unknown as InputJsonValue,
    },
  });
}

/**
 * The answer as it finally stands. Written even when a sweeper already marked it INTERRUPTED (its
 * process was only cut off from the database, not dead): the full content is the truth. A deleted
 * conversation is not an error (nothing to update).
 */
export async function saveFinalMessage({
  id,
  content,
  parts,
  status,
  error,
  usage,
}: {
  id: string;
  content: string;
  parts: MessageTree;
  status: "COMPLETE" | "STOPPED" | "FAILED" | "INTERRUPTED";
  error: { code: string; message: string } | null;
  usage: MessageUsage;
}): Promise<void> {
  await getDb().message.updateMany({
    where: { id },
    data: {
      content,
      parts: parts as unknown as InputJsonValue,
      status,
      error: error ? (error as unknown as InputJsonValue) : Prisma.DbNull,
      usage: usage as unknown as InputJsonValue,
    },
  });
}

/** Removes a turn that never started (admission refused): nothing of it should remain. */
export async function deleteTurn({
  userMessageId,
  assistantMessageId,
  keepUserMessage,
}: {
  userMessageId: string;
  assistantMessageId: string;
  keepUserMessage: boolean;
}) {
  await getDb().message.deleteMany({
    where: { id: { in: keepUserMessage ? [assistantMessageId] : [assistantMessageId, userMessageId] } },
  });
}
