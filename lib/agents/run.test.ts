import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { describe, expect, it } from "vitest";
import { ROOT_SPAN_ID, type RunEvent } from "./events";
import { FORK_PREAMBLE } from "./graph/subagent";
import { createRun } from "./run";
import { agent, collect } from "./testing/fixtures";
import {
  type Script,
  type ScriptContext,
  type ScriptedChatModel,
  scriptedModelFactory,
} from "./testing/scripted-model";
import { reduceEvents } from "./trace";
import type { ModelSpec } from "./types";

const user = (content: string) => ({ role: "user" as const, content });
const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");
const dispatch = (subagent_type: string, description: string, id?: string) => ({
  name: "subagent",
  args: { subagent_type, description },
  id,
});

/** Parent dispatches `calls` in its first turn, then answers with the tool results joined. */
function delegatingParent(calls: ReturnType<typeof dispatch>[]): Script {
  return (ctx) =>
    hasToolResult(ctx)
      ? {
          text: `parent got: ${ctx.messages
            .filter((m) => m.getType() === "tool")
            .map((m) => m.content)
            .join(" | ")}`,
        }
      : { toolCalls: calls };
}

function callsOf(models: ScriptedChatModel[] | undefined) {
  return (models ?? []).flatMap((m) => m.calls).filter((c, i, all) => all.indexOf(c) === i);
}

describe("createRun: a standard run", () => {
  it("streams text, usage and run_end; events are JSON and reduce to the same tree", async () => {
    const factory = scriptedModelFactory({
      a: [{ text: "Hello from the engine", usage: { input: 7, output: 3 } }],
    });
    const run = await createRun({ agents: [agent("a")], messages: [user("hi")], modelFactory: factory });
    expect(run.graphType).toBe("standard");
    const events = await collect(run);
    expect(events.map((e) => e.type)).toEqual([
      "run_start",
      "model_start",
      "text_delta",
      "text_delta",
      "usage",
      "run_end",
    ]);
    for (const e of events)
      expect(e).toMatchObject({ spanId: ROOT_SPAN_ID, parentSpanId: null, depth: 0, agentId: "a" });
    const end = events.at(-1) as Extract<RunEvent, { type: "run_end" }>;
    expect(end).toMatchObject({ status: "completed", usage: { inputTokens: 7, outputTokens: 3 } });
    const roundTripped = JSON.parse(JSON.stringify(events)) as RunEvent[];
    expect(reduceEvents(roundTripped)).toEqual(reduceEvents(events));
    expect(reduceEvents(events).content).toEqual([
      { type: "text", agentId: "a", text: "Hello from the engine" },
    ]);
    // The model saw the agent's instructions, then the conversation.
    const [call] = callsOf(factory.models.get("a"));
    expect(call.messages.map((m) => [m.getType(), m.content])).toEqual([
      ["system", "You are agent a."],
      ["human", "hi"],
    ]);
  });

  it("emits reasoning deltas from the agent's reasoning key", async () => {
    const factory = scriptedModelFactory({ a: [{ reasoning: "thinking...", text: "ok" }] });
    const events = await collect(
      await createRun({ agents: [agent("a")], messages: [user("q")], modelFactory: factory }),
    );
    expect(events.find((e) => e.type === "reasoning_delta")).toMatchObject({ text: "thinking..." });
  });

  it("runs built-in tools and feeds their result back", async () => {
    const factory = scriptedModelFactory({
      a: (ctx) =>
        hasToolResult(ctx)
          ? { text: `= ${ctx.lastText}` }
          : { toolCalls: [{ name: "calculator", args: { expression: "(2+3)*4" } }] },
    });
    const run = await createRun({
      agents: [agent("a", undefined, { tools: ["calculator"] })],
      messages: [user("q")],
      modelFactory: factory,
    });
    const events = await collect(run);
    expect(events.find((e) => e.type === "tool_call_end")).toMatchObject({
      name: "calculator",
      result: "20",
    });
    expect(reduceEvents(events).content.at(-1)).toMatchObject({ type: "text", text: "= 20" });
    // Bound tools: calculator only (no subagent tool when subagents are disabled).
    expect(callsOf(factory.models.get("a"))[0].toolNames).toEqual(["calculator"]);
  });
});

describe("createRun: subagents", () => {
  it("binds a `subagent` tool whose subagent_type enum lists the configured types", async () => {
    const factory = scriptedModelFactory({ a: [{ text: "no delegation" }] });
    await collect(
      await createRun({
        agents: [agent("a", { agent_ids: ["b"] })],
        agentLookup: { b: agent("b") },
        messages: [user("q")],
        modelFactory: factory,
      }),
    );
    const [call] = callsOf(factory.models.get("a"));
    expect(call.toolNames).toEqual(["subagent"]);
    const def = call.tools[0] as {
      function: { parameters: { properties: Record<string, { enum?: string[] }>; required: string[] } };
    };
    expect(def.function.parameters.properties.subagent_type.enum).toEqual(["self", "b"]);
    expect(def.function.parameters.required).toEqual(["subagent_type", "description"]);
  });

  it("runs several subagent calls of one turn in parallel (their model calls overlap)", async () => {
    const factory = scriptedModelFactory((spec: ModelSpec) =>
      spec.isSubagent
        ? () => ({ text: "child done", delayMs: 60 })
        : delegatingParent([dispatch("self", "t1"), dispatch("self", "t2"), dispatch("self", "t3")]),
    );
    const run = await createRun({ agents: [agent("a", {})], messages: [user("go")], modelFactory: factory });
    const events = await collect(run);
    const childCalls = callsOf(factory.models.get("a")).filter((c) =>
      c.messages[1]?.content.toString().startsWith("t"),
    );
    expect(childCalls).toHaveLength(3);
    const latestStart = Math.max(...childCalls.map((c) => c.start));
    const earliestEnd = Math.min(...childCalls.map((c) => c.end));
    expect(latestStart).toBeLessThan(earliestEnd);
    expect(events.filter((e) => e.type === "subagent_stop")).toHaveLength(3);
  });

  it("bounds parallel children by maxParallelSubagents", async () => {
    const factory = scriptedModelFactory((spec: ModelSpec) =>
      spec.isSubagent
        ? () => ({ text: "child done", delayMs: 30 })
        : delegatingParent(["1", "2", "3", "4", "5"].map((n) => dispatch("self", `t${n}`))),
    );
    const run = await createRun({
      agents: [agent("a", {})],
      messages: [user("go")],
      modelFactory: factory,
      limits: { maxParallelSubagents: 2 },
    });
    await collect(run);
    const intervals = callsOf(factory.models.get("a")).filter(
      (c) => c.messages.length === 2 && c.messages[1].content.toString().startsWith("t"),
    );
    expect(intervals).toHaveLength(5);
    let maxConcurrent = 0;
    for (const c of intervals) {
      const at = c.start + 1;
      maxConcurrent = Math.max(maxConcurrent, intervals.filter((o) => o.start <= at && o.end > at).length);
    }
    expect(maxConcurrent).toBe(2);
  });

  it("gives an isolated child only the task and a forked child the parent's prefix plus preamble and task", async () => {
    const factory = scriptedModelFactory((spec: ModelSpec) =>
      spec.isSubagent
        ? () => ({ text: `child ${spec.agentId} done` })
        : delegatingParent([dispatch("self", "forked task"), dispatch("b", "isolated task")]),
    );
    const history = [
      user("hello"),
      { role: "assistant" as const, content: "hi, how can I help?" },
      user("investigate the bug"),
    ];
    const run = await createRun({
      agents: [agent("a", { agent_ids: ["b"], modes: { self: "fork" } })],
      agentLookup: { b: agent("b") },
      messages: history,
      modelFactory: factory,
    });
    await collect(run);
    const aCalls = callsOf(factory.models.get("a"));
    const parentFirst = aCalls[0];
    const forkCall = aCalls.find((c) => c.messages.at(-1)?.content.toString().includes("forked task"));
    const isolatedCall = callsOf(factory.models.get("b"))[0];

    expect(isolatedCall.messages.map((m) => [m.getType(), m.content])).toEqual([
      ["system", "You are agent b."],
      ["human", "isolated task"],
    ]);
    expect(forkCall).toBeDefined();
    const forkMsgs = forkCall?.messages ?? [];
    // Same system and same conversation, serialised byte for byte, then exactly one new user message.
    expect(forkMsgs).toHaveLength(parentFirst.messages.length + 1);
    expect(JSON.stringify(forkMsgs.slice(0, parentFirst.messages.length))).toBe(
      JSON.stringify(parentFirst.messages),
    );
    expect(forkMsgs.at(-1)).toBeInstanceOf(HumanMessage);
    expect(forkMsgs.at(-1)?.content).toBe(`${FORK_PREAMBLE}forked task`);
    // The trailing tool-calling AI message is not part of the fork.
    expect(forkMsgs.some((m) => m instanceof AIMessage && (m.tool_calls?.length ?? 0) > 0)).toBe(false);
  });

  it("keeps a child's internals out of the parent: exactly one ToolMessage with the child's final text", async () => {
    const factory = scriptedModelFactory((spec: ModelSpec) =>
      spec.agentId === "b"
        ? (ctx) =>
            hasToolResult(ctx)
              ? { text: `B final: ${ctx.lastText}` }
              : { toolCalls: [{ name: "calculator", args: { expression: "6*7" } }] }
        : delegatingParent([dispatch("b", "compute")]),
    );
    const run = await createRun({
      agents: [agent("a", { allowSelf: false, agent_ids: ["b"] })],
      agentLookup: { b: agent("b", undefined, { tools: ["calculator"] }) },
      messages: [user("go")],
      modelFactory: factory,
    });
    const events = await collect(run);
    const second = callsOf(factory.models.get("a"))[1];
    const tools = second.messages.filter((m) => m.getType() === "tool");
    expect(tools).toHaveLength(1);
    expect(tools[0]).toBeInstanceOf(ToolMessage);
    expect(tools[0].content).toBe("B final: 42");
    expect(second.messages.map((m) => m.getType())).toEqual(["system", "human", "ai", "tool"]);
    expect(JSON.stringify(second.messages)).not.toContain("6*7");
    // The child's tool call is in the trace, inside the child's span.
    const calc = events.find((e) => e.type === "tool_call_start" && e.name === "calculator");
    const start = events.find((e) => e.type === "subagent_start");
    expect(calc).toMatchObject({ spanId: start?.spanId, parentSpanId: ROOT_SPAN_ID, depth: 1, agentId: "b" });
    const tree = reduceEvents(events);
    const block = tree.content.find((n) => n.type === "subagent");
    expect(block).toMatchObject({ status: "completed", text: "B final: 42", agentId: "b" });
    expect(block?.type === "subagent" && block.content.map((n) => n.type)).toEqual(["tool_call", "text"]);
  });

  it("turns a failing child into an error text for the parent and goes on", async () => {
    const factory = scriptedModelFactory((spec: ModelSpec) =>
      spec.agentId === "b"
        ? [{ error: "boom" }]
        : delegatingParent([dispatch("b", "explode"), dispatch("self", "fine")]),
    );
    const run = await createRun({
      agents: [agent("a", { agent_ids: ["b"] })],
      agentLookup: { b: agent("b") },
      messages: [user("go")],
      modelFactory: (spec) =>
        spec.isSubagent && spec.agentId === "a"
          ? scriptedModelFactory({ a: [{ text: "fine done" }] })(spec)
          : factory(spec),
    });
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(events.find((e) => e.type === "subagent_error")).toMatchObject({ agentId: "b", message: "boom" });
    const parentSecond = callsOf(factory.models.get("a"))[1];
    expect(parentSecond.messages.filter((m) => m.getType() === "tool").map((m) => m.content)).toEqual([
      "Subagent Agent B failed: boom",
      "fine done",
    ]);
    const tree = reduceEvents(events);
    expect(
      tree.content.filter((n) => n.type === "subagent").map((n) => n.type === "subagent" && n.status),
    ).toEqual(["failed", "completed"]);
  });

  it("nests A→B→C at run time with spans linked to their parents", async () => {
    const factory = scriptedModelFactory((spec: ModelSpec) => {
      if (spec.agentId === "a") return delegatingParent([dispatch("b", "ask B", "call_ab")]);
      if (spec.agentId === "b") return delegatingParent([dispatch("c", "ask C", "call_bc")]);
      return [{ text: "C answer" }];
    });
    const run = await createRun({
      agents: [agent("a", { allowSelf: false, agent_ids: ["b"] })],
      agentLookup: { b: agent("b", { allowSelf: false, agent_ids: ["c"] }), c: agent("c") },
      messages: [user("go")],
      modelFactory: factory,
    });
    const events = await collect(run);
    const starts = events.filter((e) => e.type === "subagent_start");
    expect(starts.map((e) => [e.spanId, e.parentSpanId, e.depth, e.agentId, e.ancestry])).toEqual([
      ["call_ab", ROOT_SPAN_ID, 1, "b", ["a"]],
      ["call_bc", "call_ab", 2, "c", ["a", "b"]],
    ]);
    const tree = reduceEvents(events);
    const b = tree.content.find((n) => n.type === "subagent");
    const c = b?.type === "subagent" ? b.content.find((n) => n.type === "subagent") : undefined;
    expect(c).toMatchObject({ agentId: "c", text: "C answer", depth: 2 });
    expect(events.at(-1)).toMatchObject({ status: "completed" });
  });

  it("returns an error text for an unknown subagent_type and continues", async () => {
    const factory = scriptedModelFactory({ a: delegatingParent([dispatch("nope", "x")]) });
    const events = await collect(
      await createRun({ agents: [agent("a", {})], messages: [user("go")], modelFactory: factory }),
    );
    expect(events.find((e) => e.type === "tool_call_end")).toMatchObject({
      error: expect.stringContaining("Unknown subagent_type"),
    });
    expect(events.at(-1)).toMatchObject({ status: "completed" });
  });

  it("stops a root tool loop at the recursion limit (one graph step per model or tools node)", async () => {
    const factory = scriptedModelFactory(() => () => ({
      toolCalls: [{ name: "calculator", args: { expression: "1+1" } }],
    }));
    const run = await createRun({
      agents: [agent("a", undefined, { tools: ["calculator"] })],
      messages: [user("go")],
      modelFactory: factory,
      limits: { recursionLimit: 5 },
    });
    const events = await collect(run);
    // model, tools, model, tools, model = 5 steps; the next tools step is over the limit.
    expect(callsOf(factory.models.get("a"))).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ status: "failed", error: { code: "limit:recursion" } });
  });

  it.each([
    [2, 1, 1],
    [3, 2, 1],
    [4, 2, 2],
    [5, 3, 2],
  ])(
    "with recursionLimit %i, a root tool loop takes %i model and %i tools steps",
    async (limit, models, tools) => {
      const factory = scriptedModelFactory(() => () => ({
        toolCalls: [{ name: "calculator", args: { expression: "1+1" } }],
      }));
      const run = await createRun({
        agents: [agent("a", undefined, { tools: ["calculator"] })],
        messages: [user("go")],
        modelFactory: factory,
        limits: { recursionLimit: limit },
      });
      const events = await collect(run);
      expect(callsOf(factory.models.get("a"))).toHaveLength(models);
      expect(events.filter((e) => e.type === "tool_call_end")).toHaveLength(tools);
      expect(events.at(-1)).toMatchObject({ status: "failed", error: { code: "limit:recursion" } });
    },
  );

  it.each([
    [5, "failed"],
    [6, "completed"],
  ])(
    "with recursionLimit %i, a loop whose 5th step is its last model turn ends %s (LangGraph's rule)",
    async (limit, status) => {
      const factory = scriptedModelFactory(
        () => (ctx: ScriptContext) =>
          ctx.messages.filter((m) => m.getType() === "tool").length >= 2
            ? { text: "done" }
            : { toolCalls: [{ name: "calculator", args: { expression: "1+1" } }] },
      );
      const run = await createRun({
        agents: [agent("a", undefined, { tools: ["calculator"] })],
        messages: [user("go")],
        modelFactory: factory,
        limits: { recursionLimit: limit },
      });
      const events = await collect(run);
      expect(callsOf(factory.models.get("a"))).toHaveLength(3);
      expect(events.at(-1)).toMatchObject({ type: "run_end", status });
    },
  );

  it("limits a child to floor(recursionLimit / 3) model turns", async () => {
    const factory = scriptedModelFactory((spec: ModelSpec) =>
      spec.isSubagent
        ? () => ({ toolCalls: [{ name: "calculator", args: { expression: "1+1" } }] })
        : delegatingParent([dispatch("self", "loop forever")]),
    );
    const run = await createRun({
      agents: [agent("a", {}, { tools: ["calculator"] })],
      messages: [user("go")],
      modelFactory: factory,
      limits: { recursionLimit: 10 },
    });
    const events = await collect(run);
    const childCalls = callsOf(factory.models.get("a")).filter(
      (c) => c.messages[1]?.content === "loop forever",
    );
    expect(childCalls).toHaveLength(3);
    expect(events.find((e) => e.type === "subagent_error")).toMatchObject({ code: "limit:recursion" });
    expect(events.at(-1)).toMatchObject({ status: "completed" });
  });
});

describe("AgentRun.consume: events handed to the host as they are emitted", () => {
  const factory = () =>
    scriptedModelFactory((spec: ModelSpec) =>
      spec.isSubagent
        ? () => ({ text: "child done" })
        : delegatingParent([dispatch("self", "t1"), dispatch("self", "t2")]),
    );
  const start = () =>
    createRun({ agents: [agent("a", {})], messages: [user("go")], modelFactory: factory() });

  it("hands over the same events, in the same order, as stream(), and resolves with the result", async () => {
    const streamed = await collect(await start());
    const handed: RunEvent[] = [];
    const result = await (await start()).consume((e) => handed.push(e));
    // Times, run ids and the scripted model's call ids differ from run to run.
    const shape = (events: RunEvent[]) =>
      JSON.parse(
        JSON.stringify(events.map(({ ts: _ts, t: _t, ...rest }) => rest))
          .replace(/"startT":\d+/g, '"startT":0')
          .replace(/scripted-\d+/g, "scripted")
          .replace(/"runId":"[^"]+"/g, '"runId":"r"')
          .replace(/"durationMs":\d+/g, '"durationMs":0'),
      );
    expect(shape(handed)).toEqual(shape(streamed));
    expect(handed.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(result).toMatchObject({ status: "completed", text: expect.stringContaining("parent got") });
  });

  it("delivers each event synchronously, inside emit (before the engine goes on)", async () => {
    const run = await start();
    let inHandler = false;
    const order: string[] = [];
    const done = run.consume((e) => {
      expect(inHandler).toBe(false);
      inHandler = true;
      order.push(e.type);
      inHandler = false;
    });
    // run_start is emitted on the first step of the run, before consume returns control.
    expect(order[0]).toBe("run_start");
    await done;
    expect(order.at(-1)).toBe("run_end");
  });

  it("goes on when the handler throws, logging each failure; a run is consumed once", async () => {
    const logged: unknown[] = [];
    const run = await createRun({
      agents: [agent("a", {})],
      messages: [user("go")],
      modelFactory: factory(),
      logger: { info: () => {}, warn: () => {}, error: (e: unknown) => logged.push(e) },
    });
    let seen = 0;
    const result = await run.consume(() => {
      seen++;
      throw new Error("host bug");
    });
    expect(result.status).toBe("completed");
    expect(logged).toHaveLength(seen);
    expect(logged[0]).toMatchObject({ event: "run_event_handler_failed", message: "host bug" });
    expect(() => run.consume(() => {})).toThrow(/only once/);
  });
});

describe("createRun: limits, abort and hooks", () => {
  it("rejects before any model call when the tree is deeper than the limit", async () => {
    let created = 0;
    const lookup = { b: agent("b", { allowSelf: false, agent_ids: ["c"] }), c: agent("c", {}) };
    await expect(
      createRun({
        agents: [agent("a", { allowSelf: false, agent_ids: ["b"] })],
        agentLookup: lookup,
        messages: [user("go")],
        limits: { maxSubagentDepth: 2 },
        logger: { info() {}, warn() {}, error() {} },
        modelFactory: (spec) => {
          created++;
          return scriptedModelFactory({ [spec.agentId]: [{ text: "x" }] })(spec);
        },
      }),
    ).rejects.toMatchObject({ code: "limit:subagent_depth" });
    expect(created).toBe(0);
  });

  it("stops the run and every running descendant on abort", async () => {
    const controller = new AbortController();
    const factory = scriptedModelFactory((spec: ModelSpec) => {
      if (spec.agentId === "a")
        return delegatingParent([dispatch("b", "slow 1"), dispatch("self", "slow 2")]);
      if (spec.agentId === "b") return delegatingParent([dispatch("c", "slower")]);
      return [{ text: "never", delayMs: 10_000 }];
    });
    const selfSlow = scriptedModelFactory({ a: [{ text: "never", delayMs: 10_000 }] });
    const run = await createRun({
      agents: [agent("a", { agent_ids: ["b"] })],
      agentLookup: { b: agent("b", { allowSelf: false, agent_ids: ["c"] }), c: agent("c") },
      messages: [user("go")],
      signal: controller.signal,
      modelFactory: (spec) => (spec.agentId === "a" && spec.isSubagent ? selfSlow(spec) : factory(spec)),
    });
    const events: RunEvent[] = [];
    const started = Date.now();
    for await (const e of run.stream()) {
      events.push(e);
      if (e.type === "subagent_start" && e.agentId === "c") setTimeout(() => controller.abort(), 20);
    }
    expect(Date.now() - started).toBeLessThan(2000);
    expect(events.at(-1)).toMatchObject({
      type: "run_end",
      status: "stopped",
      error: { code: "stopped:run" },
    });
    expect(events.some((e) => e.type === "subagent_stop" || e.type === "subagent_error")).toBe(false);
    // Both slow model calls started and none finished.
    const c = callsOf(factory.models.get("c"));
    const self = callsOf(selfSlow.models.get("a"));
    expect(c).toHaveLength(1);
    expect(self).toHaveLength(1);
    expect([...c, ...self].every((call) => call.end === call.start)).toBe(true);
    const tree = reduceEvents(events);
    expect(tree.status).toBe("stopped");
    const blocks = tree.content.filter((n) => n.type === "subagent");
    expect(blocks.map((b) => b.type === "subagent" && b.status)).toEqual(["stopped", "stopped"]);
  });

  it("stops immediately when the signal is already aborted", async () => {
    const factory = scriptedModelFactory({ a: [{ text: "x" }] });
    const run = await createRun({
      agents: [agent("a")],
      messages: [user("go")],
      modelFactory: factory,
      signal: AbortSignal.abort(),
    });
    const events = await collect(run);
    expect(events.map((e) => e.type)).toEqual(["run_start", "run_end"]);
    expect(events[1]).toMatchObject({ status: "stopped" });
  });

  it("fails the run with the hook's error code when onModelCallEnd throws (e.g. quota)", async () => {
    class QuotaError extends Error {
      code = "rate_limit:quota";
      // As the app's refusals carry it: the catalog message the chat words in the reader's language.
      text = { key: "limit.balance_mid_run", values: { when: { key: "limit.balance_ask_admin" } } };
    }
    const seen: string[] = [];
    const factory = scriptedModelFactory((spec: ModelSpec) =>
      spec.isSubagent
        ? [{ text: "child", delayMs: 5 }]
        : delegatingParent([dispatch("self", "a"), dispatch("self", "b")]),
    );
    const run = await createRun({
      agents: [agent("a", {})],
      messages: [user("go")],
      modelFactory: factory,
      onModelCallEnd: async (info) => {
        seen.push(`${info.agentId}@${info.depth}`);
        if (info.depth === 1) throw new QuotaError("Token balance exhausted");
      },
    });
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({
      type: "run_end",
      status: "failed",
      error: {
        code: "rate_limit:quota",
        message: "Token balance exhausted",
        text: { key: "limit.balance_mid_run", values: { when: { key: "limit.balance_ask_admin" } } },
      },
    });
    expect(seen[0]).toBe("a@0");
    // The parent never got a second turn.
    expect(
      callsOf(factory.models.get("a")).filter((c) => c.messages.some((m) => m.getType() === "tool")),
    ).toHaveLength(0);
  });

  it("reports every model call of the tree to onModelCallEnd with span, depth and agent", async () => {
    const seen: { agentId: string; depth: number; spanId: string; parentSpanId: string | null }[] = [];
    const factory = scriptedModelFactory((spec: ModelSpec) =>
      spec.isSubagent ? [{ text: "child" }] : delegatingParent([dispatch("self", "a", "call_x")]),
    );
    const run = await createRun({
      agents: [agent("a", {})],
      messages: [user("go")],
      modelFactory: factory,
      onModelCallEnd: ({ agentId, depth, spanId, parentSpanId }) => {
        seen.push({ agentId, depth, spanId, parentSpanId });
      },
    });
    await run.result();
    expect(seen).toEqual([
      { agentId: "a", depth: 0, spanId: ROOT_SPAN_ID, parentSpanId: null },
      { agentId: "a", depth: 1, spanId: "call_x", parentSpanId: ROOT_SPAN_ID },
      { agentId: "a", depth: 0, spanId: ROOT_SPAN_ID, parentSpanId: null },
    ]);
  });
});

describe("createRun: multi-agent and summarization", () => {
  it("routes a handoff edge through transfer_to_<agent> in a multi-agent graph", async () => {
    const factory = scriptedModelFactory({
      a: [{ toolCalls: [{ name: "transfer_to_b", args: {} }] }],
      b: [{ text: "B takes over" }],
    });
    const run = await createRun({
      agents: [agent("a", undefined, { edges: [{ from: "a", to: "b", type: "handoff" }] })],
      agentLookup: { b: agent("b") },
      messages: [user("go")],
      modelFactory: factory,
    });
    expect(run.graphType).toBe("multi-agent");
    const events = await collect(run);
    expect(callsOf(factory.models.get("a"))[0].toolNames).toEqual(["transfer_to_b"]);
    expect(events.find((e) => e.type === "handoff")).toMatchObject({ fromAgentId: "a", toAgentId: "b" });
    expect((await Promise.resolve(reduceEvents(events))).content.at(-1)).toMatchObject({
      type: "text",
      agentId: "b",
      text: "B takes over",
    });
    const bCall = callsOf(factory.models.get("b"))[0];
    expect(bCall.messages[0].content).toBe("You are agent b.");
    expect(bCall.messages.at(-1)?.getType()).toBe("tool");
  });

  it("summarizes older messages past the trigger, and a child never inherits the summary", async () => {
    const summarizer: string[] = [];
    const chat = scriptedModelFactory((spec: ModelSpec) =>
      spec.isSubagent ? [{ text: "child ok" }] : delegatingParent([dispatch("self", "sub task")]),
    );
    const history = Array.from({ length: 10 }, (_, i) =>
      i % 2 ? { role: "assistant" as const, content: `a${i}` } : user(`u${i}`),
    );
    const run = await createRun({
      agents: [agent("a", {}, { summarization: { trigger: { type: "messages", value: 4 } } })],
      messages: history,
      modelFactory: (spec) =>
        spec.purpose === "summarize"
          ? scriptedModelFactory({
              a: (ctx) => {
                summarizer.push(ctx.lastText);
                return { text: "SUMMARY" };
              },
            })(spec)
          : chat(spec),
    });
    const events = await collect(run);
    expect(events.find((e) => e.type === "summary")).toMatchObject({
      text: "SUMMARY",
      summarizedMessages: 8,
    });
    expect(summarizer[0]).toContain("human: u0");
    expect(summarizer[0]).not.toContain("u8");
    const calls = callsOf(chat.models.get("a"));
    const rootFirst = calls[0];
    expect(rootFirst.messages[0].content).toContain("Summary of the earlier conversation:\nSUMMARY");
    expect(rootFirst.messages.slice(1).map((m) => m.content)).toEqual(["u8", "a9"]);
    const child = calls.find((c) => c.messages.at(-1)?.content === "sub task");
    expect(child?.messages[0].content).toBe("You are agent a.");
  });
});
