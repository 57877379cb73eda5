import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { AIMessageChunk, HumanMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { createRun } from "../run";
import { agent, collect } from "../testing/fixtures";
import { ScriptedChatModel } from "../testing/scripted-model";
import type { ChatRunnable } from "./context";
import { ChunkMerger, forEachChunk } from "./model-stream";

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

describe("a run through the public APIs", () => {
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

describe("forEachChunk", () => {
  const turn = {
    reasoning: "thinking",
    text: "Hello there, this is long enough for several chunks.",
    toolCalls: [{ name: "calc", args: { a: 1 }, id: "c1" }],
    usage: { input: 5, output: 7 },
  };
  const input = [new HumanMessage("hi")];
  const shape = (c: AIMessageChunk) => ({
    content: c.content,
    additional_kwargs: c.additional_kwargs,
    tool_call_chunks: c.tool_call_chunks,
    usage_metadata: c.usage_metadata,
    response_metadata: c.response_metadata,
  });
  async function each(model: unknown, signal = new AbortController().signal) {
    const out: ReturnType<typeof shape>[] = [];
    await forEachChunk(model as ChatRunnable, input, signal, (c) => out.push(shape(c)));
    return out;
  }
  const bindings = {
    "a model": () => new ScriptedChatModel({ script: [turn], chunkSize: 8 }),
    "a binding (bindTools/withConfig)": () =>
      new ScriptedChatModel({ script: [turn], chunkSize: 8 }).withConfig({ tags: ["t"] }),
  };

  for (const [name, make] of Object.entries(bindings)) {
    it(`hands on every chunk of ${name}: text, reasoning, tool call and usage`, async () => {
      const got = await each(make());
      expect(got.length).toBeGreaterThan(3);
      expect(got.map((c) => (typeof c.content === "string" ? c.content : "")).join("")).toBe(turn.text);
      expect(got[0].additional_kwargs).toMatchObject({ reasoning_content: "thinking" });
      const merger = new ChunkMerger();
      await forEachChunk(make() as unknown as ChatRunnable, input, new AbortController().signal, (c) =>
        merger.add(c),
      );
      const merged = merger.result();
      expect(merged?.tool_calls).toMatchObject([{ name: "calc", args: { a: 1 }, id: "c1" }]);
      expect(merged?.usage_metadata).toMatchObject({ input_tokens: 5, output_tokens: 7 });
    });
  }

  it("lets LangChain run the call when a callback handler would see it", async () => {
    const seen: string[] = [];
    class Handler extends BaseCallbackHandler {
      name = "test_handler";
      handleChatModelStart() {
        seen.push("start");
      }
      handleLLMEnd(output: { generations: { text: string }[][] }) {
        seen.push(`end:${output.generations[0][0].text}`);
      }
    }
    const model = new ScriptedChatModel({
      script: [{ text: "abc def" }],
      chunkSize: 3,
      callbacks: [new Handler()],
    });
    const got = await each(model);
    expect(got.map((c) => c.content).join("")).toBe("abc def");
    expect(seen).toEqual(["start", "end:abc def"]);
  });

  it("stops with the signal's reason after the chunk during which it aborted", async () => {
    const ctrl = new AbortController();
    const model = new ScriptedChatModel({ script: [{ text: "abcdefghij" }], chunkSize: 2 });
    const received: unknown[] = [];
    const consume = () =>
      forEachChunk(model as unknown as ChatRunnable, input, ctrl.signal, (c) => {
        received.push(c.content);
        ctrl.abort(new Error("stopped"));
      });
    await expect(consume()).rejects.toThrow("stopped");
    expect(received).toEqual(["ab"]);
  });
});
