/**
 * A local server that speaks Anthropic's Messages API: `POST /v1/messages` (SSE: message_start,
 * content_block_start/delta/stop for thinking, text and tool_use blocks, message_delta with usage,
 * message_stop; or plain JSON) and `GET /v1/models`. Steps as in the fake OpenAI server.
 */
import { createServer } from "node:http";
import { type FakeServer, listen, type RecordedRequest, readJson, sendJson } from "./fake-openai-server";

export type FakeAnthropicStep =
  | {
      type?: "reply";
      /** thinking_delta pieces of one thinking block, sent first. */
      thinking?: string[];
      /** text_delta pieces (a string is split into words). */
      text?: string | string[];
      toolUses?: Array<{ id?: string; name: string; input: Record<string, unknown>; splitInto?: number }>;
      usage?: {
        input_tokens: number;
        output_tokens: number;
        cache_read_input_tokens?: number;
        cache_creation_input_tokens?: number;
      };
      /** Destroy the socket after this many SSE events. */
      cutAfter?: number;
    }
  | { type: "error"; status: number; errorType?: string; message?: string };

export interface FakeAnthropicServerOptions {
  script?: FakeAnthropicStep[] | ((request: RecordedRequest, index: number) => FakeAnthropicStep);
  models?: string[];
  /** When set, requests must send `x-api-key: <apiKey>` or get 401. */
  apiKey?: string;
  port?: number;
  host?: string;
}

/** `url` is the API root without `/v1` (what the Anthropic SDK calls baseURL). */
export async function startFakeAnthropicServer(
  options: FakeAnthropicServerOptions = {},
): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const models = options.models ?? ["claude-fake"];
  let index = 0;
  const server = createServer(async (req, res) => {
    const body = await readJson(req);
    const path = (req.url ?? "/").split("?")[0];
    const recorded = { method: req.method ?? "GET", path, headers: req.headers, body };
    requests.push(recorded);
    const error = (status: number, errorType: string, message: string) =>
      sendJson(
        res,
        status,
        { type: "error", error: { type: errorType, message } },
        { "request-id": "req_fake" },
      );
    if (options.apiKey && req.headers["x-api-key"] !== options.apiKey) {
      return error(401, "authentication_error", "invalid x-api-key");
    }
    if (req.method === "GET" && path === "/v1/models") {
      return sendJson(res, 200, {
        data: models.map((id) => ({
          type: "model",
          id,
          display_name: id,
          created_at: "2025-01-01T00:00:00Z",
        })),
        has_more: false,
        first_id: models[0] ?? null,
        last_id: models.at(-1) ?? null,
      });
    }
    if (req.method !== "POST" || path !== "/v1/messages")
      return error(404, "not_found_error", `No route ${path}`);
    if (!models.includes(body?.model)) return error(404, "not_found_error", `model: ${body?.model}`);
    const script = options.script;
    const step: FakeAnthropicStep =
      (typeof script === "function"
        ? script(recorded, index)
        : script?.[Math.min(index, script.length - 1)]) ?? echo(body);
    index++;
    if (step.type === "error") {
      const types: Record<number, string> = {
        401: "authentication_error",
        404: "not_found_error",
        429: "rate_limit_error",
      };
      return error(
        step.status,
        step.errorType ?? types[step.status] ?? "api_error",
        step.message ?? `Error ${step.status}`,
      );
    }
    const blocks = contentBlocks(step);
    const usage = step.usage ?? { input_tokens: 10, output_tokens: 5 };
    const stopReason = step.toolUses?.length ? "tool_use" : "end_turn";
    if (!body?.stream) {
      return sendJson(res, 200, {
        id: "msg_fake",
        type: "message",
        role: "assistant",
        model: body.model,
        content: blocks.map((b) => b.final),
        stop_reason: stopReason,
        stop_sequence: null,
        usage,
      });
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const events: Array<[string, unknown]> = [
      [
        "message_start",
        {
          type: "message_start",
          message: {
            id: "msg_fake",
            type: "message",
            role: "assistant",
            model: body.model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: {
              input_tokens: usage.input_tokens,
              output_tokens: 1,
              ...(usage.cache_read_input_tokens !== undefined
                ? { cache_read_input_tokens: usage.cache_read_input_tokens }
                : {}),
              ...(usage.cache_creation_input_tokens !== undefined
                ? { cache_creation_input_tokens: usage.cache_creation_input_tokens }
                : {}),
            },
          },
        },
      ],
      ["ping", { type: "ping" }],
    ];
    blocks.forEach((b, i) => {
      events.push(["content_block_start", { type: "content_block_start", index: i, content_block: b.start }]);
      for (const delta of b.deltas)
        events.push(["content_block_delta", { type: "content_block_delta", index: i, delta }]);
      events.push(["content_block_stop", { type: "content_block_stop", index: i }]);
    });
    events.push([
      "message_delta",
      {
        type: "message_delta",
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: usage.output_tokens },
      },
    ]);
    events.push(["message_stop", { type: "message_stop" }]);
    let sent = 0;
    for (const [event, data] of events) {
      if (step.cutAfter !== undefined && sent >= step.cutAfter) {
        await new Promise((r) => setTimeout(r, 20)); // let the client read what was sent
        res.socket?.destroy();
        return;
      }
      await new Promise((r) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`, r));
      sent++;
    }
    res.end();
  });
  return listen(server, options, "", requests);
}

// biome-ignore lint/suspicious/noExplicitAny: request bodies are arbitrary JSON.
function echo(body: any): FakeAnthropicStep {
  const last = [...(body?.messages ?? [])].reverse().find((m: { role: string }) => m.role === "user");
  const content = last?.content;
  const text =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content.map((c: { text?: string }) => c.text ?? "").join("")
        : "";
  return { text: `Hello from claude-fake: ${text}` };
}

interface Block {
  start: Record<string, unknown>;
  deltas: Record<string, unknown>[];
  final: Record<string, unknown>;
}

function contentBlocks(step: Extract<FakeAnthropicStep, { type?: "reply" }>): Block[] {
  const blocks: Block[] = [];
  if (step.thinking?.length) {
    const thinking = step.thinking.join("");
    blocks.push({
      start: { type: "thinking", thinking: "", signature: "" },
      deltas: [
        ...step.thinking.map((t) => ({ type: "thinking_delta", thinking: t })),
        { type: "signature_delta", signature: "sig_fake" },
      ],
      final: { type: "thinking", thinking, signature: "sig_fake" },
    });
  }
  const text =
    step.text === undefined
      ? []
      : Array.isArray(step.text)
        ? step.text
        : (step.text.match(/\s*\S+\s*/g) ?? []);
  if (text.length) {
    blocks.push({
      start: { type: "text", text: "" },
      deltas: text.map((t) => ({ type: "text_delta", text: t })),
      final: { type: "text", text: text.join("") },
    });
  }
  (step.toolUses ?? []).forEach((tool, i) => {
    const id = tool.id ?? `toolu_${i}`;
    const json = JSON.stringify(tool.input);
    const n = Math.max(1, tool.splitInto ?? 3);
    const size = Math.ceil(json.length / n) || 1;
    const deltas = [];
    for (let k = 0; k < json.length; k += size)
      deltas.push({ type: "input_json_delta", partial_json: json.slice(k, k + size) });
    blocks.push({
      start: { type: "tool_use", id, name: tool.name, input: {} },
      deltas,
      final: { type: "tool_use", id, name: tool.name, input: tool.input },
    });
  });
  return blocks;
}
