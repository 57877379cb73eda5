import { describe, expect, it } from "vitest";
import type { ApprovalDecision, ApprovalHooks, ApprovalRequest } from "./approval";
import type { RunEvent } from "./events";
import type { RunSnapshot } from "./graph/journal";
import { createRun } from "./run";
import { agent, collect } from "./testing/fixtures";
import { type ScriptContext, scriptedModelFactory } from "./testing/scripted-model";
import { applyEvent, emptyTree, reduceEvents, rootText } from "./trace";
import type { RegistryTool, RunAgent } from "./types";

const user = (content: string) => ({ role: "user" as const, content });
const toolText = (ctx: ScriptContext) =>
  ctx.messages
    .filter((m) => m.getType() === "tool")
    .map((m) => m.content)
    .join(" | ");
const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");

/** A tool that records what it ran with. */
function wipeTool() {
  const calls: unknown[] = [];
  const tool: RegistryTool = {
    name: "wipe",
    description: "Wipes a target",
    parameters: { type: "object", properties: { target: { type: "string" } } },
    execute: (args) => {
      calls.push(args);
      return `wiped ${(args as { target: string }).target}`;
    },
  };
  return { tool, calls };
}

/** a → b → c (depth 2); c calls `wipe`, which asks before running; each parent quotes its child. */
function team(targets: string[] = ["x"]) {
  const a = agent("a", { agent_ids: ["b"], allowSelf: false });
  const b = agent("b", { agent_ids: ["c"], allowSelf: false });
  const c = agent("c", undefined, { tools: ["wipe"], askTools: ["wipe"] });
  const factory = () =>
    scriptedModelFactory({
      a: (ctx) =>
        hasToolResult(ctx)
          ? { text: `a: ${toolText(ctx)}` }
          : {
              toolCalls: targets.map((t) => ({
                name: "subagent",
                args: { subagent_type: "b", description: t },
              })),
            },
      b: (ctx) =>
        hasToolResult(ctx)
          ? { text: `b: ${toolText(ctx)}` }
          : { toolCalls: [{ name: "subagent", args: { subagent_type: "c", description: ctx.lastText } }] },
      c: (ctx) =>
        hasToolResult(ctx)
          ? { text: `c: ${toolText(ctx)}` }
          : { toolCalls: [{ name: "wipe", args: { target: ctx.lastText } }] },
    });
  const lookup: Record<string, RunAgent> = { b, c };
  return { a, lookup, factory };
}

/** Hooks whose decisions the test gives by approval id, and that report each time the run rests. */
function manualHooks() {
  const waiting = new Map<string, { req: ApprovalRequest; decide: (d: ApprovalDecision) => void }>();
  const decided = new Map<string, ApprovalDecision>();
  let restListeners: ((s: RunSnapshot) => void)[] = [];
  const hooks: ApprovalHooks = {
    request: (req) =>
      decided.has(req.approvalId)
        ? Promise.resolve(decided.get(req.approvalId) as ApprovalDecision)
        : new Promise((decide) => waiting.set(req.approvalId, { req, decide })),
    onIdle: (snapshot) => {
      const ls = restListeners;
      restListeners = [];
      for (const l of ls) l(snapshot);
    },
  };
  const rest = () => new Promise<RunSnapshot>((r) => restListeners.push(r));
  const decide = (id: string, d: ApprovalDecision) => {
    decided.set(id, d);
    waiting.get(id)?.decide(d);
    waiting.delete(id);
  };
  return { hooks, rest, decide, waiting };
}

async function drain(run: Awaited<ReturnType<typeof createRun>>, into: RunEvent[]) {
  for await (const e of run.stream()) into.push(e);
}

describe("approval of tool calls", () => {
  it("holds a depth-2 call until it is approved, then runs the tool and completes", async () => {
    const { a, lookup, factory } = team();
    const { tool, calls } = wipeTool();
    const { hooks, rest, decide } = manualHooks();
    const run = await createRun({
      agents: [a],
      agentLookup: lookup,
      tools: [tool],
      messages: [user("go")],
      modelFactory: factory(),
      approvals: hooks,
    });
    const events: RunEvent[] = [];
    const done = drain(run, events);
    const snapshot = await rest();
    const pending = Object.values(snapshot.pending);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ name: "wipe", args: { target: "x" }, depth: 2, agentId: "c" });
    expect(calls).toEqual([]);
    const ask = events.find((e) => e.type === "tool_approval");
    expect(ask).toMatchObject({ depth: 2, approval: { id: pending[0].approvalId, status: "pending" } });
    decide(pending[0].approvalId, { decision: "approve" });
    await done;
    expect(calls).toEqual([{ target: "x" }]);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const tree = reduceEvents(events);
    const b = tree.content.find((n) => n.type === "subagent");
    const c = b?.type === "subagent" ? b.content.find((n) => n.type === "subagent") : undefined;
    const wipe = c?.type === "subagent" ? c.content.find((n) => n.type === "tool_call") : undefined;
    expect(wipe).toMatchObject({ status: "completed", result: "wiped x", approval: { status: "approved" } });
  });

  it("tells the model a denied call was denied, with the reason, and the run goes on", async () => {
    const { a, lookup, factory } = team();
    const { tool, calls } = wipeTool();
    const { hooks, rest, decide } = manualHooks();
    const models = factory();
    const run = await createRun({
      agents: [a],
      agentLookup: lookup,
      tools: [tool],
      messages: [user("go")],
      modelFactory: models,
      approvals: hooks,
    });
    const events: RunEvent[] = [];
    const done = drain(run, events);
    const [req] = Object.values((await rest()).pending);
    decide(req.approvalId, { decision: "deny", reason: "too risky" });
    await done;
    expect(calls).toEqual([]);
    const text = reduceEvents(events).content.filter((n) => n.type === "text");
    expect(JSON.stringify(text)).toContain("denied by the user: too risky");
    expect(events.findLast((e) => e.type === "tool_approval")).toMatchObject({
      approval: { status: "denied", reason: "too risky" },
    });
  });

  it("runs the tool with edited arguments", async () => {
    const { a, lookup, factory } = team();
    const { tool, calls } = wipeTool();
    const { hooks, rest, decide } = manualHooks();
    const run = await createRun({
      agents: [a],
      agentLookup: lookup,
      tools: [tool],
      messages: [user("go")],
      modelFactory: factory(),
      approvals: hooks,
    });
    const events: RunEvent[] = [];
    const done = drain(run, events);
    const [req] = Object.values((await rest()).pending);
    decide(req.approvalId, { decision: "edit", args: { target: "only-tmp" } });
    await done;
    expect(calls).toEqual([{ target: "only-tmp" }]);
    expect(reduceEvents(events).status).toBe("completed");
    // The model is told its call was changed, and to what, before the result.
    const told =
      'The user changed the arguments of this call before it ran; it ran with {"target":"only-tmp"}. Result: wiped only-tmp';
    expect(events.find((e) => e.type === "tool_call_end" && e.name === "wipe")).toMatchObject({
      result: told,
    });
    expect(rootText(reduceEvents(events))).toContain(`c: ${told}`);
  });

  it("keeps where a tool's structured content begins, in the trace, approved or edited", async () => {
    const tree = async (d: ApprovalDecision) => {
      const { a, lookup, factory } = team();
      const { tool } = wipeTool();
      const structured: RegistryTool = {
        ...tool,
        execute: (args) => {
          const head = `wiped ${(args as { target: string }).target}`;
          return { text: `${head}\n\n{"wiped":true}`, structuredAt: head.length + 2 };
        },
      };
      const { hooks, rest, decide } = manualHooks();
      const run = await createRun({
        agents: [a],
        agentLookup: lookup,
        tools: [structured],
        messages: [user("go")],
        modelFactory: factory(),
        approvals: hooks,
      });
      const events: RunEvent[] = [];
      const done = drain(run, events);
      const [req] = Object.values((await rest()).pending);
      decide(req.approvalId, d);
      await done;
      const end = events.find((e) => e.type === "tool_call_end" && e.name === "wipe");
      if (end?.type !== "tool_call_end") throw new Error("no end");
      return end;
    };
    const approved = await tree({ decision: "approve" });
    expect(approved.result.slice(0, approved.structuredAt)).toBe("wiped x\n\n");
    expect(approved.result.slice(approved.structuredAt)).toBe('{"wiped":true}');
    // The note about the edit goes first: the structured content moves with it.
    const edited = await tree({ decision: "edit", args: { target: "y" } });
    expect(edited.result).toMatch(/^The user changed the arguments/);
    expect(edited.result.slice(edited.structuredAt)).toBe('{"wiped":true}');
  });

  it("suspends while waiting and resumes from the JSON snapshot without repeating any model call", async () => {
    const { a, lookup, factory } = team();
    const { tool, calls } = wipeTool();
    const first = manualHooks();
    const before: RunEvent[] = [];
    const run = await createRun({
      agents: [a],
      agentLookup: lookup,
      tools: [tool],
      messages: [user("go")],
      modelFactory: factory(),
      approvals: first.hooks,
    });
    const done = drain(run, before);
    const snapshot = await first.rest();
    run.suspend();
    await done;
    expect((await run.result()).status).toBe("paused");
    expect(before.some((e) => e.type === "run_end")).toBe(false);

    // A new process: only the stored JSON and the same agents.
    const stored = JSON.parse(JSON.stringify(snapshot)) as RunSnapshot;
    const [req] = Object.values(stored.pending);
    const second = manualHooks();
    second.decide(req.approvalId, { decision: "approve" });
    const models = factory();
    const resumed = await createRun({
      agents: [a],
      agentLookup: lookup,
      tools: [tool],
      messages: [user("go")],
      modelFactory: models,
      approvals: second.hooks,
      resume: stored,
    });
    expect(resumed.id).toBe(run.id);
    const after = await collect(resumed);
    expect(after[0]).toMatchObject({
      type: "tool_approval",
      approval: { id: req.approvalId, status: "approved" },
    });
    expect(after.some((e) => e.type === "run_start" || e.type === "subagent_start")).toBe(false);
    expect(calls).toEqual([{ target: "x" }]);
    // Only the turns after the pause reach the models: c, b and a answer once each.
    const turns = [...models.models.values()].flat().flatMap((m) => m.calls);
    expect(new Set(turns).size).toBe(3);
    // The stored tree continued with the new events equals one uninterrupted run's.
    const tree = emptyTree();
    for (const e of before) applyEvent(tree, e);
    const continued = reduceEvents([]);
    Object.assign(continued, JSON.parse(JSON.stringify(tree)));
    for (const e of after) applyEvent(continued, e);
    expect(continued.status).toBe("completed");
    expect(JSON.stringify(continued.content)).toContain("a: b: c: wiped x");
    // One time axis across the pause: the snapshot carries it, offsets after it never go back.
    expect(stored.clock?.elapsedMs).toBeGreaterThanOrEqual(0);
    const offsets = [...before, ...after].map((e) => e.t as number);
    expect(offsets.every((t) => Number.isFinite(t))).toBe(true);
    for (let i = 1; i < offsets.length; i++) expect(offsets[i]).toBeGreaterThanOrEqual(offsets[i - 1]);
    expect(after[0].t).toBeGreaterThanOrEqual(stored.clock?.elapsedMs as number);
    // The wait for the person is a span of its own on that axis, closed by the decision.
    const wait = continued.timeline?.find((s) => s.kind === "wait" && s.wait === "approval");
    expect(wait).toMatchObject({ label: "wipe", start: expect.any(Number), end: after[0].t });
  });

  it("lets parallel pending calls be decided one by one", async () => {
    const { a, lookup, factory } = team(["x", "y"]);
    const { tool, calls } = wipeTool();
    const { hooks, rest, decide } = manualHooks();
    const run = await createRun({
      agents: [a],
      agentLookup: lookup,
      tools: [tool],
      messages: [user("go")],
      modelFactory: factory(),
      approvals: hooks,
      limits: { maxParallelSubagents: 4 },
    });
    const events: RunEvent[] = [];
    const done = drain(run, events);
    const both = Object.values((await rest()).pending);
    expect(both.map((r) => r.args.target).sort()).toEqual(["x", "y"]);
    const x = both.find((r) => r.args.target === "x") as ApprovalRequest;
    const y = both.find((r) => r.args.target === "y") as ApprovalRequest;
    const again = rest();
    decide(x.approvalId, { decision: "approve" });
    const left = Object.values((await again).pending);
    expect(left.map((r) => r.approvalId)).toEqual([y.approvalId]);
    expect(calls).toEqual([{ target: "x" }]);
    decide(y.approvalId, { decision: "deny" });
    await done;
    expect(calls).toEqual([{ target: "x" }]);
    expect(JSON.stringify(reduceEvents(events).content)).toContain("denied by the user: no reason given");
  });

  it("refuses a tool that asks when the run has no way to ask", async () => {
    const c = agent("c", undefined, { tools: ["wipe"], askTools: ["wipe"] });
    const { tool, calls } = wipeTool();
    const run = await createRun({
      agents: [c],
      tools: [tool],
      messages: [user("go")],
      modelFactory: scriptedModelFactory({
        c: (ctx) =>
          hasToolResult(ctx) ? { text: "done" } : { toolCalls: [{ name: "wipe", args: { target: "x" } }] },
      }),
    });
    const events = await collect(run);
    expect(calls).toEqual([]);
    expect(events.find((e) => e.type === "tool_call_end")).toMatchObject({
      error: expect.stringContaining("nobody can be asked"),
    });
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
  });
});
