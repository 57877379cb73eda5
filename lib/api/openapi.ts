// GET /v1/openapi.json: an OpenAPI 3.1 description of the Agents API, generated from the very zod
// schemas that validate the requests (chat-schema.ts, approval-schema.ts) and type the answers
// (response-schemas.ts), with Zod 4's own JSON Schema output (2020-12, OpenAPI 3.1's dialect).
// Built once per process: it depends on nothing but the code.
import { type ZodType, z } from "zod";
import { steerRequestSchema } from "@/lib/chat/validation";
import { approvalDecisionRequestSchema } from "./approval-schema";
import { chatCompletionRequestSchema } from "./chat-schema";
import {
  chatCompletionSchema,
  errorResponseSchema,
  modelListSchema,
  modelSchema,
  responseObjectSchema,
  steerSchema,
  taskListSchema,
  taskSchema,
} from "./response-schemas";
import { responseRequestSchema } from "./responses-schema";

const request = (s: ZodType) => z.toJSONSchema(s, { target: "draft-2020-12", io: "input" });
const response = (s: ZodType) => z.toJSONSchema(s, { target: "draft-2020-12", io: "output" });

const json = (schema: object) => ({ "application/json": { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The error answers an operation may give, all in the one error shape. */
function errors(...statuses: number[]) {
  const what: Record<number, string> = {
    400: "Bad input (`param` names it).",
    401: "Missing, unknown, revoked or expired key.",
    403: "API access off, or the key does not allow the agent.",
    404: "Unknown to the key's user.",
    409: "Already decided, or too late.",
    413: "Body over 1 MB.",
    429: "Rate or concurrency limit (Retry-After), or insufficient_quota.",
  };
  return Object.fromEntries(
    statuses.map((s) => [String(s), { description: what[s], content: json(ref("Error")) }]),
  );
}

function build() {
  const completion = { description: "The answer.", content: json(ref("ChatCompletion")) };
  return {
    openapi: "3.1.0",
    info: {
      title: "Agents API",
      version: "1",
      description:
        "Run agents, subagents included, with any OpenAI-compatible client. `model` is an agent id.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    servers: [{ url: "/v1" }],
    security: [{ bearer: [] }],
    paths: {
      "/models": {
        get: {
          summary: "The agents the key may use",
          responses: {
            "200": { description: "A list.", content: json(ref("ModelList")) },
            ...errors(401, 403),
          },
        },
      },
      "/models/{id}": {
        get: {
          summary: "One agent",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "The agent.", content: json(ref("Model")) },
            ...errors(401, 403, 404),
          },
        },
      },
      "/chat/completions": {
        post: {
          summary: "Run an agent (OpenAI Chat Completions)",
          requestBody: { required: true, content: json(ref("ChatCompletionRequest")) },
          responses: {
            "200": {
              description:
                "A chat.completion, or with `stream: true` server-sent chat.completion.chunk events ending with [DONE].",
              content: {
                ...json(ref("ChatCompletion")),
                "text/event-stream": { schema: { type: "string" } },
              },
            },
            ...errors(400, 401, 403, 404, 413, 429),
          },
        },
      },
      "/responses": {
        post: {
          summary: "Run an agent (OpenAI Responses)",
          requestBody: { required: true, content: json(ref("ResponseRequest")) },
          responses: {
            "200": {
              description:
                "A response, or with `stream: true` typed server-sent events (response.created, response.output_text.delta, response.completed; agent.* with include_agent_events).",
              content: { ...json(ref("Response")), "text/event-stream": { schema: { type: "string" } } },
            },
            ...errors(400, 401, 403, 404, 413, 429),
          },
        },
      },
      "/responses/{id}": {
        get: {
          summary: "A stored response with its trace",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "The response.", content: json(ref("Response")) },
            ...errors(401, 404),
          },
        },
      },
      "/approvals/{id}": {
        post: {
          summary: "Decide a tool call that waits (an id from pending_approvals) and resume the run",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          requestBody: { required: true, content: json(ref("ApprovalDecision")) },
          responses: { "200": completion, ...errors(400, 401, 404, 409, 429) },
        },
      },
      "/chat/completions/{id}/steer": {
        post: {
          summary:
            "Steer a running completion: the text reaches its root agent before its next model call (the chat's Steer)",
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              description: "The completion's id, as its chunks carry it (chatcmpl-…).",
              schema: { type: "string" },
            },
          ],
          requestBody: { required: true, content: json(ref("SteerRequest")) },
          responses: {
            "200": { description: "Accepted.", content: json(ref("Steer")) },
            ...errors(400, 401, 403, 404),
          },
        },
      },
      "/tasks": {
        get: {
          summary: "The key's user's background subagent tasks, newest first (at most 100)",
          responses: {
            "200": { description: "A list.", content: json(ref("TaskList")) },
            ...errors(401, 403),
          },
        },
      },
      "/tasks/{id}": {
        get: {
          summary: "One background task, with its result once completed",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "The task.", content: json(ref("Task")) },
            ...errors(401, 403, 404),
          },
        },
      },
      "/tasks/{id}/cancel": {
        post: {
          summary: "Cancel a queued or running background task (404 when it is finished or not the user's)",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "The cancelled task.", content: json(ref("Task")) },
            ...errors(401, 403, 404),
          },
        },
      },
      "/openapi.json": {
        get: {
          summary: "This document",
          security: [],
          responses: { "200": { description: "OpenAPI 3.1." } },
        },
      },
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An API key (dc_…)." } },
      schemas: {
        ChatCompletionRequest: request(chatCompletionRequestSchema),
        ApprovalDecision: request(approvalDecisionRequestSchema),
        ResponseRequest: request(responseRequestSchema),
        Response: response(responseObjectSchema),
        ChatCompletion: response(chatCompletionSchema),
        Model: response(modelSchema),
        ModelList: response(modelListSchema),
        Task: response(taskSchema),
        TaskList: response(taskListSchema),
        SteerRequest: request(steerRequestSchema),
        Steer: response(steerSchema),
        Error: response(errorResponseSchema),
      },
    },
  };
}

let built: ReturnType<typeof build> | undefined;

export function openApiDocument() {
  built ??= build();
  return built;
}
