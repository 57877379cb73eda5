import { type AIMessageChunk, HumanMessage } from "@langchain/core/messages";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type FakeServer, startFakeOpenAIServer } from "@/tests/helpers/fake-openai-server";
import { ProviderError } from "./errors";
import { createChatModel } from "./factory";
import { listModels } from "./models";
import { extractReasoning, getReasoningKey } from "./reasoning";
import type { EndpointDefinition } from "./types";

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options: Parameters<typeof startFakeOpenAIServer>[0]) {
  const server = await startFakeOpenAIServer(options);
  servers.push(server);
  return server;
}

function endpoint(server: FakeServer, extra: Partial<EndpointDefinition> = {}): EndpointDefinition {
  return {
    id: "db:1",
    name: "Local vLLM",
    protocol: "openai",
    baseURL: server.url,
    apiKey: "sk-test-1234567890",
    models: [],
    source: "db",
    ...extra,
  };
}

async function collect(stream: AsyncIterable<AIMessageChunk>) {
  const chunks: AIMessageChunk[] = [];
  let merged: AIMessageChunk | undefined;
  for await (const chunk of stream) {
    chunks.push(chunk);
    merged = merged ? merged.concat(chunk) : chunk;
  }
  return { chunks, merged: merged as AIMessageChunk };
}

const fastRetry = { retries: 3, baseDelayMs: 1, maxDelayMs: 5 };

describe("OpenAI-compatible endpoints (ChatOpenAI against a local SSE server)", () => {
  it("streams text in order, reports usage and asks for it with stream_options", async () => {
    const server = await start({
      apiKey: "sk-test-1234567890",
      script: [
        { text: ["Hel", "lo", ", ", "world", "!"], usage: { prompt_tokens: 7, completion_tokens: 5 } },
      ],
    });
    const model = createChatModel({
      provider: "Local vLLM",
      endpoint: endpoint(server),
      model: "fake-model",
    });
    const { chunks, merged } = await collect(await model.stream([new HumanMessage("hi")]));
    const texts = chunks.map((c) => c.content).filter((c) => c !== "");
    expect(texts).toEqual(["Hel", "lo", ", ", "world", "!"]);
    expect(merged.content).toBe("Hello, world!");
    expect(merged.usage_metadata).toMatchObject({ input_tokens: 7, output_tokens: 5, total_tokens: 12 });
    const body = server.requests[0].body;
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
    expect(server.requests[0].headers.authorization).toBe("Bearer sk-test-1234567890");
  });

  it("passes parameters and extra headers", async () => {
    const server = await start({});
    const model = createChatModel({
      provider: "OpenAI",
      endpoint: endpoint(server, { headers: { "X-Title": "Delegate Chat" } }),
      model: "fake-model",
      parameters: { temperature: 0.2, maxOutputTokens: 99, topP: 0.9 },
    });
    const { merged } = await collect(await model.stream("ping"));
    expect(merged.content).toBe("Hello from fake-model: ping");
    const { body, headers } = server.requests[0];
    expect(body).toMatchObject({ model: "fake-model", temperature: 0.2, max_tokens: 99, top_p: 0.9 });
    expect(headers["x-title"]).toBe("Delegate Chat");
  });

  it("parses tool calls whose arguments are split over several chunks", async () => {
    const server = await start({
      script: [
        {
          text: "Delegating.",
          toolCalls: [
            {
              id: "call_a",
              name: "subagent",
              args: { subagent_type: "researcher", description: "Find X" },
              splitInto: 4,
            },
            { id: "call_b", name: "calculator", args: { expression: "12*7" }, splitInto: 3 },
          ],
        },
      ],
    });
    const model = createChatModel({ provider: "vLLM", endpoint: endpoint(server), model: "fake-model" });
    const bound = model.bindTools?.([
      {
        name: "subagent",
        description: "Delegate",
        schema: z.object({ subagent_type: z.enum(["researcher"]), description: z.string() }),
      },
      { name: "calculator", description: "Math", schema: z.object({ expression: z.string() }) },
    ]);
    if (!bound) throw new Error("bindTools missing");
    const { merged } = await collect((await bound.stream("go")) as AsyncIterable<AIMessageChunk>);
    expect(merged.tool_calls).toEqual([
      {
        id: "call_a",
        name: "subagent",
        args: { subagent_type: "researcher", description: "Find X" },
        type: "tool_call",
      },
      { id: "call_b", name: "calculator", args: { expression: "12*7" }, type: "tool_call" },
    ]);
    const tools = server.requests[0].body.tools;
    expect(tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      "subagent",
      "calculator",
    ]);
  });

  it("keeps reasoning_content deltas (DeepSeek/vLLM style) in additional_kwargs.reasoning_content", async () => {
    const server = await start({ script: [{ reasoning: ["Let me ", "think."], text: "42" }] });
    const model = createChatModel({
      provider: "DeepSeek",
      endpoint: endpoint(server, { name: "DeepSeek" }),
      model: "fake-model",
    });
    const { chunks, merged } = await collect(await model.stream("q"));
    const key = getReasoningKey("DeepSeek", { name: "DeepSeek", baseURL: server.url });
    expect(key).toBe("reasoning_content");
    expect(chunks.map((c) => c.additional_kwargs[key]).filter(Boolean)).toEqual(["Let me ", "think."]);
    expect(extractReasoning(merged, key)).toBe("Let me think.");
    expect(merged.content).toBe("42");
  });

  it("keeps reasoning deltas (OpenRouter style), which ChatOpenAI drops, in additional_kwargs.reasoning", async () => {
    const server = await start({
      script: [{ reasoning: ["Step 1. ", "Step 2."], reasoningField: "reasoning", text: "Done" }],
    });
    const ep = endpoint(server, { name: "OpenRouter" });
    const model = createChatModel({ provider: "OpenRouter", endpoint: ep, model: "fake-model" });
    const { merged } = await collect(await model.stream("q"));
    const key = getReasoningKey("OpenRouter", ep);
    expect(key).toBe("reasoning");
    expect(merged.additional_kwargs.reasoning).toBe("Step 1. Step 2.");
    expect(extractReasoning(merged, key)).toBe("Step 1. Step 2.");
  });

  it("reports cached and reasoning tokens in the standard usage details", async () => {
    const server = await start({
      script: [
        {
          text: "ok",
          usage: {
            prompt_tokens: 100,
            completion_tokens: 40,
            prompt_tokens_details: { cached_tokens: 60 },
            completion_tokens_details: { reasoning_tokens: 25 },
          },
        },
      ],
    });
    const model = createChatModel({
      provider: "Local vLLM",
      endpoint: endpoint(server),
      model: "fake-model",
    });
    const { merged } = await collect(await model.stream([new HumanMessage("hi")]));
    expect(merged.usage_metadata).toMatchObject({
      input_tokens: 100,
      output_tokens: 40,
      input_token_details: { cache_read: 60 },
      output_token_details: { reasoning: 25 },
    });
  });

  it("non-streaming invoke returns text, reasoning and usage", async () => {
    const server = await start({
      script: [
        {
          reasoning: ["why"],
          reasoningField: "reasoning",
          text: "plain answer",
          usage: { prompt_tokens: 3, completion_tokens: 2 },
        },
      ],
    });
    const model = createChatModel({
      provider: "OpenRouter",
      endpoint: endpoint(server),
      model: "fake-model",
      streaming: false,
    });
    const message = await model.invoke("q");
    expect(message.content).toBe("plain answer");
    expect(message.additional_kwargs.reasoning).toBe("why");
    expect((message as AIMessageChunk).usage_metadata).toMatchObject({ input_tokens: 3, output_tokens: 2 });
    expect(server.requests[0].body.stream).toBeFalsy();
  });

  it("maps a wrong key to provider:auth naming the endpoint, without leaking the key", async () => {
    const server = await start({ apiKey: "sk-right" });
    const model = createChatModel({
      provider: "Local vLLM",
      endpoint: endpoint(server, { apiKey: "sk-wrong-secret-9999" }),
      model: "fake-model",
    });
    const err = await model.invoke("hi").catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe("provider:auth");
    expect(err.message).toMatch(/^The endpoint Local vLLM rejected the API key/);
    expect(err.message).not.toContain("sk-wrong-secret-9999");
    expect(server.requests).toHaveLength(1);
  });

  it("keeps the policy on a tool-bound model: bindTools retries a 429, sends the tools and maps errors", async () => {
    // ChatOpenAI's own bindTools returns a new plain ChatOpenAI (its withConfig), which lost the
    // policy: no retry, no mapping, the upstream text as it came.
    const lookup = {
      type: "function" as const,
      function: {
        name: "lookup",
        description: "Looks it up",
        parameters: { type: "object", properties: {} },
      },
    };
    const server = await start({ script: [{ type: "error", status: 429 }, { text: "bound" }] });
    const model = createChatModel({
      provider: "vLLM",
      endpoint: endpoint(server),
      model: "fake-model",
      retry: fastRetry,
    });
    const bound = model.bindTools?.([lookup]);
    if (!bound) throw new Error("bindTools missing");
    const { merged } = await collect(await bound.stream("hi"));
    expect(merged.content).toBe("bound");
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].body.tools?.[0]?.function?.name).toBe("lookup");

    const wrong = await start({ apiKey: "sk-right" });
    const failing = createChatModel({
      provider: "Local vLLM",
      endpoint: endpoint(wrong, { apiKey: "sk-wrong-secret-8888" }),
      model: "fake-model",
    }).bindTools?.([lookup]);
    const err = await failing?.invoke("hi").catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe("provider:auth");
    expect(err.message).not.toContain("sk-wrong-secret-8888");
  });

  it("maps an unknown model to provider:model_not_found listing the models the endpoint offers", async () => {
    const server = await start({ models: ["llama3", "qwen2.5"] });
    const model = createChatModel({
      provider: "Ollama",
      endpoint: endpoint(server, { name: "Ollama" }),
      model: "gpt-9",
    });
    const err = await (async () => collect(await model.stream("hi")))().catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe("provider:model_not_found");
    expect(err.availableModels).toEqual(["llama3", "qwen2.5"]);
    expect(err.message).toBe(
      'The endpoint Ollama does not offer the model "gpt-9". Available models: llama3, qwen2.5.',
    );
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/chat/completions",
      "GET /v1/models",
    ]);
  });

  it("retries 429 with backoff and then succeeds", async () => {
    const server = await start({
      script: [{ type: "error", status: 429 }, { type: "error", status: 429 }, { text: "finally" }],
    });
    const model = createChatModel({
      provider: "vLLM",
      endpoint: endpoint(server),
      model: "fake-model",
      retry: fastRetry,
    });
    const { merged } = await collect(await model.stream("hi"));
    expect(merged.content).toBe("finally");
    expect(server.requests).toHaveLength(3);
  });

  it("gives a clear rate-limit error after the configured retries", async () => {
    const server = await start({ script: [{ type: "error", status: 429 }] });
    const model = createChatModel({
      provider: "vLLM",
      endpoint: endpoint(server, { name: "Busy" }),
      model: "fake-model",
      retry: { retries: 2, baseDelayMs: 1 },
    });
    const err = await model.invoke("hi").catch((e) => e);
    expect(err.code).toBe("provider:rate_limited");
    expect(err.retries).toBe(2);
    expect(err.message).toBe(
      "The endpoint Busy is rate limiting requests (HTTP 429) and still was after 2 retries. Wait a moment and try again.",
    );
    expect(server.requests).toHaveLength(3);
  });

  it("retries 5xx before the first token, then reports provider:connection", async () => {
    const server = await start({ script: [{ type: "error", status: 503 }] });
    const model = createChatModel({
      provider: "vLLM",
      endpoint: endpoint(server),
      model: "fake-model",
      retry: { retries: 1, baseDelayMs: 1 },
    });
    const err = await (async () => collect(await model.stream("hi")))().catch((e) => e);
    expect(err.code).toBe("provider:connection");
    expect(err.message).toMatch(/^The endpoint Local vLLM is unavailable \(HTTP 503/);
    expect(server.requests).toHaveLength(2);
  });

  it("keeps the partial answer when the connection drops mid-stream, and does not retry", async () => {
    const server = await start({ script: [{ text: ["one ", "two ", "three ", "four"], cutAfter: 3 }] });
    const model = createChatModel({
      provider: "vLLM",
      endpoint: endpoint(server, { name: "Flaky" }),
      model: "fake-model",
      retry: fastRetry,
    });
    const received: string[] = [];
    const err = await (async () => {
      for await (const chunk of await model.stream("hi")) received.push(String(chunk.content));
    })().catch((e) => e);
    expect(received.join("")).toBe("one two ");
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe("provider:connection");
    expect(err.partial).toBe(true);
    expect(err.partialText).toBe("one two ");
    expect(err.message).toBe(
      "The connection to the endpoint Flaky was lost mid-answer; the answer is incomplete.",
    );
    expect(server.requests).toHaveLength(1);
  });

  it("reports an unreachable endpoint as provider:connection", async () => {
    const server = await start({});
    const url = server.url;
    await server.close();
    servers.length = 0;
    const model = createChatModel({
      provider: "vLLM",
      endpoint: { ...endpoint(server), baseURL: url, name: "Gone" },
      model: "fake-model",
    });
    const err = await model.invoke("hi").catch((e) => e);
    expect(err.code).toBe("provider:connection");
    expect(err.message).toMatch(/^Could not reach the endpoint Gone at http:\/\/127\.0\.0\.1:\d+\/v1/);
  });

  it("stops streaming when the signal aborts, without a ProviderError", async () => {
    const server = await start({ script: [{ text: "a b c d e f g h", delayMs: 20 }] });
    const model = createChatModel({ provider: "vLLM", endpoint: endpoint(server), model: "fake-model" });
    const controller = new AbortController();
    const got: string[] = [];
    const err = await (async () => {
      for await (const chunk of await model.stream("hi", { signal: controller.signal })) {
        got.push(String(chunk.content));
        if (got.join("").includes("b")) controller.abort();
      }
    })().catch((e) => e);
    expect(err).toBeDefined();
    expect(err).not.toBeInstanceOf(ProviderError);
    expect(got.join("")).not.toContain("h");
  });

  it("listModels fetches GET {baseURL}/models and reports failures clearly", async () => {
    const server = await start({ models: ["b-model", "a-model"], apiKey: "sk-k" });
    expect(await listModels(endpoint(server, { apiKey: "sk-k" }))).toEqual(["a-model", "b-model"]);
    expect(server.requests[0].headers.authorization).toBe("Bearer sk-k");
    const err = await listModels(endpoint(server, { apiKey: "sk-bad", name: "Mine" })).catch((e) => e);
    expect(err.code).toBe("provider:auth");
    expect(err.message).toMatch(/^The endpoint Mine rejected the API key/);
  });
});
