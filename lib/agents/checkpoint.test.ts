import { describe, expect, it } from "vitest";
import type { RunSnapshot } from "./graph/journal";
import { createRun } from "./run";
import { agent, collect } from "./testing/fixtures";
import { type ScriptContext, scriptedModelFactory } from "./testing/scripted-model";
import { reduceEvents, rootText } from "./trace";
import type { RegistryTool } from "./types";

const user = (content: string) => ({ role: "user" as const, content });
const toolText = (ctx: ScriptContext) =>
  ctx.messages
    .filter((m) => m.getType() === "tool")
    .map((m) => m.content)
    .join(" | ");

/** a delegates to b (in the foreground), b calls `wipe`; every model call and tool call counted. */
function team() {
  const calls = { a: 0, b: 0, wipe: 0 };
  const tool: RegistryTool = {
    name: "wipe",
    description: "Wipes a target",
    parameters: { type: "object", properties: { target: { type: "string" } } },
    execute: (args) => {
      calls.wipe++;
      return `wiped ${(args as { target: string }).target}`;
    },
  };
  const factory = scriptedModelFactory({
    a: (ctx) => {
      calls.a++;
      return toolText(ctx)
        ? { text: `a: ${toolText(ctx)}` }
        : { toolCalls: [{ name: "subagent", args: { subagent_type: "b", description: "x" } }] };
    },
    b: (ctx) => {
      calls.b++;
      return toolText(ctx)
        ? { text: `b: ${toolText(ctx)}` }
        : { toolCalls: [{ name: "wipe", args: { target: ctx.lastText } }] };
    },
  });
  const options = {
    agents: [agent("a", { agent_ids: ["b"], allowSelf: false })],
    agentLookup: { b: agent("b", undefined, { tools: ["wipe"] }) },
    tools: [tool],
    messages: [user("go")],
    modelFactory: factory,
  };
  return { calls, options };
}

describe("checkpoints (onCheckpoint) and resuming from one", () => {
  it("hands the journal to the host after each finished turn and tool call; a run resumed from one repeats none of them", async () => {
    const first = team();
    const checkpoints: RunSnapshot[] = [];
    const run = await createRun({ ...first.options, onCheckpoint: (s) => void checkpoints.push(s) });
    const text = rootText(reduceEvents(await collect(run)));
    expect(text).toBe("a: b: wiped x");
    expect(first.calls).toEqual({ a: 2, b: 2, wipe: 1 });
    // a's delegation, b's call of wipe, wipe's result, b's answer, the delegation's result, a's answer.
    expect(checkpoints).toHaveLength(6);
    expect(checkpoints.map((c) => [Object.keys(c.turns).length, Object.keys(c.results).length])).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
      [3, 1],
      [3, 2],
      [4, 2],
    ]);

    // The process dies after wipe ran: a new run from that checkpoint calls b's and a's last turns only.
    const second = team();
    const resumed = await createRun({ ...second.options, resume: checkpoints[2] });
    const events = await collect(resumed);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(second.calls).toEqual({ a: 1, b: 1, wipe: 0 });
    // Its events are the new work only: two model turns.
    expect(events.filter((e) => e.type === "usage")).toHaveLength(2);
    expect(events.some((e) => e.type === "tool_call_start" && e.name === "wipe")).toBe(false);
  });

  it("a failing checkpoint is logged and the run goes on", async () => {
    const { options } = team();
    const logged: unknown[] = [];
    const run = await createRun({
      ...options,
      onCheckpoint: () => {
        throw new Error("database away");
      },
      logger: { info: () => {}, warn: () => {}, error: (e: unknown) => void logged.push(e) },
    });
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(logged).toContainEqual(expect.objectContaining({ event: "run_checkpoint_failed" }));
  });
});
