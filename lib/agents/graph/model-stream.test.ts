import { AIMessageChunk } from "@langchain/core/messages";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { Annotation, StateGraph } from "@langchain/langgraph";
import { describe, expect, it } from "vitest";
import { createRun } from "../run";
import { agent, collect } from "../testing/fixtures";
import { ScriptedChatModel } from "../testing/scripted-model";
import { ChunkMerger } from "./model-stream";

const usage = (input: number, output: number) => ({
  input_tokens: input,
  output_tokens: output,
  total_tokens: input + output,
});

function chunks(): AIMessageChunk[] {
  return [
    new AIMessageChunk({ content: "" }),
    new AIMessageChunk({ id: "m1", content: "Hel" }),
    new AIMessageChunk({ id: "m1", content: "lo" }),
    new AIMessageChunk({
      content: "",
      tool_call_chunks: [{ type: "tool_call_chunk", index: 0, id: "c1", name: "calc", args: '{"a":' }],
    }),
    new AIMessageChunk({ content: " there" }),
    new AIMessageChunk({
      content: "",
      tool_call_chunks: [{ type: "tool_call_chunk", index: 0, args: "1}" }],
    }),
    new AIMessageChunk({ content: "!", usage_metadata: usage(3, 4) }),
    new AIMessageChunk({ content: "", usage_metadata: usage(0, 2) }),
  ];
}

describe("ChunkMerger", () => {
  it("merges what the engine reads exactly as concat over every chunk does", () => {
    const expected = chunks().reduce((a, b) => a.concat(b));
    const merger = new ChunkMerger();
    for (const c of chunks()) merger.add(c);
    const got = merger.result();
    expect(got?.id).toBe(expected.id);
    expect(got?.content).toBe("Hello there!");
    expect(got?.content).toEqual(expected.content);
    expect(got?.tool_calls).toEqual(expected.tool_calls);
    expect(got?.tool_calls?.[0]?.args).toEqual({ a: 1 });
    expect(got?.usage_metadata).toEqual(expected.usage_metadata);
  });

  it("keeps array content (content blocks) merged by concat", () => {
    const parts = [
      new AIMessageChunk({ content: [{ type: "text", text: "a", index: 0 }] }),
      new AIMessageChunk({ content: "b" }),
      new AIMessageChunk({ content: [{ type: "text", text: "c", index: 0 }] }),
    ];
    const expected = parts.reduce((a, b) => a.concat(b));
    const merger = new ChunkMerger();
    for (const c of parts) merger.add(c);
    expect(merger.result()?.content).toEqual(expected.content);
  });

  it("returns undefined for a call that streamed nothing", () => {
    expect(new ChunkMerger().result()).toBeUndefined();
  });
});

describe("graph steps without tracing", () => {
  it("keep their config for the code they call, stored without a LangSmith RunTree", async () => {
    await createRun({
      agents: [agent("a")],
      messages: [],
      modelFactory: () => new ScriptedChatModel({ script: [{ text: "x" }] }),
    });
    const seen: unknown[] = [];
    const graph = new StateGraph(Annotation.Root({ n: Annotation<number>() }))
      .addNode("step", () => {
        const store = AsyncLocalStorageProviderSingleton.getInstance().getStore() as object;
        seen.push(
          store.constructor.name,
          AsyncLocalStorageProviderSingleton.getRunnableConfig()?.configurable,
        );
        return { n: 1 };
      })
      .addEdge("__start__", "step")
      .compile();
    await graph.invoke({ n: 0 }, { configurable: { marker: 42 } });
    expect(seen[0]).toBe("Object");
    expect(seen[1]).toMatchObject({ marker: 42 });
  });

  it("a run that delegates still completes with the same events", async () => {
    const parent = new ScriptedChatModel({
      script: (ctx) =>
        ctx.messages.some((m) => m.getType() === "tool")
          ? { text: "done" }
          : { toolCalls: [{ name: "subagent", args: { subagent_type: "self", description: "sub" } }] },
    });
    const child = new ScriptedChatModel({ script: [{ text: "child answer" }] });
    const run = await createRun({
      agents: [agent("a", {})],
      messages: [{ role: "user", content: "go" }],
      modelFactory: (spec) => (spec.isSubagent ? child : parent),
    });
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(events.filter((e) => e.type === "subagent_stop")).toHaveLength(1);
  });
});
