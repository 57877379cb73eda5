// The request of POST /v1/chat/completions (OpenAI Chat Completions), the one home of its shape:
// the route validates with it and an OpenAPI document can be generated from it. Fields OpenAI
// defines that we do not use are ignored (zod objects strip unknown keys); a known field of the
// wrong type is refused (400, `param` names it).
import { z } from "zod";
import { AppError } from "@/lib/errors";

const MAX_TEXT = 200_000;

/** `content` as a string or an array of parts; only text parts carry meaning here. */
const content = z.union([
  z.string().max(MAX_TEXT),
  z
    .array(
      z.object({ type: z.string().max(40), text: z.string().max(MAX_TEXT).optional() }).refine(
        // A part that is not text (an image, a file) is refused rather than silently dropped.
        (p) => p.type === "text" && typeof p.text === "string",
        { message: "text parts only" },
      ),
    )
    .max(100),
]);

const name = z.string().max(200).optional();

const toolCall = z.object({
  id: z.string().max(200),
  type: z.literal("function").optional(),
  function: z.object({ name: z.string().max(200), arguments: z.string().max(MAX_TEXT) }),
});

export const chatMessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("system"), content, name }),
  z.object({ role: z.literal("developer"), content, name }),
  z.object({ role: z.literal("user"), content, name }),
  z.object({
    role: z.literal("assistant"),
    content: content.nullable().optional(),
    name,
    tool_calls: z.array(toolCall).max(100).optional(),
  }),
  z.object({ role: z.literal("tool"), content, tool_call_id: z.string().max(200) }),
]);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatCompletionRequestSchema = z.object({
  /** An agent id (as GET /v1/models lists them). */
  model: z.string().min(1).max(100),
  messages: z
    .array(chatMessageSchema)
    .min(1)
    .max(500)
    .refine((m) => m.at(-1)?.role === "user", { message: "the last message must be the user's" }),
  stream: z.boolean().nullable().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).nullable().optional(),
  /** Caps the output tokens of each model call of the agent's tree. */
  max_tokens: z.number().int().positive().max(1_000_000).nullable().optional(),
  max_completion_tokens: z.number().int().positive().max(1_000_000).nullable().optional(),
  /** The caller's end user (accepted for compatibility; not stored). */
  user: z.string().max(256).optional(),
});
export type ChatCompletionRequest = z.infer<typeof chatCompletionRequestSchema>;

/** A zod path as OpenAI names parameters: `messages[0].content`. */
function paramOf(path: PropertyKey[]): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out || "body";
}

/** The checked request, or a 400 whose field names the first bad parameter. */
export function parseChatCompletionRequest(body: unknown): ChatCompletionRequest {
  const parsed = chatCompletionRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const param = paramOf(parsed.error.issues[0]?.path ?? []);
  throw new AppError("bad_request:api_param", { values: { param }, fields: { [param]: param } });
}

/** Plain text of a message's content (text parts joined). */
export function contentText(c: ChatMessage["content"]): string {
  if (c == null) return "";
  if (typeof c === "string") return c;
  return c.map((p) => p.text ?? "").join("");
}
