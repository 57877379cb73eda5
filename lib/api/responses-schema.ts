// The request of POST /v1/responses (the OpenAI Responses shape), the one home of its wire shape:
// the route validates with it and the OpenAPI document is generated from it. Unknown fields are
// ignored; input items other than messages (function call outputs, files) are refused.
import { z } from "zod";
import { AppError } from "@/lib/errors";

const MAX_TEXT = 200_000;

const part = z.object({
  type: z.enum(["input_text", "output_text", "text"]),
  text: z.string().max(MAX_TEXT),
});

export const responseInputItemSchema = z.object({
  type: z.literal("message").optional(),
  role: z.enum(["user", "assistant", "system", "developer"]),
  content: z.union([z.string().max(MAX_TEXT), z.array(part).max(100)]),
});
export type ResponseInputItem = z.infer<typeof responseInputItemSchema>;

export const responseRequestSchema = z.object({
  /** An agent id (as GET /v1/models lists them). */
  model: z.string().min(1).max(100),
  input: z.union([z.string().min(1).max(MAX_TEXT), z.array(responseInputItemSchema).min(1).max(500)]),
  instructions: z.string().max(MAX_TEXT).nullable().optional(),
  /** Continues the conversation of that response, after its answer. */
  previous_response_id: z.string().max(300).nullable().optional(),
  stream: z.boolean().nullable().optional(),
  max_output_tokens: z.number().int().positive().max(1_000_000).nullable().optional(),
  /**
   * Extension: also stream the run's other events (subagents, tools) as `agent.*` events. Off by
   * default: the official SDK's stream helper refuses event types it does not know.
   */
  include_agent_events: z.boolean().optional(),
  user: z.string().max(256).optional(),
});
export type ResponseRequest = z.infer<typeof responseRequestSchema>;

export function parseResponseRequest(body: unknown): ResponseRequest {
  const parsed = responseRequestSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const path = parsed.error.issues[0]?.path ?? [];
  let param = "";
  for (const p of path) param += typeof p === "number" ? `[${p}]` : param ? `.${String(p)}` : String(p);
  param ||= "body";
  throw new AppError("bad_request:api_param", { values: { param }, fields: { [param]: param } });
}

export function itemText(item: ResponseInputItem): string {
  return typeof item.content === "string" ? item.content : item.content.map((p) => p.text).join("");
}
