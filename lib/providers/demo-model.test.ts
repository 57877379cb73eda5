import {
  AIMessage,
  type AIMessageChunk,
  type BaseMessage,
  HumanMessage,
  ToolMessage,
} from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DEMO_NOTE } from "./demo/answers";
import { DemoChatModel } from "./demo-model";
import { createChatModel } from "./factory";

const subagentTool = (types: string[]) =>
  tool(async () => "", {
    name: "subagent",
    description: "Delegate a task",
    schema: z.object({
      subagent_type: z.enum(types as [string, ...string[]]),
      description: z.string(),
    }),
  });
const calculator = tool(async ({ expression }) => expression, {
  name: "calculator",
  description: "Evaluate arithmetic",
  schema: z.object({ expression: z.string() }),
});
const clock = tool(async () => "2026-11-30T12:00:00Z", {
  name: "current_time",
  description: "Current time",
  schema: z.object({}),
});

async function run(model: ReturnType<DemoChatModel["bindTools"]> | DemoChatModel, messages: BaseMessage[]) {
  const chunks: AIMessageChunk[] = [];
  let merged: AIMessageChunk | undefined;
  for await (const chunk of await model.stream(messages)) {
    chunks.push(chunk as AIMessageChunk);
    merged = merged ? merged.concat(chunk as AIMessageChunk) : (chunk as AIMessageChunk);
  }
  return { chunks, message: merged as AIMessageChunk };
}

const demo = () => new DemoChatModel({ tokenDelayMs: 0 });

describe("demo model", () => {
  it("streams its demo note as one chunk, so its italics never show half-open", async () => {
    const { chunks, message } = await run(demo(), [new HumanMessage("Tell me a joke")]);
    const texts = chunks.map((c) => String(c.content));
    expect(texts).toContain(DEMO_NOTE);
    expect(texts.filter((t) => t.includes("_Scripted"))).toEqual([DEMO_NOTE]);
    expect(String(message.content)).toContain(DEMO_NOTE);
  });

  it("createChatModel returns it for the demo provider", () => {
    expect(createChatModel({ provider: "demo", model: "demo-delegator" })).toBeInstanceOf(DemoChatModel);
  });

  it("delegates several tasks in ONE message, one subagent call per task, each to the child that fits it (else self)", async () => {
    const model = demo().bindTools([subagentTool(["self", "researcher", "writer"])]);
    const request =
      "Please help me with:\n- Research the history of Rust\n- Write a haiku about autumn\n- Compute 12*7";
    const { chunks, message } = await run(model, [new HumanMessage(request)]);
    expect(message.tool_calls).toHaveLength(3);
    expect(message.tool_calls?.map((c) => c.name)).toEqual(["subagent", "subagent", "subagent"]);
    expect(message.tool_calls?.map((c) => c.args.subagent_type)).toEqual(["researcher", "writer", "self"]);
    expect(message.tool_calls?.[0].args.description).toMatch(/^Research the history of Rust/);
    expect(new Set(message.tool_calls?.map((c) => c.id)).size).toBe(3);
    expect(chunks.filter((c) => (c.tool_call_chunks ?? []).length > 0)).toHaveLength(1);
    expect(message.usage_metadata?.output_tokens).toBeGreaterThan(0);
    expect(message.usage_metadata?.input_tokens).toBeGreaterThan(0);
  });

  it("uses self only when it is the only option, and splits 'X and Y' requests", async () => {
    const model = demo().bindTools([subagentTool(["self"])]);
    const { message } = await run(model, [
      new HumanMessage("Explain recursion and write a limerick about cats"),
    ]);
    expect(message.tool_calls?.map((c) => [c.args.subagent_type, c.args.description])).toEqual([
      ["self", "Explain recursion"],
      ["self", "Write a limerick about cats"],
    ]);
  });

  it("does not delegate a single task", async () => {
    const model = demo().bindTools([subagentTool(["self", "researcher"])]);
    const { message } = await run(model, [new HumanMessage("Compare cats and dogs")]);
    expect(message.tool_calls ?? []).toHaveLength(0);
    expect(message.content).toContain(DEMO_NOTE);
  });

  it("writes a final answer that uses the children's results", async () => {
    const model = demo().bindTools([subagentTool(["researcher", "writer"])]);
    const human = new HumanMessage("- Find the capital of France\n- Write a slogan for a bakery");
    const first = await run(model, [human]);
    const calls = first.message.tool_calls ?? [];
    const ai = new AIMessage({ content: first.message.content, tool_calls: calls });
    const results = [
      new ToolMessage({ tool_call_id: calls[0].id ?? "", content: "Paris is the capital of France." }),
      new ToolMessage({ tool_call_id: calls[1].id ?? "", content: "Subagent writer failed: timeout" }),
    ];
    const { message } = await run(model, [human, ai, ...results]);
    const text = String(message.content);
    expect(message.tool_calls ?? []).toHaveLength(0);
    expect(text).toContain("## Results");
    expect(text).toContain("Paris is the capital of France.");
    expect(text).toContain("Subagent writer failed: timeout");
    expect(text).toMatch(/\| 1 \| Find the capital of France \| researcher \| ✓ done \|/);
    expect(text).toMatch(/✗ failed/);
    expect(text.trim().endsWith(DEMO_NOTE)).toBe(true);
  });

  it("as a child with a calculator, calls it with the expression and uses the result", async () => {
    const model = demo().bindTools([calculator, clock]);
    const task = new HumanMessage("What is (12 + 3) * 7?");
    const first = await run(model, [task]);
    expect(first.message.tool_calls).toEqual([
      expect.objectContaining({ name: "calculator", args: { expression: "(12 + 3) * 7" } }),
    ]);
    const call = first.message.tool_calls?.[0];
    const ai = new AIMessage({ content: first.message.content, tool_calls: first.message.tool_calls });
    const { message } = await run(model, [
      task,
      ai,
      new ToolMessage({ tool_call_id: call?.id ?? "", content: "105" }),
    ]);
    expect(String(message.content)).toContain("`(12 + 3) * 7` = **105**");
  });

  it("calls current_time for time questions", async () => {
    const model = demo().bindTools([calculator, clock]);
    const { message } = await run(model, [new HumanMessage("What time is it right now?")]);
    expect(message.tool_calls?.map((c) => c.name)).toEqual(["current_time"]);
  });

  it("without tools answers helpfully, with a code block for code requests, and is honest", async () => {
    const code = await run(demo(), [new HumanMessage("Write a TypeScript function that reverses a string")]);
    expect(String(code.message.content)).toMatch(/```ts\n[\s\S]*function [\s\S]*```/);
    expect(String(code.message.content)).toContain(DEMO_NOTE);
    const math = await run(demo(), [new HumanMessage("what is 2^10 - 24")]);
    expect(String(math.message.content)).toContain("`2^10 - 24` = **1000**");
  });

  it("is deterministic and streams many small tokens that add up to the answer", async () => {
    const a = await run(demo(), [new HumanMessage("Tell me a joke")]);
    const b = await run(demo(), [new HumanMessage("Tell me a joke")]);
    expect(a.message.content).toBe(b.message.content);
    expect(a.chunks.length).toBeGreaterThan(10);
    expect(a.chunks.map((c) => c.content).join("")).toBe(a.message.content);
  });

  it("honours the abort signal between tokens", async () => {
    const model = new DemoChatModel({ tokenDelayMs: 5 });
    const controller = new AbortController();
    let received = 0;
    const err = await (async () => {
      for await (const _ of await model.stream([new HumanMessage("Explain monads")], {
        signal: controller.signal,
      })) {
        received++;
        if (received === 3) controller.abort();
      }
    })().catch((e) => e);
    expect(err).toBeDefined();
    expect(received).toBe(3);
  });

  it("invoke works (non-streaming path) and reports usage", async () => {
    const message = (await demo().invoke([new HumanMessage("Describe the moon")])) as AIMessage;
    expect(String(message.content)).toContain("Describe the moon");
    expect(message.usage_metadata?.total_tokens).toBeGreaterThan(0);
  });
});

describe("demo model routing", () => {
  it("names subagents and sends each task to the child whose skills fit it", async () => {
    const { subagentToolDef } = await import("@/lib/agents/graph/tool-defs");
    const tool = subagentToolDef([
      { type: "a1", name: "Researcher", description: "Answers questions; can tell the time." },
      { type: "a2", name: "Mathematician", description: "Works out arithmetic with a calculator." },
    ] as never);
    const model = new DemoChatModel({ tokenDelayMs: 0 }).bindTools([tool]);
    const reply = await model.invoke([new HumanMessage("Compute 12 * 7\nWhat time is it?")]);
    expect(reply.tool_calls?.map((c) => [c.args.description, c.args.subagent_type])).toEqual([
      ["Compute 12 * 7", "a2"],
      ["What time is it?", "a1"],
    ]);
    expect(String(reply.content)).toContain("**Mathematician**");
  });

  it("sends a haiku and an explanation to the Writer and says why", async () => {
    const { subagentToolDef } = await import("@/lib/agents/graph/tool-defs");
    const tool = subagentToolDef([
      { type: "a1", name: "Mathematician", description: "Works out arithmetic with a calculator." },
      { type: "a2", name: "Writer", description: "Writes poems" },
      { type: "self", self: true, name: "Lead", description: "A copy of you." },
    ] as never);
    const model = new DemoChatModel({ tokenDelayMs: 0 }).bindTools([tool]);
    const reply = await model.invoke([
      new HumanMessage("Write a haiku about autumn\nexplain recursion\nCompute 2 * 3\nCheck the weather"),
    ]);
    expect(reply.tool_calls?.map((c) => c.args.subagent_type)).toEqual(["a2", "a2", "a1", "self"]);
    expect(String(reply.content)).toContain(
      'Write a haiku about autumn → **Writer** (fits: "Writer", "poems")',
    );
    expect(String(reply.content)).toContain("Check the weather → **self** (no subagent fits: a copy of me)");
  });
});
