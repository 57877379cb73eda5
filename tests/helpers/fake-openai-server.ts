/**
 * A local server that speaks OpenAI's wire protocol, for tests and e2e runs (no network, no model):
 * `POST /v1/chat/completions` (SSE with content, reasoning and split `tool_calls` deltas and a final
 * usage chunk when `stream_options.include_usage` is set; or plain JSON) and `GET /v1/models`.
 * Each request takes the next step of `script` (the last step repeats); without a script it
 * echoes "Hello from fake-model: <last user text>".
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeToolCall {
  id?: string;
  name: string;
  /** Arguments; objects are JSON-encoded. Streamed in `splitInto` pieces (default 3). */
  args: string | Record<string, unknown>;
  splitInto?: number;
}

export type FakeOpenAIStep =
  | {
      type?: "reply";
      /** Content deltas, in order. A string is split into words. */
      text?: string | string[];
      /** Reasoning deltas, sent before the text. */
      reasoning?: string[];
      /** Field the reasoning deltas use: `reasoning_content` (DeepSeek/vLLM, default) or `reasoning` (OpenRouter). */
      reasoningField?: "reasoning_content" | "reasoning";
      toolCalls?: FakeToolCall[];
      usage?: {
        prompt_tokens: number;
        completion_tokens: number;
        /** Cached prompt tokens (part of prompt_tokens), as OpenAI reports them. */
        prompt_tokens_details?: { cached_tokens: number };
        /** Reasoning tokens (part of completion_tokens). */
        completion_tokens_details?: { reasoning_tokens: number };
      };
      /** Destroy the socket after this many SSE data events (connection lost mid-stream). */
      cutAfter?: number;
      /** Delay between SSE events in ms (default 0). */
      delayMs?: number;
      /** Called after each SSE event is written, with how many were (a benchmark's progress). */
      onSent?: (sent: number) => void;
    }
  | {
      type: "error";
      status: number;
      message?: string;
      code?: string;
      errorType?: string;
      retryAfter?: number;
    };

export type FakeOpenAIScript =
  | FakeOpenAIStep[]
  | ((request: RecordedRequest, index: number) => FakeOpenAIStep);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON.
  body: any;
}

export interface FakeOpenAIServerOptions {
  script?: FakeOpenAIScript;
  /** Models listed by /v1/models; a chat request for another model gets 404 model_not_found. */
  models?: string[];
  /** When set, requests must send `Authorization: Bearer <apiKey>` or get 401. */
  apiKey?: string;
  port?: number;
  host?: string;
}

export interface FakeServer {
  /** Base URL including `/v1`, e.g. http://127.0.0.1:5123/v1 */
  url: string;
  port: number;
  requests: RecordedRequest[];
  close: () => Promise<void>;
}

export async function startFakeOpenAIServer(options: FakeOpenAIServerOptions = {}): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const models = options.models ?? ["fake-model"];
  let chatIndex = 0;
  const server = createServer(async (req, res) => {
    const body = await readJson(req);
    const path = (req.url ?? "/").split("?")[0];
    const recorded = { method: req.method ?? "GET", path, headers: req.headers, body };
    requests.push(recorded);
    if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, {
        type: "error",
        status: 401,
        message: "Incorrect API key provided.",
        code: "invalid_api_key",
      });
    }
    if (req.method === "GET" && path === "/v1/models") {
      return sendJson(res, 200, {
        object: "list",
        data: models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "fake" })),
      });
    }
    if (req.method === "POST" && path === "/v1/chat/completions") {
      if (!models.includes(body?.model)) {
        return sendError(res, {
          type: "error",
          status: 404,
          message: `The model \`${body?.model}\` does not exist or you do not have access to it.`,
          code: "model_not_found",
        });
      }
      const step = nextStep(options.script, recorded, chatIndex++) ?? echoStep(body);
      if (step.type === "error") return sendError(res, step);
      return body?.stream ? streamReply(res, body, step) : sendJson(res, 200, completion(body, step));
    }
    sendJson(res, 404, {
      error: { message: `No route ${req.method} ${path}`, type: "invalid_request_error" },
    });
  });
  return listen(server, options, "/v1", requests);
}

function nextStep<T>(
  script: T[] | ((r: RecordedRequest, i: number) => T) | undefined,
  r: RecordedRequest,
  i: number,
) {
  if (!script) return undefined;
  if (typeof script === "function") return script(r, i);
  return script[Math.min(i, script.length - 1)];
}

// biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON.
function echoStep(body: any): FakeOpenAIStep {
  const messages: Array<{ role: string; content: unknown }> = body?.messages ?? [];
  const last = [...messages].reverse().find((m) => m.role === "user");
  const content = last?.content;
  const text =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content.map((c) => c.text ?? "").join("")
        : "";
  return { text: `Hello from fake-model: ${text}` };
}

function words(text: string | string[] | undefined): string[] {
  if (text === undefined) return [];
  return Array.isArray(text) ? text : (text.match(/\s*\S+\s*/g) ?? [text]);
}

function usageOf(step: Extract<FakeOpenAIStep, { type?: "reply" }>) {
  const u = step.usage ?? {
    prompt_tokens: 10,
    completion_tokens: words(step.text).length + (step.toolCalls?.length ?? 0),
  };
  return { ...u, total_tokens: u.prompt_tokens + u.completion_tokens };
}

function argsString(call: FakeToolCall): string {
  return typeof call.args === "string" ? call.args : JSON.stringify(call.args);
}

async function streamReply(
  res: ServerResponse,
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON.
  body: any,
  step: Extract<FakeOpenAIStep, { type?: "reply" }>,
) {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  const id = "chatcmpl-fake";
  const base = { id, object: "chat.completion.chunk", created: 1_700_000_000, model: body.model };
  const events: unknown[] = [];
  const choice = (delta: Record<string, unknown>, finish: string | null = null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  events.push(choice({ role: "assistant", content: "" }));
  const field = step.reasoningField ?? "reasoning_content";
  for (const r of step.reasoning ?? []) events.push(choice({ [field]: r }));
  for (const w of words(step.text)) events.push(choice({ content: w }));
  (step.toolCalls ?? []).forEach((call, index) => {
    const args = argsString(call);
    const n = Math.max(1, call.splitInto ?? 3);
    const size = Math.ceil(args.length / n) || 1;
    const callId = call.id ?? `call_${index}`;
    events.push(
      choice({
        tool_calls: [{ index, id: callId, type: "function", function: { name: call.name, arguments: "" } }],
      }),
    );
    for (let i = 0; i < args.length; i += size) {
      events.push(choice({ tool_calls: [{ index, function: { arguments: args.slice(i, i + size) } }] }));
    }
  });
  events.push(choice({}, step.toolCalls?.length ? "tool_calls" : "stop"));
  if (body.stream_options?.include_usage) events.push({ ...base, choices: [], usage: usageOf(step) });

  let sent = 0;
  for (const event of events) {
    if (step.cutAfter !== undefined && sent >= step.cutAfter) {
      res.socket?.destroy();
      return;
    }
    await new Promise((r) => res.write(`data: ${JSON.stringify(event)}\n\n`, r));
    sent++;
    step.onSent?.(sent);
    if (step.delayMs) await new Promise((r) => setTimeout(r, step.delayMs));
  }
  res.end("data: [DONE]\n\n");
}

// biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON.
function completion(body: any, step: Extract<FakeOpenAIStep, { type?: "reply" }>) {
  const field = step.reasoningField ?? "reasoning_content";
  const toolCalls = (step.toolCalls ?? []).map((call, index) => ({
    id: call.id ?? `call_${index}`,
    type: "function",
    function: { name: call.name, arguments: argsString(call) },
  }));
  return {
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: 1_700_000_000,
    model: body.model,
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: words(step.text).join("") || null,
          ...(step.reasoning ? { [field]: step.reasoning.join("") } : {}),
          ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
        },
        logprobs: null,
        finish_reason: toolCalls.length ? "tool_calls" : "stop",
      },
    ],
    usage: usageOf(step),
  };
}

function sendError(res: ServerResponse, step: Extract<FakeOpenAIStep, { type: "error" }>) {
  const headers: Record<string, string> = {};
  if (step.retryAfter !== undefined) headers["retry-after"] = String(step.retryAfter);
  const defaults: Record<number, [string, string]> = {
    401: ["invalid_request_error", "invalid_api_key"],
    404: ["invalid_request_error", "model_not_found"],
    429: ["requests", "rate_limit_exceeded"],
  };
  const [type, code] = defaults[step.status] ?? ["server_error", "server_error"];
  sendJson(
    res,
    step.status,
    {
      error: {
        message:
          step.message ?? (step.status === 429 ? "Rate limit reached for requests." : `Error ${step.status}`),
        type: step.errorType ?? type,
        param: null,
        code: step.code ?? code,
      },
    },
    headers,
  );
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

// biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON.
export async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function listen(
  server: Server,
  options: { port?: number; host?: string },
  basePath: string,
  requests: RecordedRequest[],
): Promise<FakeServer> {
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}${basePath}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
