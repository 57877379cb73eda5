import { describe, expect, it } from "vitest";
import { addCost, callCost, tokensOf } from "./cost";
import type { RunEvent, SubagentStopEvent, UsageEvent } from "./events";
import { createRun } from "./run";
import { agent, collect } from "./testing/fixtures";
import { scriptedModelFactory } from "./testing/scripted-model";
import { reduceEvents } from "./trace";
import type { ModelSpec } from "./types";

const price = { input: 2, cachedInput: 0.5, output: 8, reasoning: 10 };

describe("cost math", () => {
  it("charges cached input and reasoning output at their own prices, the rest at the plain ones", () => {
    const t = { inputTokens: 1000, cachedInputTokens: 400, outputTokens: 300, reasoningTokens: 100 };
    // 600×2 + 400×0.5 + 200×8 + 100×10 = 1200 + 200 + 1600 + 1000 = 4000 per million
    expect(callCost(price, t)).toBeCloseTo(0.004, 12);
  });

  it("is unknown without a price, and unknown wins a sum", () => {
    const t = { inputTokens: 1, cachedInputTokens: 0, outputTokens: 1, reasoningTokens: 0 };
    expect(callCost(null, t)).toBeNull();
    expect(addCost(0.5, null)).toBeNull();
    expect(addCost(0.5, 0.25)).toBe(0.75);
  });

  it("reads LangChain's standard usage details, capped at the totals", () => {
    expect(
      tokensOf({
        input_tokens: 10,
        output_tokens: 5,
        total_tokens: 15,
        input_token_details: { cache_read: 4 },
        output_token_details: { reasoning: 9 },
      }),
    ).toEqual({ inputTokens: 10, outputTokens: 5, cachedInputTokens: 4, reasoningTokens: 5 });
  });

  it("counts tokens only in the total (Google's thoughts) as reasoning output", () => {
    expect(tokensOf({ input_tokens: 10, output_tokens: 5, total_tokens: 18 })).toEqual({
      inputTokens: 10,
      outputTokens: 8,
      cachedInputTokens: 0,
      reasoningTokens: 3,
    });
  });
});

describe("a run with prices", () => {
  const delegating = (childUsage: { input: number; output: number; cached?: number; reasoning?: number }) =>
    scriptedModelFactory((spec: ModelSpec) =>
      spec.isSubagent
        ? () => ({ text: "child done", usage: childUsage })
        : (ctx) =>
            ctx.messages.some((m) => m.getType() === "tool")
              ? { text: "parent done", usage: { input: 1000, output: 100 } }
              : {
                  toolCalls: [{ name: "subagent", args: { subagent_type: "b", description: "t" }, id: "c1" }],
                  usage: { input: 500, output: 50 },
                },
    );

  async function runWith(prices: { endpointId: string; model: string; price: typeof price | null }[]) {
    const run = await createRun({
      agents: [agent("a", { agent_ids: ["b"] })],
      agentLookup: { b: agent("b", undefined, { model: "child-model" }) },
      messages: [{ role: "user", content: "go" }],
      modelFactory: delegating({ input: 2000, output: 400, cached: 1000, reasoning: 300 }),
      prices,
    });
    return collect(run);
  }

  it("puts each call's cost on its usage event and the subtree's on subagent_stop and run_end", async () => {
    const events = await runWith([
      { endpointId: "openai", model: "gpt-test", price },
      { endpointId: "openai", model: "child-model", price },
    ]);
    const usage = events.filter((e): e is UsageEvent => e.type === "usage");
    const child = usage.find((e) => e.spanId === "c1");
    // 1000×2 + 1000×0.5 + 100×8 + 300×10 = 6300 per million
    expect(child).toMatchObject({ cachedInputTokens: 1000, reasoningTokens: 300 });
    expect(child?.cost).toBeCloseTo(0.0063, 12);
    const stop = events.find((e): e is SubagentStopEvent => e.type === "subagent_stop");
    expect(stop?.usage.cost).toBeCloseTo(0.0063, 12);
    // parent: (500×2 + 50×8) + (1000×2 + 100×8) = 1400 + 2800 per million
    const end = events.at(-1) as Extract<RunEvent, { type: "run_end" }>;
    expect(end.usage.cost).toBeCloseTo(0.0063 + 0.0042, 12);
    expect(end.usage).toMatchObject({ cachedInputTokens: 1000, reasoningTokens: 300 });
    const trace = reduceEvents(events);
    expect(trace.usage.cost).toBeCloseTo(0.0105, 12);
  });

  it("makes a child without a price unknown, and with it the answer, but not the parent's own calls", async () => {
    const events = await runWith([{ endpointId: "openai", model: "gpt-test", price }]);
    const usage = events.filter((e): e is UsageEvent => e.type === "usage");
    expect(usage.find((e) => e.spanId === "c1")?.cost).toBeNull();
    expect(usage.find((e) => e.spanId === "root")?.cost).toBeCloseTo(0.0014, 12);
    const stop = events.find((e): e is SubagentStopEvent => e.type === "subagent_stop");
    expect(stop?.usage.cost).toBeNull();
    const end = events.at(-1) as Extract<RunEvent, { type: "run_end" }>;
    expect(end.usage.cost).toBeNull();
    expect(reduceEvents(events).usage.cost).toBeNull();
  });

  it("carries no cost at all when the host passes no prices", async () => {
    const run = await createRun({
      agents: [agent("a")],
      messages: [{ role: "user", content: "go" }],
      modelFactory: scriptedModelFactory(() => () => ({ text: "hi", usage: { input: 1, output: 1 } })),
    });
    const events = await collect(run);
    expect(events.find((e) => e.type === "usage")).not.toHaveProperty("cost");
    expect((events.at(-1) as Extract<RunEvent, { type: "run_end" }>).usage).not.toHaveProperty("cost");
  });
});

describe("the trace reducer", () => {
  it("keeps a block's own cost apart from its subtree's and keeps unknown unknown", async () => {
    const base = { parentSpanId: "root", depth: 1, agentId: "b", ts: 0, provider: "openai", model: "m" };
    /** One model call of the grandchild c2 (under c1), at `cost`. */
    const grandchildUsage = (cost: number | null): RunEvent => ({
      type: "usage",
      ...base,
      parentSpanId: "c1",
      depth: 2,
      spanId: "c2",
      inputTokens: 1,
      outputTokens: 1,
      cost,
    });
    const events: RunEvent[] = [
      {
        type: "run_start",
        spanId: "root",
        parentSpanId: null,
        depth: 0,
        agentId: "a",
        ts: 0,
        runId: "r",
        graphType: "standard",
        rootAgentIds: ["a"],
      },
      {
        type: "subagent_start",
        ...base,
        spanId: "c1",
        subagentType: "b",
        agentName: "B",
        task: "t",
        mode: "isolated",
        ancestry: ["a", "b"],
      },
      { type: "usage", ...base, spanId: "c1", inputTokens: 1, outputTokens: 1, cost: 0.5 },
      {
        type: "subagent_start",
        ...base,
        parentSpanId: "c1",
        depth: 2,
        spanId: "c2",
        subagentType: "self",
        agentName: "B",
        task: "t",
        mode: "isolated",
        ancestry: ["a", "b", "b"],
      },
      grandchildUsage(0.25),
    ];
    const tree = reduceEvents(events);
    const c1 = tree.content.find((n) => n.type === "subagent");
    expect(c1?.type === "subagent" && [c1.ownCost, c1.usage.cost]).toEqual([0.5, 0.75]);
    events.push(grandchildUsage(null), grandchildUsage(1));
    const after = reduceEvents(events);
    const n = after.content.find((x) => x.type === "subagent");
    expect(n?.type === "subagent" && [n.ownCost, n.usage.cost]).toEqual([0.5, null]);
    expect(after.usage.cost).toBeNull();
  });
});
