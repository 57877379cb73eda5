import { describe, expect, it } from "vitest";
import { ROOT_SPAN_ID, type RunEvent } from "./events";
import { createRun } from "./run";
import { agent, collect } from "./testing/fixtures";
import { type ScriptContext, scriptedModelFactory } from "./testing/scripted-model";
import { reduceEvents, type SubagentNode } from "./trace";

const user = (content: string) => ({ role: "user" as const, content });
const toolResults = (ctx: ScriptContext) => ctx.messages.filter((m) => m.getType() === "tool").length;
const todos = (...items: [string, string][]) => ({
  name: "write_todos",
  args: { todos: items.map(([content, status]) => ({ content, status })) },
});

describe("write_todos", () => {
  it("emits the whole list per call; the tree keeps the latest one on the agent's node", async () => {
    const factory = scriptedModelFactory({
      a: (ctx) =>
        [
          { toolCalls: [todos(["one", "in_progress"], ["two", "pending"])] },
          { toolCalls: [{ name: "subagent", args: { subagent_type: "b", description: "do two" } }] },
          { toolCalls: [todos(["one", "done"], ["two", "done"])] },
          { text: "finished" },
        ][toolResults(ctx)],
      b: (ctx) => (toolResults(ctx) ? { text: "two done" } : { toolCalls: [todos(["child step", "done"])] }),
    });
    const run = await createRun({
      agents: [agent("a", { agent_ids: ["b"], allowSelf: false }, { tools: ["write_todos"] })],
      agentLookup: { b: agent("b", undefined, { tools: ["write_todos"] }) },
      messages: [user("plan it")],
      modelFactory: factory,
    });
    const events = await collect(run);
    const lists = events.filter((e): e is Extract<RunEvent, { type: "todos" }> => e.type === "todos");
    expect(lists.map((e) => [e.spanId, e.depth, e.todos.map((t) => t.status)])).toEqual([
      [ROOT_SPAN_ID, 0, ["in_progress", "pending"]],
      [expect.not.stringMatching(ROOT_SPAN_ID), 1, ["done"]],
      [ROOT_SPAN_ID, 0, ["done", "done"]],
    ]);
    const tree = reduceEvents(events);
    expect(tree.status).toBe("completed");
    expect(tree.todos).toEqual([
      { content: "one", status: "done" },
      { content: "two", status: "done" },
    ]);
    const child = tree.content.find((n): n is SubagentNode => n.type === "subagent");
    expect(child?.todos).toEqual([{ content: "child step", status: "done" }]);
    // Stored as JSON and read back: the same lists.
    expect(reduceEvents(JSON.parse(JSON.stringify(events)))).toEqual(tree);
    // The model reads its list back as the tool's result.
    const end = events.find((e) => e.type === "tool_call_end" && e.name === "write_todos");
    expect(end).toMatchObject({ result: "Todo list updated:\n1. [in_progress] one\n2. [pending] two" });
  });

  it("rejects a bad list as a tool error, without an event", async () => {
    const factory = scriptedModelFactory({
      a: (ctx) =>
        toolResults(ctx)
          ? { text: "ok" }
          : { toolCalls: [{ name: "write_todos", args: { todos: [{ content: "x", status: "maybe" }] } }] },
    });
    const events = await collect(
      await createRun({
        agents: [agent("a", undefined, { tools: ["write_todos"] })],
        messages: [user("q")],
        modelFactory: factory,
      }),
    );
    expect(events.some((e) => e.type === "todos")).toBe(false);
    expect(events.find((e) => e.type === "tool_call_end")).toMatchObject({ error: expect.any(String) });
    expect(reduceEvents(events).todos).toBeUndefined();
  });

  it("is off by default: an agent without it cannot write a list", async () => {
    const factory = scriptedModelFactory({
      a: (ctx) => (toolResults(ctx) ? { text: "ok" } : { toolCalls: [todos(["x", "pending"])] }),
    });
    const events = await collect(
      await createRun({ agents: [agent("a")], messages: [user("q")], modelFactory: factory }),
    );
    expect(events.some((e) => e.type === "todos")).toBe(false);
    expect(events.find((e) => e.type === "tool_call_end")).toMatchObject({
      error: 'Tool "write_todos" is not available to this agent',
    });
  });
});
