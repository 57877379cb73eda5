import "server-only";
import { getDb } from "./client";
import { Prisma } from "./generated/client";
import type { FeedbackRating } from "./generated/enums";

/** A thumbs up/down on an answer, as the chat and the export carry it. */
export interface Feedback {
  rating: "up" | "down";
  comment: string | null;
}

const toRating = (r: FeedbackRating): Feedback["rating"] => (r === "UP" ? "up" : "down");

/** The user's feedback on these messages, by message id. */
export async function feedbackOf({
  userId,
  messageIds,
}: {
  userId: string;
  messageIds: string[];
}): Promise<Map<string, Feedback>> {
  if (!messageIds.length) return new Map();
  const rows = await getDb().messageFeedback.findMany({
    where: { userId, messageId: { in: messageIds } },
    select: { messageId: true, rating: true, comment: true },
  });
  return new Map(rows.map((r) => [r.messageId, { rating: toRating(r.rating), comment: r.comment }]));
}

/**
 * The user's feedback on the answers of these conversations, by conversation id (an eval case's
 * conversation has one answer; the newest rated one wins otherwise).
 */
export async function feedbackOnConversations({
  userId,
  conversationIds,
}: {
  userId: string;
  conversationIds: string[];
}): Promise<Map<string, Feedback>> {
  if (!conversationIds.length) return new Map();
  const rows = await getDb().messageFeedback.findMany({
    where: { userId, message: { conversationId: { in: conversationIds } } },
    orderBy: { updatedAt: "asc" },
    select: { rating: true, comment: true, message: { select: { conversationId: true } } },
  });
  return new Map(
    rows.map((r) => [r.message.conversationId, { rating: toRating(r.rating), comment: r.comment }]),
  );
}

/** The message with its conversation's owner, to check who may rate it. */
export function messageForFeedback(messageId: string) {
  return getDb().message.findUnique({
    where: { id: messageId },
    select: { role: true, status: true, conversation: { select: { userId: true } } },
  });
}

export async function saveFeedback({
  userId,
  messageId,
  feedback,
}: {
  userId: string;
  messageId: string;
  feedback: Feedback;
}): Promise<Feedback> {
  const data = { rating: feedback.rating === "up" ? "UP" : "DOWN", comment: feedback.comment } as const;
  const row = await getDb().messageFeedback.upsert({
    where: { messageId_userId: { messageId, userId } },
    create: { messageId, userId, ...data },
    update: data,
    select: { rating: true, comment: true },
  });
  return { rating: toRating(row.rating), comment: row.comment };
}

export async function deleteFeedback({ userId, messageId }: { userId: string; messageId: string }) {
  await getDb().messageFeedback.deleteMany({ where: { messageId, userId } });
}

/** Feedback written by the importer along with an imported conversation (inside its transaction). */
export function feedbackRows(
  userId: string,
  rows: Array<{ messageId: string; feedback: Feedback }>,
): Prisma.MessageFeedbackCreateManyInput[] {
  return rows.map(({ messageId, feedback }) => ({
    messageId,
    userId,
    rating: feedback.rating === "up" ? "UP" : "DOWN",
    comment: feedback.comment,
  }));
}

export interface AgentFeedback {
  agentId: string;
  name: string | null;
  up: number;
  down: number;
}

export interface FeedbackComment {
  id: string;
  agentId: string | null;
  agentName: string | null;
  rating: Feedback["rating"];
  comment: string;
  user: string | null;
  updatedAt: Date;
}

/** Thumbs up and down per answering agent, given or changed since `from` (Admin → Usage). */
export async function feedbackByAgent(from: Date): Promise<AgentFeedback[]> {
  const rows = await getDb().$queryRaw<
    Array<{ agentId: string; name: string | null; up: bigint; down: bigint }>
  >(
    Prisma.sql`
      SELECT m."agentId", a."name",
        COUNT(*) FILTER (WHERE f."rating" = 'UP') AS up, COUNT(*) FILTER (WHERE f."rating" = 'DOWN') AS down
      FROM "MessageFeedback" f JOIN "Message" m ON m."id" = f."messageId" LEFT JOIN "Agent" a ON a."id" = m."agentId"
      WHERE f."updatedAt" >= ${from} AND m."agentId" IS NOT NULL
      GROUP BY m."agentId", a."name"
      ORDER BY COUNT(*) DESC, m."agentId"`,
  );
  return rows.map((r) => ({ agentId: r.agentId, name: r.name, up: Number(r.up), down: Number(r.down) }));
}

/** The newest comments since `from`, newest first (Admin → Usage). */
export async function recentFeedbackComments(from: Date, take = 50): Promise<FeedbackComment[]> {
  const rows = await getDb().$queryRaw<
    Array<Omit<FeedbackComment, "rating"> & { rating: FeedbackRating }>
  >(Prisma.sql`
    SELECT f."id", m."agentId", a."name" AS "agentName", f."rating", f."comment",
      COALESCE(u."name", u."email") AS "user", f."updatedAt"
    FROM "MessageFeedback" f JOIN "Message" m ON m."id" = f."messageId"
      LEFT JOIN "Agent" a ON a."id" = m."agentId" JOIN "User" u ON u."id" = f."userId"
    WHERE f."updatedAt" >= ${from} AND f."comment" IS NOT NULL
    ORDER BY f."updatedAt" DESC, f."id"
    LIMIT ${take}`);
  return rows.map((r) => ({ ...r, rating: toRating(r.rating) }));
}
