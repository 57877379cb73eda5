// The shapes the Agents API answers, the one home of each: the builders (models.ts, completion.ts,
// approvals.ts) are typed by them and the OpenAPI document (openapi.ts) is generated from them.
// They describe; requests are validated by their own schemas (chat-schema.ts, approval-schema.ts).
import { z } from "zod";

export const errorResponseSchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.string(),
      code: z.string(),
      param: z.string().nullable(),
    }),
  })
  .meta({ description: "Every error, in OpenAI's shape." });

export const modelSchema = z.object({
  id: z.string().meta({ description: "The agent's id (the `model` of a request)." }),
  object: z.literal("model"),
  created: z.number().int(),
  owned_by: z.string(),
  name: z.string(),
  description: z.string(),
  owner: z.string(),
});
export type ApiModel = z.infer<typeof modelSchema>;

export const modelListSchema = z.object({ object: z.literal("list"), data: z.array(modelSchema) });

export const taskSchema = z.object({
  id: z.string(),
  object: z.literal("task"),
  status: z.enum(["queued", "running", "completed", "failed", "cancelled"]),
  agent_name: z.string().meta({ description: "The subagent that runs it." }),
  task: z.string().meta({ description: "What it was asked to do." }),
  conversation_id: z.string(),
  result: z.string().nullable().meta({ description: "`completed`: the task's final answer." }),
  error: z.string().nullable().meta({ description: "`failed`: why." }),
  created_at: z.number().int(),
  ended_at: z.number().int().nullable(),
});
export type ApiTask = z.infer<typeof taskSchema>;

export const taskListSchema = z.object({ object: z.literal("list"), data: z.array(taskSchema) });

export const steerSchema = z.object({
  object: z.literal("chat.completion.steer"),
  id: z.string().meta({ description: "The completion steered." }),
  accepted: z
    .literal(true)
    .meta({ description: "Handed to the run; its root agent reads it before its next model call." }),
});
export type ApiSteer = z.infer<typeof steerSchema>;

export const usageSchema = z.object({
  prompt_tokens: z.number().int(),
  completion_tokens: z.number().int(),
  total_tokens: z.number().int(),
  prompt_tokens_details: z.object({ cached_tokens: z.number().int() }).optional(),
  completion_tokens_details: z.object({ reasoning_tokens: z.number().int() }).optional(),
  cost: z
    .number()
    .nullable()
    .optional()
    .meta({ description: "In the installation's currency; null when some model has no price." }),
});

export const traceEntrySchema = z.object({
  id: z.string(),
  agent: z.string(),
  agent_name: z.string().optional(),
  depth: z.number().int(),
  parent: z.string().nullable(),
  task: z.string().nullable(),
  status: z.string(),
  stop_reason: z.string().optional(),
  usage: usageSchema,
  duration_ms: z.number().nullable(),
});

export const pendingApprovalSchema = z.object({
  id: z.string().meta({ description: "The approval's id, for POST /v1/approvals/{id}." }),
  tool_call_id: z.string(),
  tool: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  depth: z.number().int(),
  agent: z.string(),
});

export const chatCompletionSchema = z.object({
  id: z.string(),
  object: z.literal("chat.completion"),
  created: z.number().int(),
  model: z.string(),
  choices: z.array(
    z.object({
      index: z.number().int(),
      message: z.object({ role: z.literal("assistant"), content: z.string(), refusal: z.null() }),
      logprobs: z.null(),
      finish_reason: z
        .enum(["stop", "requires_action"])
        .meta({ description: "requires_action: a tool call waits for a decision (pending_approvals)." }),
    }),
  ),
  usage: usageSchema,
  conversation_id: z.string(),
  trace: z.array(traceEntrySchema),
  pending_approvals: z.array(pendingApprovalSchema).optional(),
});
export type ChatCompletion = z.infer<typeof chatCompletionSchema>;

export const responseObjectSchema = z.object({
  id: z.string().meta({ description: "resp_…: names the stored answer (GET /v1/responses/{id})." }),
  object: z.literal("response"),
  created_at: z.number().int(),
  status: z.enum(["completed", "incomplete", "failed", "in_progress"]),
  model: z.string(),
  output: z.array(
    z.object({
      type: z.literal("message"),
      id: z.string(),
      status: z.enum(["completed", "in_progress", "incomplete"]),
      role: z.literal("assistant"),
      content: z.array(
        z.object({ type: z.literal("output_text"), text: z.string(), annotations: z.array(z.never()) }),
      ),
    }),
  ),
  output_text: z.string(),
  previous_response_id: z.string().nullable(),
  incomplete_details: z
    .object({ reason: z.string() })
    .nullable()
    .meta({ description: "requires_action: a tool call waits (pending_approvals)." }),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  usage: z.object({
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    total_tokens: z.number().int(),
    input_tokens_details: z.object({ cached_tokens: z.number().int() }),
    output_tokens_details: z.object({ reasoning_tokens: z.number().int() }),
  }),
  conversation_id: z.string(),
  trace: z.array(traceEntrySchema),
  pending_approvals: z.array(pendingApprovalSchema).optional(),
});
export type ApiResponseObject = z.infer<typeof responseObjectSchema>;
