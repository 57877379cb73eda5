/** ChatGoogleGenerativeAI against a minimal local `:streamGenerateContent?alt=sse` server. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type AIMessageChunk, HumanMessage } from "@langchain/core/messages";
import { afterEach, describe, expect, it } from "vitest";
import { tokensOf } from "@/lib/agents/cost";
import { fileParts } from "../agents/files";
import { ProviderError } from "./errors";
import { createChatModel } from "./factory";
import { extractReasoning, getReasoningKey } from "./reasoning";

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function startFakeGemini(apiKey: string) {
  const paths: string[] = [];
  const bodies: unknown[] = [];
  const server = createServer(async (req, res) => {
    paths.push(req.url ?? "");
    let raw = "";
    for await (const chunk of req) raw += chunk;
    bodies.push(raw ? JSON.parse(raw) : null);
    if (req.headers["x-goog-api-key"] !== apiKey) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          error: {
            code: 400,
            message: "API key not valid. Please pass a valid API key.",
            status: "INVALID_ARGUMENT",
          },
        }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    const parts = [{ thought: true, text: "Thinking about it." }, { text: "Bon" }, { text: "jour" }];
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const data = {
        candidates: [
          { content: { role: "model", parts: [part] }, index: 0, ...(last ? { finishReason: "STOP" } : {}) },
        ],
        ...(last
          ? {
              usageMetadata: {
                promptTokenCount: 5,
                candidatesTokenCount: 2,
                totalTokenCount: 11,
                cachedContentTokenCount: 3,
                thoughtsTokenCount: 4,
              },
            }
          : {}),
      };
      res.write(`data: ${JSON.stringify(data)}\r\n\r\n`);
    });
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  closers.push(() => server.close());
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths, bodies };
}

describe("Google endpoints (ChatGoogleGenerativeAI)", () => {
  it("streams text with usage; thoughts arrive as thinking blocks", async () => {
    const fake = await startFakeGemini("g-key");
    const model = createChatModel({
      provider: "google",
      baseURL: fake.url,
      apiKey: "g-key",
      model: "gemini-fake",
    });
    let merged: AIMessageChunk | undefined;
    const texts: string[] = [];
    for await (const chunk of await model.stream("hi")) {
      if (typeof chunk.content === "string" && chunk.content) texts.push(chunk.content);
      merged = merged ? merged.concat(chunk) : chunk;
    }
    expect(texts.join("")).toContain("Bonjour");
    expect(extractReasoning(merged as AIMessageChunk, getReasoningKey("google"))).toBe("Thinking about it.");
    expect(merged?.usage_metadata).toMatchObject({ input_tokens: 5, output_tokens: 2 });
    // Cached prompt tokens reach the standard details.
    expect(merged?.usage_metadata?.input_token_details).toMatchObject({ cache_read: 3 });
    // Thoughts are not mapped by the client: they show only in total_tokens (5 + 2 + 4), where the
    // engine finds them (lib/agents/cost.ts tokensOf).
    expect(tokensOf(merged?.usage_metadata)).toEqual({
      inputTokens: 5,
      outputTokens: 6,
      cachedInputTokens: 3,
      reasoningTokens: 4,
    });
    expect(fake.paths[0]).toMatch(/models\/gemini-fake:streamGenerateContent\?alt=sse/);
  });

  it("maps an invalid key (HTTP 400 API_KEY_INVALID) to provider:auth", async () => {
    const fake = await startFakeGemini("g-key");
    const model = createChatModel({
      provider: "Google",
      baseURL: fake.url,
      apiKey: "bad-key-123456",
      model: "gemini-fake",
    });
    const err = await model.invoke("hi").catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err.code).toBe("provider:auth");
    expect(err.message).toMatch(/^The endpoint Google rejected the API key/);
    expect(err.message).not.toContain("bad-key-123456");
  });

  it("sends an attached image as inlineData", async () => {
    const fake = await startFakeGemini("g-key");
    // LangChain's Google client sends images only to models it knows take them (gemini-1.5 on, …);
    // for other names it refuses with "This model does not support images", shown in the chat.
    const model = createChatModel({
      provider: "google",
      baseURL: fake.url,
      apiKey: "g-key",
      model: "gemini-2.5-flash",
    });
    const image = { name: "dot.png", mimeType: "image/png", size: 3, imageBase64: "iVBORw0K" };
    await model.invoke([new HumanMessage({ content: fileParts("What is this?", [image], 1000) })]);
    const body = fake.bodies[0] as { contents: { role: string; parts: Record<string, unknown>[] }[] };
    expect(body.contents[0].role).toBe("user");
    expect(body.contents[0].parts).toContainEqual({
      inlineData: { mimeType: "image/png", data: "iVBORw0K" },
    });
    expect(body.contents[0].parts).toContainEqual({ text: "What is this?" });
  });
});
