// Thumbs up/down on an answer: who may give it (the conversation's owner, on a finished answer),
// what it holds, and its one schema (the API's body and the conversation file's `feedback`).
import "server-only";
import { deleteFeedback, type Feedback, messageForFeedback, saveFeedback } from "@/lib/db/message-feedback";
import { AppError } from "@/lib/errors";
import { issueText } from "@/lib/http/zod-fields";
import { feedbackSchema } from "./schema";

/** The message if it is a finished answer in one of the user's conversations; 404 otherwise. */
async function ratableMessage({ userId, messageId }: { userId: string; messageId: string }) {
  const m = await messageForFeedback(messageId);
  // Someone else's message answers like a missing one.
  if (!m || m.conversation.userId !== userId) throw new AppError("not_found:message");
  if (m.role !== "ASSISTANT" || m.status === "STREAMING" || m.status === "PAUSED") {
    throw new AppError("bad_request:feedback_message");
  }
}

/** PUT: sets (or changes) the user's thumbs and comment on an answer. */
export async function setMessageFeedback({
  userId,
  messageId,
  body,
}: {
  userId: string;
  messageId: string;
  body: unknown;
}): Promise<Feedback> {
  const parsed = feedbackSchema.safeParse(body);
  if (!parsed.success) throw new AppError("bad_request:feedback", issueText(parsed.error.issues[0]));
  await ratableMessage({ userId, messageId });
  return saveFeedback({ userId, messageId, feedback: parsed.data });
}

/** DELETE: removes the user's feedback on an answer (nothing to remove is fine). */
export async function removeMessageFeedback({ userId, messageId }: { userId: string; messageId: string }) {
  await ratableMessage({ userId, messageId });
  await deleteFeedback({ userId, messageId });
}
