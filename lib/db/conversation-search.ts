import "server-only";
import { containsPattern, type MessageSearch, SEARCH_RESULTS } from "@/lib/search/query";
import { getDb } from "./client";
import { Prisma } from "./generated/client";

export interface MessageMatch {
  conversationId: string;
  title: string;
  messageId: string;
  role: "USER" | "ASSISTANT";
  content: string;
  createdAt: Date;
}

/**
 * The user's messages (never another user's; not those of eval runs) whose words match all the
 * search's words (the tsvector, GIN) or whose text contains the phrase (ILIKE, trigram GIN: the
 * way Chinese is found), newest first. Temporary chats (expiresAt set) are never found either.
 */
export async function searchMessages({
  userId,
  search,
  take = SEARCH_RESULTS,
}: {
  userId: string;
  search: MessageSearch;
  take?: number;
}): Promise<MessageMatch[]> {
  return getDb().$queryRaw<MessageMatch[]>(Prisma.sql`
    SELECT m."conversationId", c."title", m."id" AS "messageId", m."role"::text AS "role", m."content", m."createdAt"
    FROM "Message" m JOIN "Conversation" c ON c."id" = m."conversationId"
    WHERE c."userId" = ${userId} AND c."evalRunId" IS NULL AND c."expiresAt" IS NULL AND c."listed"
      AND (m."searchVector" @@ plainto_tsquery('simple', ${search.phrase})
        OR m."content" ILIKE ${containsPattern(search.phrase)})
    ORDER BY m."createdAt" DESC, m."id" DESC
    LIMIT ${take}`);
}
