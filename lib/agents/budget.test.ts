import { describe, expect, it } from "vitest";
import { estimateInputTokens, toMicros, worstCaseMicros } from "./budget";
import type { SubagentErrorEvent, SubagentStartEvent } from "./events";
import { messageText, subagentBudgetText } from "./messages";
import { createRun } from "./run";
import { agent, collect } from "./testing/fixtures";
import { type ScriptContext, scriptedModelFactory } from "./testing/scripted-model";
import { reduceEvents, shownStatus } from "./trace";
import type { ModelSpec, RunAgent } from "./types";

// 1,000 per million tokens: every token costs 1,000 micro-units ($0.001).
const price = { input: 1000, cachedInput: 1000, output: 1000, reasoning: 1000 };
const priced = (...models: string[]) =>
  (models.length ? models : ["gpt-test"]).map((model) => ({ endpointId: "openai", model, price }));
const toolResults = (ctx: ScriptContext) => ctx.messages.filter((m) => m.getType() === "tool");
const calc = { name: "calculator", args: { expression: "1+1" } };
const limited = (id: string, subagents?: Parameters<typeof agent>[1]): RunAgent =>
  agent(id, subagents, { tools: ["calculator"], parameters: { maxOutputTokens: 10 } });

describe("budget math", () => {
  it("compares money in integer micro-units", () => {
    expect(toMicros(0.1) + toMicros(0.2)).toBe(toMicros(0.3));
    expect(toMicros(0.000_001)).toBe(1);
  });

  it("takes the worst case as input estimate × input price + max output × the dearer output price", () => {
    const p = { input: 2, cachedInput: 1, output: 8, reasoning: 10 };
    expect(worstCaseMicros(p, 100, 50)).toBe(100 * 2 + 50 * 10);
  });

  it("estimates input high: one token per two characters", () => {
    const run = [{ getType: () => "human", content: "abcdefgh" }] as never;
    expect(estimateInputTokens(run)).toBe(4);
    expect(messageText(undefined)).toBe("");
  });
});

describe("the answer's cap", () => {
  it("stops before a call whose worst case no longer fits, keeping what the answer streamed", async () => {
    const factory = scriptedModelFactory({
      a: [
        { text: "working", toolCalls: [calc], usage: { input: 10, output: 10 } },
        { text: "never", usage: { input: 1, output: 1 } },
      ],
    });
    const run = await createRun({
      agents: [limited("a")],
      messages: [{ role: "user", content: "hi" }],
      modelFactory: factory,
      prices: priced(),
      // The first call's worst case (~20 tokens) fits; after it 20,000 of 30,000 are spent and the
      // second call's worst case (the tool result added) does not.
      budget: { answer: 0.03 },
    });
    const events = await collect(run);
    const end = events.at(-1);
    expect(end).toMatchObject({ type: "run_end", status: "failed", error: { code: "limit:answer_budget" } });
    expect(factory.models.get("a")?.[0].calls.length).toBe(1);
    const tree = reduceEvents(events);
    expect(shownStatus(tree)).toEqual({ status: "stopped", reason: "answer_budget" });
    expect(JSON.stringify(tree.content)).toContain("working");
  });

  it("stops after a call whose actual cost went over (the estimate was low)", async () => {
    const factory = scriptedModelFactory({
      a: [{ text: "long", toolCalls: [calc], usage: { input: 10, output: 40 } }, { text: "never" }],
    });
    const run = await createRun({
      agents: [limited("a")],
      messages: [{ role: "user", content: "hi" }],
      modelFactory: factory,
      prices: priced(),
      budget: { answer: 0.03 },
    });
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({ status: "failed", error: { code: "limit:answer_budget" } });
    // The call that went over is recorded; its tool call never ran.
    expect(events.filter((e) => e.type === "usage")).toHaveLength(1);
    expect(events.some((e) => e.type === "tool_call_start")).toBe(false);
  });

  it("capCost only lowers the cap, and a run without prices is not checked", async () => {
    const factory = scriptedModelFactory({ a: [{ text: "fine", usage: { input: 10, output: 10 } }] });
    const run = await createRun({
      agents: [limited("a")],
      messages: [{ role: "user", content: "hi" }],
      modelFactory: factory,
      budget: { answer: 0.000_001 },
    });
    run.capCost(1);
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });

    const capped = await createRun({
      agents: [limited("a")],
      messages: [{ role: "user", content: "hi" }],
      modelFactory: factory,
      prices: priced(),
    });
    capped.capCost(0.000_001);
    expect((await collect(capped)).at(-1)).toMatchObject({ error: { code: "limit:answer_budget" } });
  });
});

describe("a subagent entry's budget", () => {
  const parentScript = (ctx: ScriptContext) =>
    toolResults(ctx).length
      ? { text: "parent done", usage: { input: 1, output: 1 } }
      : {
          toolCalls: [{ name: "subagent", args: { subagent_type: "b", description: "dig" }, id: "c1" }],
          usage: { input: 1, output: 1 },
        };

  it("stops that child, hands its parent the reason as the tool result, and the run goes on", async () => {
    const factory = scriptedModelFactory({
      a: parentScript,
      // 20,000 spent by the first call; the second call's worst case does not fit in 20,000.
      b: [{ text: "half", toolCalls: [calc], usage: { input: 10, output: 10 } }, { text: "never" }],
    });
    const b = limited("b");
    const run = await createRun({
      agents: [agent("a", { agent_ids: ["b"], allowSelf: false, budgets: { b: 0.02 } })],
      agentLookup: { b },
      messages: [{ role: "user", content: "go" }],
      modelFactory: factory,
      prices: priced(),
      currency: "USD",
    });
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const stop = events.find((e) => e.type === "subagent_error") as SubagentErrorEvent;
    expect(stop).toMatchObject({ code: "limit:subagent_budget", spanId: "c1" });
    const second = factory.models.get("a")?.[0].calls[1];
    const result = second?.messages.find((m) => m.getType() === "tool");
    expect(messageText(result)).toBe("Subagent Agent B stopped: its budget of $0.02 was reached");
    const tree = reduceEvents(events);
    const node = tree.content.find((n) => n.type === "subagent");
    expect(node).toMatchObject({ status: "stopped", stopReason: "budget" });
    expect(tree.status).toBe("completed");
  });

  it("a grandchild's spending counts against its ancestor's entry budget: the ancestor stops", async () => {
    const factory = scriptedModelFactory({
      a: parentScript,
      b: (ctx) =>
        toolResults(ctx).length
          ? { text: "b done" }
          : {
              toolCalls: [
                { name: "subagent", args: { subagent_type: "c", description: "deeper" }, id: "c2" },
              ],
              usage: { input: 5, output: 5 },
            },
      c: [{ text: "c spends", toolCalls: [calc], usage: { input: 20, output: 20 } }, { text: "never" }],
    });
    const run = await createRun({
      agents: [agent("a", { agent_ids: ["b"], allowSelf: false, budgets: { b: 0.03 } })],
      agentLookup: { b: limited("b", { agent_ids: ["c"], allowSelf: false }), c: limited("c") },
      messages: [{ role: "user", content: "go" }],
      modelFactory: factory,
      prices: priced(),
    });
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({ status: "completed" });
    const errors = events.filter((e) => e.type === "subagent_error") as SubagentErrorEvent[];
    expect(errors.map((e) => [e.spanId, e.code])).toEqual([["c1", "limit:subagent_budget"]]);
  });

  it("an entry without a budget, or with a model without a price, is not limited", async () => {
    const factory = scriptedModelFactory({
      a: parentScript,
      b: [{ text: "b done", usage: { input: 1000, output: 1000 } }],
    });
    const run = await createRun({
      agents: [agent("a", { agent_ids: ["b"], allowSelf: false, budgets: { b: 0.001 } })],
      agentLookup: { b: agent("b", undefined, { model: "unpriced" }) },
      messages: [{ role: "user", content: "go" }],
      modelFactory: factory,
      prices: priced(),
    });
    const events = await collect(run);
    expect(events.some((e) => e.type === "subagent_stop")).toBe(true);
    expect(events.at(-1)).toMatchObject({ status: "completed" });
  });
});

describe("a self-spawn entry's own model", () => {
  it("runs the copy on the entry's endpoint and model", async () => {
    const specs: ModelSpec[] = [];
    const factory = scriptedModelFactory((spec) => {
      specs.push(spec);
      return spec.isSubagent
        ? [{ text: "cheap copy done" }]
        : (ctx) =>
            toolResults(ctx).length
              ? { text: "done" }
              : { toolCalls: [{ name: "subagent", args: { subagent_type: "self", description: "x" } }] };
    });
    const run = await createRun({
      agents: [agent("a", { allowSelf: true, selfModel: { provider: "cheap", model: "mini" } })],
      messages: [{ role: "user", content: "go" }],
      modelFactory: factory,
    });
    const events = await collect(run);
    const start = events.find((e) => e.type === "subagent_start") as SubagentStartEvent;
    expect(start.model).toBe("mini");
    expect(specs.find((s) => s.isSubagent)).toMatchObject({ endpointId: "cheap", model: "mini" });
    expect(specs.find((s) => !s.isSubagent)).toMatchObject({ endpointId: "openai", model: "gpt-test" });
  });
});

describe("subagentBudgetText", () => {
  it("says the amount in the prices' currency, or bare without one", () => {
    expect(subagentBudgetText("B", 0.02, "USD")).toBe("Subagent B stopped: its budget of $0.02 was reached");
    expect(subagentBudgetText("B", 0.5, "EUR")).toBe("Subagent B stopped: its budget of €0.50 was reached");
    expect(subagentBudgetText("B", 0.000_25, "USD")).toBe(
      "Subagent B stopped: its budget of $0.00025 was reached",
    );
    expect(subagentBudgetText("B", 3)).toBe("Subagent B stopped: its budget of 3 was reached");
  });
});
