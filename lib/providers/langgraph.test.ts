/**
 * The provider policy also holds on the path the engine uses: a LangGraph node calling
 * `model.invoke`, streamed with streamMode "messages" (LangChain then streams under the hood).
 */
import type { AIMessageChunk, BaseMessage } from "@langchain/core/messages";
import { Annotation, END, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { afterEach, describe, expect, it } from "vitest";
import { type FakeServer, startFakeOpenAIServer } from "@/tests/helpers/fake-openai-server";
import { ProviderError } from "./errors";
import { createChatModel } from "./factory";

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function graphFor(model: ReturnType<typeof createChatModel>) {
  const State = Annotation.Root({ ...MessagesAnnotation.spec });
  return new StateGraph(State)
    .addNode("model", async (state: { messages: BaseMessage[] }) => ({
      messages: [await model.invoke(state.messages)],
    }))
    .addEdge(START, "model")
    .addEdge("model", END)
    .compile();
}

describe("providers inside a LangGraph run", () => {
  it("streams tokens and reasoning, retries a 429, and counts usage", async () => {
    const server = await startFakeOpenAIServer({
      script: [
        { type: "error", status: 429 },
        { reasoning: ["hmm"], text: ["a", "b", "c"], usage: { prompt_tokens: 4, completion_tokens: 3 } },
      ],
    });
    servers.push(server);
    const model = createChatModel({
      provider: "vLLM",
      baseURL: server.url,
      model: "fake-model",
      retry: { retries: 2, baseDelayMs: 1 },
    });
    const tokens: string[] = [];
    const reasoning: string[] = [];
    let final: AIMessageChunk | undefined;
    for await (const [chunk] of await graphFor(model).stream(
      { messages: [{ role: "user", content: "hi" }] },
      { streamMode: "messages" },
    )) {
      const c = chunk as AIMessageChunk;
      if (typeof c.content === "string" && c.content) tokens.push(c.content);
      if (c.additional_kwargs?.reasoning_content)
        reasoning.push(String(c.additional_kwargs.reasoning_content));
      if (c.usage_metadata) final = c;
    }
    expect(tokens).toEqual(["a", "b", "c"]);
    expect(reasoning).toEqual(["hmm"]);
    expect(final?.usage_metadata).toMatchObject({ input_tokens: 4, output_tokens: 3 });
    expect(server.requests).toHaveLength(2);
  });

  it("surfaces a partial ProviderError when the connection drops", async () => {
    const server = await startFakeOpenAIServer({ script: [{ text: ["x ", "y ", "z"], cutAfter: 2 }] });
    servers.push(server);
    const model = createChatModel({ provider: "vLLM", baseURL: server.url, model: "fake-model" });
    const tokens: string[] = [];
    const err = await (async () => {
      for await (const [chunk] of await graphFor(model).stream(
        { messages: [{ role: "user", content: "hi" }] },
        { streamMode: "messages" },
      )) {
        const c = chunk as AIMessageChunk;
        if (typeof c.content === "string" && c.content) tokens.push(c.content);
      }
    })().catch((e) => e);
    expect(tokens).toEqual(["x "]);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ code: "provider:connection", partial: true, partialText: "x " });
  });
});
