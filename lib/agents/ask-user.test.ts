import { describe, expect, it } from "vitest";
import type { ApprovalDecision, ApprovalHooks, ApprovalRequest } from "./approval";
import type { RunEvent } from "./events";
import type { RunSnapshot } from "./graph/journal";
import { createRun } from "./run";
import { agent, collect } from "./testing/fixtures";
import { type ScriptContext, scriptedModelFactory } from "./testing/scripted-model";
import { applyEvent, emptyTree, type TraceNode } from "./trace";

const user = (content: string) => ({ role: "user" as const, content });
const toolText = (ctx: ScriptContext) =>
  ctx.messages
    .filter((m) => m.getType() === "tool")
    .map((m) => m.content)
    .join(" | ");
const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");
const question = { question: "Which colour?", choices: ["red", "blue"] };

/** a → b → c (depth 2); c asks the user, each parent quotes its child. */
function team(cTools: string[] = ["ask_user"]) {
  const factory = () =>
    scriptedModelFactory({
      a: (ctx) =>
        hasToolResult(ctx)
          ? { text: `a: ${toolText(ctx)}` }
          : { toolCalls: [{ name: "subagent", args: { subagent_type: "b", description: "go" } }] },
      b: (ctx) =>
        hasToolResult(ctx)
          ? { text: `b: ${toolText(ctx)}` }
          : { toolCalls: [{ name: "subagent", args: { subagent_type: "c", description: "go" } }] },
      c: (ctx) =>
        hasToolResult(ctx)
          ? { text: `c: ${toolText(ctx)}` }
          : { toolCalls: [{ name: "ask_user", args: question }] },
    });
  return {
    a: agent("a", { agent_ids: ["b"], allowSelf: false }),
    lookup: {
      b: agent("b", { agent_ids: ["c"], allowSelf: false }),
      c: agent("c", undefined, { tools: cTools }),
    },
    factory,
  };
}

/** Hooks that never decide by themselves and report the snapshot each time the run rests. */
function hooks(decided = new Map<string, ApprovalDecision>()) {
  let onRest: ((s: RunSnapshot) => void) | undefined;
  const requests: ApprovalRequest[] = [];
  const h: ApprovalHooks = {
    request: (req) => {
      requests.push(req);
      const d = decided.get(req.approvalId);
      return d ? Promise.resolve(d) : new Promise<ApprovalDecision>(() => {});
    },
    onIdle: (snapshot) => onRest?.(snapshot),
  };
  const rest = new Promise<RunSnapshot>((r) => {
    onRest = r;
  });
  return { hooks: h, rest, requests };
}

function deepest(content: TraceNode[]): TraceNode[] {
  const child = content.find((n) => n.type === "subagent");
  return child?.type === "subagent" ? deepest(child.content) : content;
}

describe("ask_user", () => {
  it("pauses at depth 2 like an approval; resumed with the answer, that answer is the tool's result", async () => {
    const { a, lookup, factory } = team();
    const first = hooks();
    const run = await createRun({
      agents: [a],
      agentLookup: lookup,
      messages: [user("go")],
      modelFactory: factory(),
      approvals: first.hooks,
    });
    const before: RunEvent[] = [];
    const done = (async () => {
      for await (const e of run.stream()) before.push(e);
    })();
    const snapshot = await first.rest;
    run.suspend();
    await done;
    expect((await run.result()).status).toBe("paused");
    const [req] = Object.values(snapshot.pending);
    expect(req).toMatchObject({ name: "ask_user", args: question, depth: 2, agentId: "c" });
    expect(before.find((e) => e.type === "tool_approval")).toMatchObject({
      depth: 2,
      name: "ask_user",
      approval: { status: "pending" },
    });

    // Resumed elsewhere from the stored JSON, with the user's answer.
    const stored = JSON.parse(JSON.stringify(snapshot)) as RunSnapshot;
    const second = hooks(new Map([[req.approvalId, { decision: "answer", answer: "blue" }]]));
    const resumed = await createRun({
      agents: [a],
      agentLookup: lookup,
      messages: [user("go")],
      modelFactory: factory(),
      approvals: second.hooks,
      resume: stored,
    });
    const after = await collect(resumed);
    expect(after.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const tree = emptyTree();
    for (const e of [...before, ...after]) applyEvent(tree, e);
    const ask = deepest(tree.content).find((n) => n.type === "tool_call");
    expect(ask).toMatchObject({
      name: "ask_user",
      status: "completed",
      result: "blue",
      approval: { id: req.approvalId, status: "answered", answer: "blue" },
    });
    expect(JSON.stringify(tree.content)).toContain("a: b: c: blue");
  });

  it("is off by default, and refuses a question without text", async () => {
    const off = team([]);
    const events = await collect(
      await createRun({
        agents: [off.a],
        agentLookup: off.lookup,
        messages: [user("go")],
        modelFactory: off.factory(),
        approvals: hooks().hooks,
      }),
    );
    expect(events.some((e) => e.type === "tool_approval")).toBe(false);
    expect(events.find((e) => e.type === "tool_call_end" && e.name === "ask_user")).toMatchObject({
      error: 'Tool "ask_user" is not available to this agent',
    });

    const bad = team();
    const asked = hooks();
    const factory = scriptedModelFactory({
      a: (ctx) =>
        hasToolResult(ctx) ? { text: "ok" } : { toolCalls: [{ name: "ask_user", args: { question: " " } }] },
    });
    const out = await collect(
      await createRun({
        agents: [agent("a", undefined, { tools: ["ask_user"] })],
        agentLookup: bad.lookup,
        messages: [user("go")],
        modelFactory: factory,
        approvals: asked.hooks,
      }),
    );
    expect(asked.requests).toEqual([]);
    expect(out.find((e) => e.type === "tool_call_end")).toMatchObject({ error: expect.any(String) });
    expect(out.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
  });
});
