// Messages are catalog keys (errors.field.*): lib/http/zod-fields.ts.
import { z } from "zod";
import { MAX_STEER_CHARS } from "@/lib/agents/steering";
import { AppError } from "@/lib/errors";
import { issueText } from "@/lib/http/zod-fields";

const id = z.string().trim().min(1).max(64);

/** Body of POST /api/chat: a new message (optionally as an edit branch) or a regeneration. */
export const chatRequestSchema = z
  .object({
    conversationId: id.optional(),
    agentId: id,
    text: z.string().trim().min(1, "field.message_empty").max(32_000, "field.message_long").optional(),
    /** The message the new user message follows (null = first message); edits pass the edited message's parent. */
    parentMessageId: id.nullable().optional(),
    /** Regenerate: answer this user message again (a new assistant branch). */
    regenerateMessageId: id.optional(),
    /** Uploads (POST /api/files) this message carries; an edit passes the edited message's files. */
    fileIds: z.array(id).max(50, "field.too_many_files").optional(),
    /** A new conversation that stays out of the list and is deleted after a while (lib/chat/temporary-chats.ts). */
    temporary: z.boolean().optional(),
  })
  .refine((b) => Boolean(b.text) !== Boolean(b.regenerateMessageId), {
    message: "field.text_or_regenerate",
    path: ["text"],
  })
  .refine((b) => !b.regenerateMessageId || b.conversationId, {
    message: "field.regenerate_needs_conversation",
    path: ["conversationId"],
  });

/** Body of POST /api/chat/runs/:runId/steer: a message for the running answer's root agent. */
export const steerRequestSchema = z.strictObject({
  text: z.string().trim().min(1, "field.message_empty").max(MAX_STEER_CHARS, "field.steer_long"),
});

/** A chat request's body parsed by `schema`, or a 400 naming the first bad field. */
export function parseChatBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const message = issueText(issue);
  throw new AppError("bad_request:chat", {
    ...message,
    fields: { [String(issue?.path[0] ?? "body")]: message },
  });
}

/** A steering request's body, or a 400 naming its field (the chat's route and the Agents API's). */
export function parseSteerRequest(body: unknown): z.infer<typeof steerRequestSchema> {
  return parseChatBody(steerRequestSchema, body);
}

export const renameSchema = z.object({
  title: z.string().trim().min(1, "field.title_empty").max(120, "field.title_long"),
});
