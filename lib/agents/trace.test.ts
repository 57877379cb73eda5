import { describe, expect, it } from "vitest";
import { ROOT_SPAN_ID, type RunEvent, type RunEventInit } from "./events";
import { syntheticRunEvents } from "./testing/trace-events";
import {
  applyEvent,
  closeInterrupted,
  emptyTree,
  reduceEvents,
  rootText,
  type SubagentNode,
  shownStatus,
} from "./trace";

let ts = 0;
const root = { spanId: ROOT_SPAN_ID, parentSpanId: null, depth: 0, agentId: "a" };
const child = { spanId: "call_1", parentSpanId: ROOT_SPAN_ID, depth: 1, agentId: "b" };
const e = (x: RunEventInit): RunEvent => ({ ...x, ts: ++ts }) as RunEvent;

const started: RunEvent[] = [
  e({ type: "run_start", ...root, runId: "r1", graphType: "standard", rootAgentIds: ["a"] }),
  e({ type: "reasoning_delta", ...root, text: "let me " }),
  e({ type: "reasoning_delta", ...root, text: "think" }),
  e({ type: "text_delta", ...root, text: "Delegating" }),
  e({ type: "usage", ...root, inputTokens: 10, outputTokens: 2, provider: "openai", model: "m" }),
  e({
    type: "tool_call_start",
    ...root,
    id: "call_1",
    name: "subagent",
    args: { subagent_type: "b", description: "do it" },
  }),
  e({
    type: "subagent_start",
    ...child,
    subagentType: "b",
    agentName: "Bee",
    task: "do it",
    mode: "isolated",
    model: "gpt-4o-mini",
    ancestry: ["a"],
  }),
  e({ type: "tool_call_start", ...child, id: "call_2", name: "calculator", args: { expression: "1+1" } }),
  e({ type: "tool_call_end", ...child, id: "call_2", name: "calculator", result: "2" }),
  e({ type: "text_delta", ...child, text: "two" }),
  e({ type: "usage", ...child, inputTokens: 5, outputTokens: 1, provider: "openai", model: "m" }),
];

describe("reduceEvents", () => {
  it("builds the nested tree with text, reasoning, tool calls and subagent blocks", () => {
    const events = [
      ...started,
      e({
        type: "subagent_stop",
        ...child,
        text: "two",
        usage: { inputTokens: 5, outputTokens: 1 },
        durationMs: 12,
      }),
      e({ type: "tool_call_end", ...root, id: "call_1", name: "subagent", result: "two" }),
      e({ type: "text_delta", ...root, text: "It is two." }),
      e({
        type: "run_end",
        ...root,
        status: "completed",
        usage: { inputTokens: 15, outputTokens: 3 },
        durationMs: 40,
      }),
    ];
    const tree = reduceEvents(events);
    expect(tree).toEqual({
      runId: "r1",
      graphType: "standard",
      rootAgentIds: ["a"],
      status: "completed",
      durationMs: 40,
      usage: { inputTokens: 15, outputTokens: 3 },
      content: [
        { type: "reasoning", agentId: "a", text: "let me think" },
        { type: "text", agentId: "a", text: "Delegating" },
        {
          type: "subagent",
          id: "call_1",
          subagentType: "b",
          agentId: "b",
          agentName: "Bee",
          task: "do it",
          mode: "isolated",
          model: "gpt-4o-mini",
          startedAt: (started[6] as RunEvent).ts,
          depth: 1,
          ancestry: ["a"],
          status: "completed",
          text: "two",
          durationMs: 12,
          usage: { inputTokens: 5, outputTokens: 1 },
          content: [
            {
              type: "tool_call",
              id: "call_2",
              name: "calculator",
              args: { expression: "1+1" },
              status: "completed",
              result: "2",
              durationMs: 1,
            },
            { type: "text", agentId: "b", text: "two" },
          ],
        },
        { type: "text", agentId: "a", text: "It is two." },
      ],
    });
    expect(rootText(tree)).toBe("DelegatingIt is two.");
  });

  it("keeps a tool call's server and duration, and the run's notices in order", () => {
    const tree = reduceEvents([
      e({ type: "run_start", ...root, runId: "r2", graphType: "standard", rootAgentIds: ["a"] }),
      e({ type: "notice", ...root, message: "The tool notes__wipe is not available." }),
      {
        ...e({
          type: "tool_call_start",
          ...child,
          id: "m1",
          name: "notes__list_notes",
          args: {},
          source: "Notes",
        }),
        ts: 1000,
      },
      {
        ...e({ type: "tool_call_end", ...child, id: "m1", name: "notes__list_notes", result: "none" }),
        ts: 1250,
      },
      e({ type: "notice", ...root, message: "second" }),
    ]);
    expect(tree.notices).toEqual(["The tool notes__wipe is not available.", "second"]);
    expect(tree.content).toEqual([
      {
        type: "tool_call",
        id: "m1",
        name: "notes__list_notes",
        args: {},
        status: "completed",
        result: "none",
        source: "Notes",
        durationMs: 250,
      },
    ]);
  });

  it("gives the same tree for a stored (JSON) copy and for any prefix it is a pure function of", () => {
    const json = JSON.parse(JSON.stringify(started)) as RunEvent[];
    expect(reduceEvents(json)).toEqual(reduceEvents(started));
    const again = reduceEvents(started);
    expect(reduceEvents(started)).toEqual(again);
  });

  it("marks running blocks stopped when the run is stopped, failed when it fails", () => {
    const stopped = reduceEvents([
      ...started,
      e({
        type: "run_end",
        ...root,
        status: "stopped",
        error: { code: "stopped:run", message: "x" },
        usage: { inputTokens: 15, outputTokens: 3 },
        durationMs: 9,
      }),
    ]);
    expect(stopped.status).toBe("stopped");
    expect(stopped.content[2]).toMatchObject({ type: "subagent", status: "stopped" });
    const failed = reduceEvents([
      ...started,
      e({ type: "subagent_error", ...child, message: "boom", durationMs: 3 }),
      e({
        type: "run_end",
        ...root,
        status: "failed",
        error: { code: "rate_limit:quota", message: "q" },
        usage: { inputTokens: 15, outputTokens: 3 },
        durationMs: 9,
      }),
    ]);
    expect(failed.content[2]).toMatchObject({ status: "failed", error: "boom" });
    expect(failed.error).toEqual({ code: "rate_limit:quota", message: "q" });
  });

  it("gives blocks a run left running a duration, and the reason when it was not a Stop", () => {
    const subagentStart = started.find((x) => x.type === "subagent_start") as RunEvent;
    const end = (status: "stopped" | "failed", code: string) =>
      reduceEvents([
        ...started,
        e({
          type: "run_end",
          ...root,
          status,
          error: { code, message: "x" },
          usage: { inputTokens: 15, outputTokens: 3 },
          durationMs: 9,
        }),
      ]);
    const stopped = end("stopped", "stopped:run");
    const block = stopped.content[2] as SubagentNode;
    expect(block).toMatchObject({ status: "stopped", model: "gpt-4o-mini" });
    expect(block.stopReason).toBeUndefined();
    expect(block.durationMs).toBe(ts - subagentStart.ts);
    const broke = end("failed", "limit:balance").content[2] as SubagentNode;
    expect(broke).toMatchObject({ status: "stopped", stopReason: "balance" });
    expect(broke.durationMs).toBeGreaterThan(0);
    expect((end("failed", "provider:error").content[2] as SubagentNode).stopReason).toBe("failed");
  });

  it("shows the running blocks of an interrupted answer as interrupted, without touching the stored tree", () => {
    const tree = reduceEvents(started);
    const closed = closeInterrupted(tree);
    expect(closed.status).toBe("failed");
    expect(closed.content[2]).toMatchObject({ status: "stopped", stopReason: "interrupted" });
    expect(tree.content[2]).toMatchObject({ status: "running" });
  });

  it("adds a grandchild's usage to every enclosing subagent block", () => {
    const grand = { spanId: "call_3", parentSpanId: "call_1", depth: 2, agentId: "c" };
    const tree = reduceEvents([
      ...started,
      e({
        type: "tool_call_start",
        ...child,
        id: "call_3",
        name: "subagent",
        args: { subagent_type: "c", description: "deeper" },
      }),
      e({
        type: "subagent_start",
        ...grand,
        subagentType: "c",
        agentName: "Cee",
        task: "deeper",
        mode: "fork",
        ancestry: ["a", "b"],
      }),
      e({ type: "usage", ...grand, inputTokens: 100, outputTokens: 10, provider: "openai", model: "m" }),
    ]);
    const b = tree.content[2];
    expect(b).toMatchObject({ usage: { inputTokens: 105, outputTokens: 11 } });
    const c = b.type === "subagent" ? b.content[2] : undefined;
    expect(c).toMatchObject({
      type: "subagent",
      agentId: "c",
      mode: "fork",
      depth: 2,
      usage: { inputTokens: 100, outputTokens: 10 },
    });
    expect(tree.usage).toEqual({ inputTokens: 115, outputTokens: 13 });
  });
});

describe("applyEvent (the live chat's incremental reducer)", () => {
  const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));

  it.each(["completed", "stopped", "failed"] as const)(
    "gives the full reduce's tree after every event of a %s run with nested subagents, tool calls and errors",
    (status) => {
      const events = syntheticRunEvents(400, status);
      const live = emptyTree();
      for (let i = 0; i < events.length; i++) {
        applyEvent(live, events[i]);
        // Compare every few events (every event would be quadratic, and a prefix bug shows anyway).
        if (i % 7 === 0 || i > events.length - 60)
          expect(clone(live), `after event ${i} (${events[i].type})`).toEqual(
            clone(reduceEvents(events.slice(0, i + 1))),
          );
      }
      const full = reduceEvents(events);
      expect(live).toEqual(full);
      expect(full.status).toBe(status);
      // The sequence really exercises what it claims to.
      const json = JSON.stringify(full);
      for (const part of ['"depth":2', '"status":"failed"', '"error":"unexpected end', '"type":"handoff"'])
        expect(json).toContain(part);
    },
  );

  it("continues a tree that was stored as JSON and parsed back (reattach) to the same result", () => {
    const events = syntheticRunEvents(300, "stopped");
    const cut = 120;
    const resumed = clone(reduceEvents(events.slice(0, cut)));
    for (const ev of events.slice(cut)) applyEvent(resumed, ev);
    expect(resumed).toEqual(reduceEvents(events));
  });

  it("attaches events of an unknown span to the root instead of dropping them", () => {
    const tree = emptyTree();
    applyEvent(
      tree,
      e({ type: "text_delta", spanId: "nope", parentSpanId: "x", depth: 3, agentId: "z", text: "hi" }),
    );
    expect(tree.content).toEqual([{ type: "text", agentId: "z", text: "hi" }]);
  });
});

describe("approvals in the tree", () => {
  const waiting: RunEvent[] = [
    e({ type: "run_start", ...root, runId: "r2", graphType: "standard", rootAgentIds: ["a"] }),
    e({ type: "tool_call_start", ...root, id: "t1", name: "wipe", args: { target: "x" } }),
    e({ type: "tool_approval", ...root, id: "t1", name: "wipe", approval: { id: "ap1", status: "pending" } }),
  ];

  it("puts the approval on its tool call, and a stored tree continued by later events ends the same", () => {
    const stored = JSON.parse(JSON.stringify(reduceEvents(waiting)));
    expect(stored.content[0]).toMatchObject({
      status: "running",
      approval: { id: "ap1", status: "pending" },
    });
    const rest: RunEvent[] = [
      e({
        type: "tool_approval",
        ...root,
        id: "t1",
        name: "wipe",
        approval: { id: "ap1", status: "edited", args: { target: "y" } },
      }),
      e({ type: "tool_call_end", ...root, id: "t1", name: "wipe", result: "wiped y" }),
      e({
        type: "run_end",
        ...root,
        status: "completed",
        usage: { inputTokens: 0, outputTokens: 0 },
        durationMs: 5,
      }),
    ];
    const continued = rest.reduce(applyEvent, stored);
    expect(continued).toEqual(reduceEvents([...waiting, ...rest]));
    expect(continued.content[0]).toMatchObject({
      status: "completed",
      approval: { status: "edited", args: { target: "y" } },
    });
  });

  it("a run that ends while a call waits shows the call as no longer decidable, with why", () => {
    const tree = reduceEvents([
      ...waiting,
      e({
        type: "run_end",
        ...root,
        status: "stopped",
        error: { code: "conflict:approval_expired", message: "Nobody decided in time." },
        usage: { inputTokens: 0, outputTokens: 0 },
        durationMs: 1,
      }),
    ]);
    expect(tree.content[0]).toMatchObject({
      status: "stopped",
      approval: { id: "ap1", status: "expired", reason: "Nobody decided in time." },
    });
  });

  it("without an error of the run's own, the expired call says how the answer ended, as a code", () => {
    const stopped = e({
      type: "run_end",
      ...root,
      status: "stopped",
      usage: { inputTokens: 0, outputTokens: 0 },
      durationMs: 1,
    });
    expect(reduceEvents([...waiting, stopped]).content[0]).toMatchObject({
      approval: { id: "ap1", status: "expired", expiredBy: "ended" },
    });
    expect(closeInterrupted(reduceEvents(waiting)).content[0]).toMatchObject({
      approval: { id: "ap1", status: "expired", expiredBy: "interrupted" },
    });
  });
});

describe("shownStatus", () => {
  it("shows a run the balance ended as stopped, with the reason its blocks give", () => {
    expect(shownStatus({ status: "failed", error: { code: "limit:balance", message: "ran out" } })).toEqual({
      status: "stopped",
      reason: "balance",
    });
  });
  it("keeps every other status as it is", () => {
    expect(shownStatus({ status: "failed", error: { code: "internal", message: "x" } })).toEqual({
      status: "failed",
    });
    expect(shownStatus({ status: "completed" })).toEqual({ status: "completed" });
    expect(shownStatus({ status: "stopped" })).toEqual({ status: "stopped" });
  });
});
