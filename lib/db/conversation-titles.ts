import "server-only";
import { getDb } from "./client";

/** What a title is written from: the conversation, its first question and answer, and the answer's run. */
export async function titleSource({ conversationId, runId }: { conversationId: string; runId: string }) {
  const run = await getDb().run.findUnique({
    where: { id: runId },
    select: {
      agentId: true,
      conversation: {
        select: { id: true, userId: true, titleRenamed: true, user: { select: { locale: true } } },
      },
      assistantMessageId: true,
    },
  });
  if (!run || run.conversation.id !== conversationId) return null;
  const answer = await getDb().message.findUnique({
    where: { id: run.assistantMessageId },
    select: { content: true, status: true, parent: { select: { content: true } } },
  });
  if (!answer) return null;
  return {
    userId: run.conversation.userId,
    locale: run.conversation.user.locale,
    renamed: run.conversation.titleRenamed,
    agentId: run.agentId,
    question: answer.parent?.content ?? "",
    answer: answer.content,
    answered: answer.status === "COMPLETE",
  };
}

/** The agent's endpoint and model (null when the agent is gone). */
export function agentModel(agentId: string) {
  return getDb().agent.findUnique({ where: { id: agentId }, select: { provider: true, model: true } });
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
