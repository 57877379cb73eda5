import { z } from "zod";

const id = z.string().trim().min(1).max(64);

/** Body of POST /api/chat: a new message (optionally as an edit branch) or a regeneration. */
export const chatRequestSchema = z
  .object({
    conversationId: id.optional(),
    agentId: id,
    text: z
      .string()
      .trim()
      .min(1, "Type a message first.")
      .max(32_000, "Messages are limited to 32,000 characters.")
      .optional(),
    /** The message the new user message follows (null = first message); edits pass the edited message's parent. */
    parentMessageId: id.nullable().optional(),
    /** Regenerate: answer this user message again (a new assistant branch). */
    regenerateMessageId: id.optional(),
    /** Uploads (POST /api/files) this message carries; an edit passes the edited message's files. */
    fileIds: z.array(id).max(50, "Too many files.").optional(),
  })
  .refine((b) => Boolean(b.text) !== Boolean(b.regenerateMessageId), {
    message: "Send either a message text or a message to regenerate.",
    path: ["text"],
  })
  .refine((b) => !b.regenerateMessageId || b.conversationId, {
    message: "Regenerating needs the conversation.",
    path: ["conversationId"],
  });

export const renameSchema = z.object({
  title: z.string().trim().min(1, "A title can't be empty.").max(120, "Use at most 120 characters."),
});
