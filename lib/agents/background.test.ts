import { describe, expect, it } from "vitest";
import type { BackgroundHooks, BackgroundTaskRequest, BackgroundTaskView } from "./background";
import { createRun } from "./run";
import { agent, collect } from "./testing/fixtures";
import { type ScriptContext, scriptedModelFactory } from "./testing/scripted-model";
import { reduceEvents } from "./trace";

const user = (content: string) => ({ role: "user" as const, content });
const toolResults = (ctx: ScriptContext) =>
  ctx.messages.filter((m) => m.getType() === "tool").map((m) => String(m.content));

/** Hooks that keep tasks in memory, as the host would in its table. */
function memoryHooks(refuse?: string) {
  const requests: BackgroundTaskRequest[] = [];
  const tasks: BackgroundTaskView[] = [];
  const hooks: BackgroundHooks = {
    start: async (req) => {
      if (refuse) return { refused: refuse };
      requests.push(req);
      const id = `T${requests.length}`;
      tasks.push({ id, agentName: req.agentName, task: req.task, status: "running" });
      return { taskId: id };
    },
    check: async (ids) => tasks.filter((t) => !ids || ids.includes(t.id)),
  };
  return { hooks, requests, tasks };
}

/** a delegates "research" to b in the background, then checks its tasks, then answers. */
function parentScript() {
  return scriptedModelFactory({
    a: (ctx) => {
      const results = toolResults(ctx);
      if (results.length === 0)
        return {
          toolCalls: [
            {
              name: "subagent",
              args: { subagent_type: "b", description: "research", run_in_background: true },
            },
          ],
        };
      if (results.length === 1) return { toolCalls: [{ name: "check_tasks", args: {} }] };
      return { text: `a saw: ${results.join(" | ")}` };
    },
    b: [{ text: "b answered in the foreground" }],
  });
}

describe("background subagents", () => {
  it("hands the task to the host and returns its handle at once; check_tasks reports it", async () => {
    const { hooks, requests } = memoryHooks();
    const run = await createRun({
      agents: [agent("a", { agent_ids: ["b"], allowSelf: false, background: ["b"] })],
      agentLookup: { b: agent("b") },
      messages: [user("go")],
      modelFactory: parentScript(),
      background: hooks,
    });
    const events = await collect(run);
    const result = await run.result();
    expect(result.status).toBe("completed");
    expect(requests).toEqual([
      expect.objectContaining({ subagentType: "b", agentId: "b", task: "research", self: false, depth: 0 }),
    ]);
    expect(result.text).toContain("Started task T1 (Agent B): research");
    expect(result.text).toContain("- T1 (Agent B): running");
    // The child did not run inside this answer: no subagent block, no model call of b.
    expect(events.some((e) => e.type === "subagent_start")).toBe(false);
    expect(result.text).not.toContain("foreground");
    // In the trace the delegation is a finished tool call with the handle, not a block left running.
    const tree = reduceEvents(events);
    expect(tree.content.some((n) => n.type === "subagent")).toBe(false);
    expect(tree.content.find((n) => n.type === "tool_call" && n.name === "subagent")).toMatchObject({
      status: "completed",
      result: expect.stringContaining("Started task T1"),
    });
  });

  it("binds run_in_background and check_tasks only for an agent with a background entry", async () => {
    const seen: string[][] = [];
    const factory = scriptedModelFactory({
      a: (ctx) => {
        seen.push(ctx.toolNames);
        return { text: "done" };
      },
    });
    for (const background of [["self"], undefined]) {
      const run = await createRun({
        agents: [agent("a", { allowSelf: true, ...(background ? { background } : {}) })],
        messages: [user("go")],
        modelFactory: factory,
      });
      await run.result();
    }
    expect(seen[0]).toEqual(expect.arrayContaining(["check_tasks", "wait_for_task"]));
    expect(seen[1]).not.toContain("check_tasks");
    expect(seen[1]).not.toContain("wait_for_task");
  });

  it("refuses run_in_background for an entry not marked, without hooks, and when the host refuses", async () => {
    const cases: { background?: string[]; hooks?: BackgroundHooks; expected: string }[] = [
      { background: [], hooks: memoryHooks().hooks, expected: 'Subagent "b" cannot run in the background' },
      { background: ["b"], expected: "Background tasks are not available in this run" },
      {
        background: ["b"],
        hooks: memoryHooks("You already have 3 background tasks running (the limit is 3).").hooks,
        expected: "You already have 3 background tasks running (the limit is 3).",
      },
    ];
    for (const c of cases) {
      const run = await createRun({
        agents: [agent("a", { agent_ids: ["b"], allowSelf: false, background: c.background })],
        agentLookup: { b: agent("b") },
        messages: [user("go")],
        modelFactory: scriptedModelFactory({
          a: (ctx) =>
            toolResults(ctx).length
              ? { text: `a saw: ${toolResults(ctx).join(" | ")}` }
              : {
                  toolCalls: [
                    {
                      name: "subagent",
                      args: { subagent_type: "b", description: "research", run_in_background: true },
                    },
                  ],
                },
        }),
        ...(c.hooks ? { background: c.hooks } : {}),
      });
      const events = await collect(run);
      const end = events.find((e) => e.type === "tool_call_end");
      expect(end).toMatchObject({ name: "subagent", error: expect.stringContaining(c.expected) });
      expect((await run.result()).status).toBe("completed");
    }
  });

  describe("wait_for_task", () => {
    /** a calls wait_for_task with `args` once, then answers with what it got. */
    function waiter(args: Record<string, unknown>) {
      return scriptedModelFactory({
        a: (ctx) =>
          toolResults(ctx).length
            ? { text: `a got: ${toolResults(ctx).join(" | ")}` }
            : { toolCalls: [{ name: "wait_for_task", args }] },
      });
    }
    /** Hooks with tasks already in the table; `finishAfter` checks, T1 completes with "42". */
    function tableHooks(finishAfter: number, initial: BackgroundTaskView[]) {
      const tasks = initial.map((t) => ({ ...t }));
      let checks = 0;
      const hooks: BackgroundHooks = {
        start: async () => ({ refused: "no" }),
        check: async (ids) => {
          checks++;
          if (checks > finishAfter) Object.assign(tasks[0], { status: "completed", result: "42" });
          return tasks.filter((t) => !ids || ids.includes(t.id)).map((t) => ({ ...t }));
        },
        waitPollMs: 10,
      };
      return { hooks, checks: () => checks };
    }
    const running = (id: string): BackgroundTaskView => ({
      id,
      agentName: "Agent B",
      task: "research",
      status: "running",
    });
    const start = (hooks: BackgroundHooks, args: Record<string, unknown>, signal?: AbortSignal) =>
      createRun({
        agents: [agent("a", { agent_ids: ["b"], allowSelf: false, background: ["b"] })],
        agentLookup: { b: agent("b") },
        messages: [user("go")],
        modelFactory: waiter(args),
        background: hooks,
        ...(signal ? { signal } : {}),
      });

    it("waits until the named task ends and returns its result", async () => {
      const { hooks, checks } = tableHooks(3, [running("T1"), running("T2")]);
      const result = await (await start(hooks, { task_id: "T1" })).result();
      expect(result.status).toBe("completed");
      expect(result.text).toContain("Finished:\n- T1 (Agent B): completed\n  Result: 42");
      expect(result.text).not.toContain("T2");
      expect(checks()).toBe(4);
    });

    it("without task_id, returns when any running task ends and lists the others still running", async () => {
      const { hooks } = tableHooks(2, [running("T1"), running("T2")]);
      const result = await (await start(hooks, {})).result();
      expect(result.text).toContain("- T1 (Agent B): completed");
      expect(result.text).toContain("Running:\n- T2 (Agent B): running");
    });

    it("gives up after timeout_seconds with the task still running (not an error)", async () => {
      const { hooks } = tableHooks(Number.POSITIVE_INFINITY, [running("T1")]);
      hooks.waitPollMs = 200;
      const run = await start(hooks, { task_id: "T1", timeout_seconds: 1 });
      const events = await collect(run);
      const result = await run.result();
      expect(result.text).toContain("Still running after 1s");
      expect(events.find((e) => e.type === "tool_call_end")).not.toHaveProperty("error");
    });

    it("answers at once for a finished task, an unknown one, or no running task", async () => {
      const done: BackgroundTaskView = { ...running("T1"), status: "failed", error: "boom" };
      const cases: [Record<string, unknown>, string][] = [
        [{ task_id: "T1" }, "- T1 (Agent B): failed\n  Error: boom"],
        [{ task_id: "nope" }, 'No background task "nope" in this conversation'],
        [{}, "No background task is running."],
      ];
      for (const [args, expected] of cases) {
        const { hooks, checks } = tableHooks(Number.POSITIVE_INFINITY, [done]);
        expect((await (await start(hooks, args)).result()).text).toContain(expected);
        expect(checks()).toBe(1);
      }
    });

    it("ends the wait at once when the run is stopped", async () => {
      const { hooks } = tableHooks(Number.POSITIVE_INFINITY, [running("T1")]);
      const controller = new AbortController();
      const run = await start(hooks, { task_id: "T1", timeout_seconds: 300 }, controller.signal);
      const events: string[] = [];
      for await (const e of run.stream()) {
        events.push(e.type);
        if (e.type === "tool_call_start") setTimeout(() => controller.abort(), 30);
      }
      expect((await run.result()).status).toBe("stopped");
    });
  });
});
