import type { AIMessageChunk } from "@langchain/core/messages";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { startFakeAnthropicServer } from "@/tests/helpers/fake-anthropic-server";
import type { FakeServer } from "@/tests/helpers/fake-openai-server";
import { ProviderError } from "./errors";
import { createChatModel } from "./factory";
import { listModels } from "./models";
import { extractReasoning } from "./reasoning";
import type { EndpointDefinition } from "./types";

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(options: Parameters<typeof startFakeAnthropicServer>[0]) {
  const server = await startFakeAnthropicServer(options);
  servers.push(server);
  return server;
}

function endpoint(server: FakeServer, apiKey = "sk-ant-test-123456"): EndpointDefinition {
  return {
    id: "env:anthropic",
    name: "Anthropic",
    protocol: "anthropic",
    baseURL: server.url,
    apiKey,
    models: [],
    source: "env",
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

function textDeltas(chunks: AIMessageChunk[]): string[] {
  return chunks.flatMap((c) =>
    typeof c.content === "string"
      ? c.content
        ? [c.content]
        : []
      : c.content.flatMap((b) => (b.type === "text" && typeof b.text === "string" && b.text ? [b.text] : [])),
  );
}

describe("Anthropic endpoints (ChatAnthropic against a local /v1/messages SSE server)", () => {
  it("reports cache reads and cache writes in the standard usage details", async () => {
    const server = await start({
      apiKey: "sk-ant-test-123456",
      script: [
        {
          text: ["ok"],
          usage: {
            input_tokens: 10,
            output_tokens: 5,
            cache_read_input_tokens: 70,
            cache_creation_input_tokens: 20,
          },
        },
      ],
    });
    const model = createChatModel({
      provider: "anthropic",
      endpoint: endpoint(server),
      model: "claude-fake",
    });
    const { merged } = await collect((await model.stream("hi")) as AsyncIterable<AIMessageChunk>);
    // LangChain counts cache reads and writes into input_tokens, so "cached" is a part of it.
    expect(merged.usage_metadata?.input_token_details).toMatchObject({ cache_read: 70, cache_creation: 20 });
    expect(merged.usage_metadata?.input_tokens).toBe(100);
  });

  it("streams thinking, text and a tool_use block with usage", async () => {
    const server = await start({
      apiKey: "sk-ant-test-123456",
      script: [
        {
          thinking: ["The user wants ", "a sum."],
          text: ["I'll ", "compute ", "it."],
          toolUses: [{ id: "toolu_1", name: "calculator", input: { expression: "2+3" }, splitInto: 4 }],
          usage: { input_tokens: 21, output_tokens: 13 },
        },
      ],
    });
    const model = createChatModel({
      provider: "anthropic",
      endpoint: endpoint(server),
      model: "claude-fake",
      parameters: { thinkingBudgetTokens: 1024 },
    });
    const bound = model.bindTools?.([
      { name: "calculator", description: "Math", schema: z.object({ expression: z.string() }) },
    ]);
    if (!bound) throw new Error("bindTools missing");
    const { chunks, merged } = await collect(
      (await bound.stream("What is 2+3?")) as AsyncIterable<AIMessageChunk>,
    );

    expect(textDeltas(chunks)).toEqual(["I'll ", "compute ", "it."]);
    expect(extractReasoning(merged)).toBe("The user wants a sum.");
    expect(merged.tool_calls).toEqual([
      { id: "toolu_1", name: "calculator", args: { expression: "2+3" }, type: "tool_call" },
    ]);
    expect(merged.usage_metadata).toMatchObject({ input_tokens: 21, output_tokens: 13, total_tokens: 34 });

    const { body, headers } = server.requests[0];
    expect(headers["x-api-key"]).toBe("sk-ant-test-123456");
    expect(body).toMatchObject({
      model: "claude-fake",
      stream: true,
      thinking: { type: "enabled", budget_tokens: 1024 },
    });
    expect(body.tools[0].name).toBe("calculator");
  });

  it("plain text streaming arrives in order", async () => {
    const server = await start({});
    const model = createChatModel({
      provider: "Anthropic",
      endpoint: endpoint(server),
      model: "claude-fake",
    });
    const { merged } = await collect(await model.stream("ping"));
    const text = typeof merged.content === "string" ? merged.content : textDeltas([merged]).join("");
    expect(text).toBe("Hello from claude-fake: ping");
  });

  it("maps 401 to provider:auth and an unknown model to the list of offered models", async () => {
    const server = await start({ apiKey: "right", models: ["claude-a", "claude-b"] });
    const bad = createChatModel({
      provider: "anthropic",
      endpoint: endpoint(server, "wrong-key-abcdef"),
      model: "claude-a",
    });
    const authErr = await bad.invoke("hi").catch((e) => e);
    expect(authErr).toBeInstanceOf(ProviderError);
    expect(authErr.code).toBe("provider:auth");
    expect(authErr.message).toMatch(/^The endpoint Anthropic rejected the API key/);
    expect(authErr.message).not.toContain("wrong-key-abcdef");

    const unknown = createChatModel({
      provider: "anthropic",
      endpoint: endpoint(server, "right"),
      model: "claude-zzz",
    });
    const err = await (async () => collect(await unknown.stream("hi")))().catch((e) => e);
    expect(err.code).toBe("provider:model_not_found");
    expect(err.message).toBe(
      'The endpoint Anthropic does not offer the model "claude-zzz". Available models: claude-a, claude-b.',
    );
  });

  it("retries 429 then succeeds", async () => {
    const server = await start({ script: [{ type: "error", status: 429 }, { text: "ok now" }] });
    const model = createChatModel({
      provider: "anthropic",
      endpoint: endpoint(server),
      model: "claude-fake",
      retry: { retries: 2, baseDelayMs: 1 },
    });
    const { merged } = await collect(await model.stream("hi"));
    expect(textDeltas([merged]).join("") || merged.content).toBe("ok now");
    expect(server.requests).toHaveLength(2);
  });

  it("keeps the partial answer when the stream is cut", async () => {
    // message_start, ping, content_block_start, then 2 text deltas, then the socket dies.
    const server = await start({
      script: [{ text: ["Partial ", "answer ", "never ", "finished"], cutAfter: 5 }],
    });
    const model = createChatModel({
      provider: "anthropic",
      endpoint: endpoint(server),
      model: "claude-fake",
    });
    const got: AIMessageChunk[] = [];
    const err = await (async () => {
      for await (const chunk of await model.stream("hi")) got.push(chunk);
    })().catch((e) => e);
    expect(textDeltas(got).join("")).toBe("Partial answer ");
    expect(err.code).toBe("provider:connection");
    expect(err.partial).toBe(true);
    expect(err.partialText).toBe("Partial answer ");
  });

  it("listModels calls GET /v1/models with the Anthropic headers", async () => {
    const server = await start({ models: ["claude-b", "claude-a"], apiKey: "k-1" });
    expect(await listModels(endpoint(server, "k-1"))).toEqual(["claude-a", "claude-b"]);
    expect(server.requests[0].path).toBe("/v1/models");
    expect(server.requests[0].headers["anthropic-version"]).toBe("2023-06-01");
  });
});
