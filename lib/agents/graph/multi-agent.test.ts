// The multi-agent graph (several root agents): a chain answers one agent after another, handoff
// edges route the conversation through transfer_to_<agent>; the recursion limit counts every agent
// turn and tools round as one step, as in the single agent loop.
import { describe, expect, it } from "vitest";
import { createRun } from "../run";
import { agent, collect } from "../testing/fixtures";
import {
  type ScriptContext,
  type ScriptedChatModel,
  type ScriptedTurn,
  scriptedModelFactory,
} from "../testing/scripted-model";
import { reduceEvents } from "../trace";
import { multiAgentGraph } from "./multi-agent";

const user = (content: string) => ({ role: "user" as const, content });
const calc = (expression: string) => ({ name: "calculator", args: { expression } });

/** A script that notes in `log` that agent `id` was called, then answers with `turn`. */
function noted(log: string[], id: string, turn: (ctx: ScriptContext) => ScriptedTurn) {
  return (ctx: ScriptContext) => {
    log.push(id);
    return turn(ctx);
  };
}

function callsOf(models: ScriptedChatModel[] | undefined) {
  return (models ?? []).flatMap((m) => m.calls).filter((c, i, all) => all.indexOf(c) === i);
}

describe("multi-agent graph", () => {
  it("answers a chain of agents in order, each seeing the answers before it", async () => {
    const log: string[] = [];
    const factory = scriptedModelFactory({
      a: noted(log, "a", () => ({ text: "A says" })),
      b: noted(log, "b", () => ({ text: "B says" })),
      c: noted(log, "c", () => ({ text: "C says" })),
    });
    const run = await createRun({
      agents: [agent("a"), agent("b"), agent("c")],
      messages: [user("go")],
      modelFactory: factory,
    });
    expect(run.graphType).toBe("multi-agent");
    const events = await collect(run);
    expect(log).toEqual(["a", "b", "c"]);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const cCall = callsOf(factory.models.get("c"))[0];
    expect(cCall.messages.map((m) => m.content)).toEqual(["You are agent c.", "go", "A says", "B says"]);
  });

  it("lets a chain agent finish its tool calls before the next agent answers", async () => {
    const log: string[] = [];
    const factory = scriptedModelFactory({
      a: (ctx) => {
        log.push("a");
        return ctx.messages.some((m) => m.getType() === "tool")
          ? { text: "A: 4" }
          : { toolCalls: [calc("2+2")] };
      },
      b: noted(log, "b", () => ({ text: "B done" })),
    });
    const run = await createRun({
      agents: [agent("a", undefined, { tools: ["calculator"] }), agent("b")],
      messages: [user("go")],
      modelFactory: factory,
    });
    const events = await collect(run);
    expect(log).toEqual(["a", "a", "b"]);
    expect(reduceEvents(events).content.filter((p) => p.type === "text")).toMatchObject([
      { agentId: "a", text: "A: 4" },
      { agentId: "b", text: "B done" },
    ]);
  });

  it("hands the conversation over and back through transfer tools", async () => {
    const log: string[] = [];
    const factory = scriptedModelFactory({
      a: (ctx) => {
        log.push("a");
        const back = ctx.messages.filter((m) => m.getType() === "tool").length >= 2;
        return back ? { text: "A again" } : { toolCalls: [{ name: "transfer_to_b", args: {} }] };
      },
      b: noted(log, "b", () => ({ toolCalls: [{ name: "transfer_to_a", args: {} }] })),
    });
    const run = await createRun({
      agents: [
        agent("a", undefined, { edges: [{ from: "a", to: "b", type: "handoff" }] }),
        agent("b", undefined, { edges: [{ from: "b", to: "a", type: "handoff" }] }),
      ],
      messages: [user("go")],
      modelFactory: factory,
    });
    const events = await collect(run);
    expect(log).toEqual(["a", "b", "a"]);
    expect(events.filter((e) => e.type === "handoff")).toMatchObject([
      { fromAgentId: "a", toAgentId: "b" },
      { fromAgentId: "b", toAgentId: "a" },
    ]);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(reduceEvents(events).content.at(-1)).toMatchObject({
      type: "text",
      agentId: "a",
      text: "A again",
    });
  });

  it.each([
    [4, ["a", "b"]],
    [5, ["a", "b", "a"]],
    [7, ["a", "b", "a", "b"]],
  ])(
    "with recursionLimit %i, agents handing over forever make the model calls %j, then fail",
    async (limit, calls) => {
      const log: string[] = [];
      const factory = scriptedModelFactory({
        a: noted(log, "a", () => ({ toolCalls: [{ name: "transfer_to_b", args: {} }] })),
        b: noted(log, "b", () => ({ toolCalls: [{ name: "transfer_to_a", args: {} }] })),
      });
      const run = await createRun({
        agents: [
          agent("a", undefined, { edges: [{ from: "a", to: "b", type: "handoff" }] }),
          agent("b", undefined, { edges: [{ from: "b", to: "a", type: "handoff" }] }),
        ],
        messages: [user("go")],
        modelFactory: factory,
        limits: { recursionLimit: limit },
      });
      const events = await collect(run);
      expect(log).toEqual(calls);
      expect(events.at(-1)).toMatchObject({ status: "failed", error: { code: "limit:recursion" } });
    },
  );

  it("routes with Command, as the single agent loop does: no conditional edges", () => {
    for (const chain of [true, false]) {
      // The compiled graph's builder (public in LangGraph; the app's type only names `invoke`).
      const { builder } = multiAgentGraph(3, chain) as unknown as {
        builder: { branches: object; nodes: object };
      };
      expect(Object.keys(builder.nodes)).toEqual(["agent_0", "agent_1", "agent_2", "tools"]);
      expect(Object.keys(builder.branches)).toEqual([]);
    }
  });
});
