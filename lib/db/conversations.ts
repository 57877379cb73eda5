import "server-only";
import type { MessageTree, RunError } from "@/lib/agents";
import { AppError } from "@/lib/errors";
import { getDb } from "./client";
import { ATTACHMENT_INFO, type AttachmentInfo } from "./files";
import type { MessageStatus, RunStatus } from "./generated/enums";
import type { UsageRecordInput } from "./quota-balance";

/** Where a conversation was started: the app's chat or the Agents API (/v1). */
export type ConversationSource = "chat" | "api";

export interface ConversationSummary {
  id: string;
  title: string;
  source: ConversationSource;
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
  /** How the answer ended in error; `text`: its catalog message, worded when shown (see lib/chat/stored-error.ts). */
  error: RunError | null;
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
    // Conversations eval cases ran in belong to their eval run, not the chat list.
    where: {
      userId,
      evalRunId: null,
      // Temporary chats are never listed or searched, nor those of an API key that keeps them out.
      expiresAt: null,
      listed: true,
      ...(search ? { title: { contains: search, mode: "insensitive" } } : {}),
    },
    orderBy: { updatedAt: "desc" },
    take,
    select: {
      id: true,
      title: true,
      source: true,
      agentId: true,
      updatedAt: true,
      agent: { select: { name: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    source: r.source === "api" ? "api" : "chat",
    agentId: r.agentId,
    agentName: r.agent?.name ?? null,
    updatedAt: r.updatedAt,
  }));
}

export const conversationNotFound = () => new AppError("not_found:conversation");

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
  return getDb().conversation.update({
    where: { id },
    data: { title, titleRenamed: true },
    select: { id: true, title: true },
  });
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

/**
 * The conversation with every message (all branches, oldest first) if it belongs to the user, in
 * one query; the same 404 as getConversationForUser otherwise.
 */
export async function getConversationWithMessages({ id, userId }: { id: string; userId: string }) {
  const [row] = await getDb().$queryRaw<
    {
      id: string;
      userId: string;
      agentId: string | null;
      title: string;
      messages: Array<Record<string, unknown>>;
    }[]
  >`
    SELECT c."id", c."userId", c."agentId", c."title",
      -- Without the search column (derived from content, and bulky).
      COALESCE((SELECT json_agg((to_jsonb(m) - 'searchVector') || jsonb_build_object('attachments', COALESCE((
          SELECT jsonb_agg(jsonb_build_object('id', a."id", 'name', a."name", 'mimeType', a."mimeType",
            'kind', a."kind", 'size', a."size") ORDER BY a."createdAt", a."id")
          FROM "Attachment" a WHERE a."messageId" = m."id"), '[]'::jsonb)) ORDER BY m."createdAt", m."id")
        FROM "Message" m WHERE m."conversationId" = c."id"), '[]'::json) AS messages
    FROM "Conversation" c WHERE c."id" = ${id}`;
  if (!row || row.userId !== userId) throw conversationNotFound();
  const messages = row.messages.map((m) =>
    // json renders timestamp(3) without its zone: the stored times are UTC.
    toStored({ ...m, createdAt: new Date(`${m.createdAt as string}Z`) } as Parameters<typeof toStored>[0]),
  );
  return { id: row.id, agentId: row.agentId, title: row.title, messages };
}

/** One model call's row of the usage ledger, as written in a batch with the answer. */
export interface UsageRow extends UsageRecordInput {
  id: string;
  createdAt: Date;
}

/**
 * Saves the assistant message as it stands, in one statement with the usage rows of the model
 * calls that ended since the last save (skipped when the run is gone: its conversation was deleted)
 * and, with `close`, the end of its run. A final save writes even over an answer a sweeper already
 * marked INTERRUPTED (its process was only cut off from the database, not dead): the full content is
 * the truth; `close` likewise ends a run that is RUNNING or INTERRUPTED. A deleted conversation is
 * not an error (nothing to update).
 */
export async function saveAnswer({
  id,
  content,
  parts,
  status,
  error,
  usage,
  usageRows,
  close,
}: {
  id: string;
  content: string;
  parts: MessageTree;
  status: MessageStatus;
  /** undefined keeps the stored error. */
  error?: RunError | null;
  usage: MessageUsage;
  usageRows: UsageRow[];
  close?: { runId: string; status: RunStatus };
}): Promise<void> {
  const rows = usageRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  await getDb().$executeRaw`
    WITH ledger AS (
      INSERT INTO "UsageRecord" ("id", "runId", "userId", "agentId", "spanId", "parentSpanId", "depth",
        "inputTokens", "outputTokens", "cachedInputTokens", "reasoningTokens", "model", "endpointId", "cost",
        "createdAt")
      SELECT u."id", u."runId", u."userId", u."agentId", u."spanId", u."parentSpanId", u."depth",
        u."inputTokens", u."outputTokens", u."cachedInputTokens", u."reasoningTokens", u."model",
        u."endpointId", u."cost", u."createdAt"
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS u("id" text, "runId" text, "userId" text,
        "agentId" text, "spanId" text, "parentSpanId" text, "depth" int, "inputTokens" int,
        "outputTokens" int, "cachedInputTokens" int, "reasoningTokens" int, "model" text,
        "endpointId" text, "cost" double precision, "createdAt" timestamp(3))
      WHERE EXISTS (SELECT 1 FROM "Run" r WHERE r."id" = u."runId")),
    answer AS (
      UPDATE "Message" SET "content" = ${content}, "parts" = ${JSON.stringify(parts)}::jsonb,
        "status" = ${status}::"MessageStatus",
        "error" = CASE WHEN ${error === undefined}::boolean THEN "error" ELSE ${error ? JSON.stringify(error) : null}::jsonb END,
        "usage" = ${JSON.stringify(usage)}::jsonb
      WHERE "id" = ${id})
    UPDATE "Run" SET "status" = ${close?.status ?? "RUNNING"}::"RunStatus", "endedAt" = (clock_timestamp() AT TIME ZONE 'UTC')
    WHERE "id" = ${close?.runId ?? ""} AND ${close !== undefined}::boolean AND "status" IN ('RUNNING', 'INTERRUPTED')`;
}
