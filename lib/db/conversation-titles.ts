import "server-only";
import { getDb } from "./client";

/**
 * What a title is written from, in one statement: the conversation, its first question and answer,
 * and the endpoint and model of the agent that answered (null when the agent is gone).
 */
export async function titleSource({
  conversationId,
  runId,
  agentId,
}: {
  conversationId: string;
  runId: string;
  agentId: string;
}) {
  const [row] = await getDb().$queryRaw<
    {
      userId: string;
      locale: string | null;
      renamed: boolean;
      question: string | null;
      answer: string;
      status: string;
      agentProvider: string | null;
      agentModel: string | null;
    }[]
  >`
    SELECT c."userId", u."locale", c."titleRenamed" AS "renamed", q."content" AS "question",
      m."content" AS "answer", m."status"::text AS "status",
      a."provider" AS "agentProvider", a."model" AS "agentModel"
    FROM "Run" r
    JOIN "Conversation" c ON c."id" = r."conversationId"
    JOIN "User" u ON u."id" = c."userId"
    JOIN "Message" m ON m."id" = r."assistantMessageId"
    LEFT JOIN "Message" q ON q."id" = m."parentId"
    LEFT JOIN "Agent" a ON a."id" = ${agentId}
    WHERE r."id" = ${runId} AND c."id" = ${conversationId}`;
  if (!row) return null;
  return {
    userId: row.userId,
    locale: row.locale,
    renamed: row.renamed,
    question: row.question ?? "",
    answer: row.answer,
    answered: row.status === "COMPLETE",
    agent:
      row.agentProvider && row.agentModel ? { provider: row.agentProvider, model: row.agentModel } : null,
  };
}

/**
 * Writes a generated title unless the user renamed the conversation meanwhile (checked in the same
 * statement); true when written.
 */
export async function saveGeneratedTitle({ id, title }: { id: string; title: string }): Promise<boolean> {
  const { count } = await getDb().conversation.updateMany({
    where: { id, titleRenamed: false },
    data: { title },
  });
  return count === 1;
}
