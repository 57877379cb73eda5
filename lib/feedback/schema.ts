// The shape of a thumbs up/down, shared by the API's body and the conversation file (no server
// imports: lib/chat/conversation-format.ts uses it too).
import { z } from "zod";

export const FEEDBACK_COMMENT_MAX = 2000;

export const feedbackSchema = z.strictObject({
  rating: z.enum(["up", "down"]),
  // An empty comment is no comment.
  comment: z
    .string()
    .trim()
    .max(FEEDBACK_COMMENT_MAX, "field.text_long")
    .nullish()
    .transform((c) => c || null),
});
