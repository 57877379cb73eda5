import { describe, expect, it } from "vitest";
import { ROOT_SPAN_ID, type RunEvent, type RunEventInit } from "./events";
import { criticalPath, type TimelineSpan } from "./timeline";
import { applyEvent, emptyTree, reduceEvents } from "./trace";

const root = { spanId: ROOT_SPAN_ID, parentSpanId: null, depth: 0, agentId: "lead" };
const kid = (spanId: string, agentId: string) => ({ spanId, parentSpanId: ROOT_SPAN_ID, depth: 1, agentId });
const at = (t: number, x: RunEventInit): RunEvent => ({ ...x, ts: 1_000_000 + t, t }) as RunEvent;
const usage = { provider: "demo", model: "demo-1" };
const start = (spanId: string, agentId: string) => ({
  ...kid(spanId, agentId),
  subagentType: agentId,
  agentName: agentId,
  task: "t",
  mode: "isolated" as const,
  ancestry: ["lead"],
});
const dispatch = (id: string, type: string) => ({
  ...root,
  id,
  name: "subagent",
  args: { subagent_type: type },
});

/** A lead that delegates to a short and a long child in parallel, then asks before running a tool. */
const events: RunEvent[] = [
  at(0, { type: "run_start", ...root, runId: "r", graphType: "standard", rootAgentIds: ["lead"] }),
  at(100, { type: "usage", ...root, inputTokens: 10, outputTokens: 5, ...usage, startT: 0 }),
  at(100, { type: "tool_call_start", ...dispatch("c1", "short") }),
  at(100, { type: "tool_call_start", ...dispatch("c2", "long") }),
  at(110, { type: "subagent_start", ...start("c1", "short") }),
  // The long child waited for a free slot (the parallel cap) for 40 ms.
  at(140, { type: "subagent_start", ...start("c2", "long") }),
  at(200, { type: "usage", ...kid("c1", "short"), inputTokens: 3, outputTokens: 2, ...usage, startT: 110 }),
  at(200, {
    type: "subagent_stop",
    ...kid("c1", "short"),
    text: "s",
    usage: { inputTokens: 3, outputTokens: 2 },
    durationMs: 90,
  }),
  at(500, { type: "usage", ...kid("c2", "long"), inputTokens: 7, outputTokens: 4, ...usage, startT: 140 }),
  at(500, {
    type: "subagent_stop",
    ...kid("c2", "long"),
    text: "l",
    usage: { inputTokens: 7, outputTokens: 4 },
    durationMs: 360,
  }),
  at(600, { type: "usage", ...root, inputTokens: 20, outputTokens: 1, ...usage, startT: 500 }),
  at(600, { type: "tool_call_start", ...root, id: "w1", name: "wipe", args: {} }),
  at(600, {
    type: "tool_approval",
    ...root,
    id: "w1",
    name: "wipe",
    approval: { id: "ap", status: "pending" } as never,
  }),
  at(2600, {
    type: "tool_approval",
    ...root,
    id: "w1",
    name: "wipe",
    approval: { id: "ap", status: "approved" } as never,
  }),
  at(2700, { type: "tool_call_end", ...root, id: "w1", name: "wipe", result: "ok" }),
  at(2900, { type: "usage", ...root, inputTokens: 30, outputTokens: 9, ...usage, startT: 2700 }),
  at(3000, {
    type: "run_end",
    ...root,
    status: "completed",
    usage: { inputTokens: 70, outputTokens: 21 },
    durationMs: 3000,
  }),
];

const byId = (spans: TimelineSpan[] | undefined, id: string) => spans?.find((s) => s.id === id);

describe("timeline spans from the trace's reducer", () => {
  const spans = reduceEvents(events).timeline as TimelineSpan[];

  it("has the root and each child as agent spans with their subtree tokens", () => {
    expect(byId(spans, ROOT_SPAN_ID)).toMatchObject({
      kind: "agent",
      start: 0,
      end: 3000,
      inputTokens: 70,
      outputTokens: 21,
    });
    expect(byId(spans, "c1")).toMatchObject({
      kind: "agent",
      parentId: ROOT_SPAN_ID,
      start: 110,
      end: 200,
      inputTokens: 3,
    });
    expect(byId(spans, "c2")).toMatchObject({ kind: "agent", start: 140, end: 500, outputTokens: 4 });
  });

  it("makes each model call a span from its start to its usage, with its tokens", () => {
    const models = spans.filter((s) => s.kind === "model");
    expect(models.map((m) => [m.parentId, m.start, m.end, m.inputTokens])).toEqual([
      [ROOT_SPAN_ID, 0, 100, 10],
      ["c1", 110, 200, 3],
      ["c2", 140, 500, 7],
      [ROOT_SPAN_ID, 500, 600, 20],
      [ROOT_SPAN_ID, 2700, 2900, 30],
    ]);
  });

  it("draws the cap wait and the approval wait as waits, and the tool from its approval on", () => {
    expect(byId(spans, "wait:c2")).toMatchObject({ kind: "wait", wait: "cap", start: 100, end: 140 });
    expect(byId(spans, "approval:w1")).toMatchObject({
      kind: "wait",
      wait: "approval",
      start: 600,
      end: 2600,
    });
    expect(byId(spans, "tool:w1")).toMatchObject({ kind: "tool", start: 2600, end: 2700 });
  });

  it("draws a provider retry as a wait before its call, on the critical path", () => {
    // The long child's call was refused once (429) and tried again 200 ms later.
    const retried: RunEvent[] = [
      ...events.slice(0, 7),
      at(150, {
        type: "provider_retry",
        ...kid("c2", "long"),
        model: "demo-1",
        attempt: 1,
        delayMs: 200,
        code: "provider:rate_limited",
        status: 429,
      }),
      // The engine starts the call's span when the attempt that succeeded began.
      ...events.slice(7).map((e) => (e.type === "usage" && e.spanId === "c2" ? { ...e, startT: 350 } : e)),
    ];
    const withRetry = reduceEvents(retried).timeline as TimelineSpan[];
    const wait = withRetry.find((s) => s.wait === "retry");
    expect(wait).toMatchObject({ kind: "wait", parentId: "c2", label: "demo-1", start: 150, end: 350 });
    // Without model_start (older events) the refused attempt itself is not known, only the wait.
    expect(withRetry.filter((s) => s.failed)).toEqual([]);
    expect(criticalPath(withRetry).ids.has(wait?.id as string)).toBe(true);
  });

  it("shows a model call while it runs (model_start) and closes that span with its usage, also after a reload", () => {
    const begun = [
      events[0],
      at(0, { type: "model_start", ...root, ...usage }),
      at(40, { type: "text_delta", ...root, text: "thinking" }),
    ];
    const live = reduceEvents(begun);
    const running = live.timeline?.filter((s) => s.kind === "model");
    expect(running).toEqual([expect.objectContaining({ parentId: ROOT_SPAN_ID, start: 0, label: "demo-1" })]);
    expect(running?.[0].end).toBeUndefined();
    // Stored mid-call and continued (a reload, or another process): the same span is closed.
    const stored = JSON.parse(JSON.stringify(live));
    applyEvent(
      stored,
      at(100, { type: "usage", ...root, inputTokens: 10, outputTokens: 5, ...usage, startT: 0 }),
    );
    const models = stored.timeline.filter((s: TimelineSpan) => s.kind === "model");
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({ start: 0, end: 100, inputTokens: 10, outputTokens: 5 });
    expect(byId(stored.timeline, ROOT_SPAN_ID)).toMatchObject({ inputTokens: 10, outputTokens: 5 });
  });

  it("draws a refused attempt as a failed call, then the wait, then the call that succeeded", () => {
    const spans = reduceEvents([
      events[0],
      at(0, { type: "model_start", ...root, ...usage }),
      at(20, {
        type: "provider_retry",
        ...root,
        model: "demo-1",
        attempt: 1,
        delayMs: 500,
        code: "provider:rate_limited",
        status: 429,
      }),
      at(600, { type: "usage", ...root, inputTokens: 1, outputTokens: 1, ...usage, startT: 520 }),
    ]).timeline as TimelineSpan[];
    expect(spans.filter((s) => s.kind !== "agent").map((s) => [s.kind, s.start, s.end, !!s.failed])).toEqual([
      ["model", 520, 600, false],
      ["model", 0, 20, true],
      ["wait", 20, 520, false],
    ]);
  });

  it("is the same live, event by event, as from a stored tree continued after a reload", () => {
    const live = emptyTree();
    for (const ev of events) applyEvent(live, ev);
    const stored = JSON.parse(JSON.stringify(reduceEvents(events.slice(0, 9))));
    for (const ev of events.slice(9)) applyEvent(stored, ev);
    expect(stored.timeline).toEqual(live.timeline);
    expect(live.timeline).toEqual(spans);
  });

  it("leaves the timeline out for stored events without offsets", () => {
    const old = events.map(({ t: _t, ...rest }) => rest as RunEvent);
    expect(reduceEvents(old).timeline).toBeUndefined();
  });

  it("closes what is still open when the run ends", () => {
    const cut = [
      ...events.slice(0, 6),
      at(300, {
        type: "run_end",
        ...root,
        status: "stopped",
        usage: { inputTokens: 0, outputTokens: 0 },
        durationMs: 300,
      }),
    ];
    const t = reduceEvents(cut).timeline as TimelineSpan[];
    expect(t.every((s) => s.end !== undefined)).toBe(true);
    expect(byId(t, "c2")?.end).toBe(300);
  });
});

describe("criticalPath", () => {
  const spans = reduceEvents(events).timeline as TimelineSpan[];

  it("goes through the longer of two parallel children, and the approval wait counts", () => {
    const path = criticalPath(spans);
    expect(path.ids.has("c2")).toBe(true);
    expect(path.ids.has("c1")).toBe(false);
    expect(path.ids.has("approval:w1")).toBe(true);
    expect(path.ids.has("wait:c2")).toBe(true);
    // 0-100 model, 100-140 cap wait, 140-500 long child's model, 500-600, 600-2600 approval,
    // 2600-2700 tool, 2700-2900 model: 2900 of 3000 ms.
    expect(path.ms).toBe(2900);
    expect(path.totalMs).toBe(3000);
    expect(path.share).toBeCloseTo(2900 / 3000);
  });

  it("switches to the other child when it is the longer one", () => {
    // The short child now runs to 480 ms and the long one only to 450 ms.
    const ends: Record<string, number> = { c1: 480, c2: 450 };
    const inner = spans.map((s) => {
      const owner = s.kind === "agent" ? s.id : s.parentId;
      return owner && owner in ends && s.id !== ROOT_SPAN_ID ? { ...s, end: ends[owner] } : s;
    });
    const path = criticalPath(inner);
    expect(path.ids.has("c1")).toBe(true);
    expect(path.ids.has("c2")).toBe(false);
  });

  it("is empty without a root, and measures a running run up to now", () => {
    expect(criticalPath([]).share).toBe(0);
    const running = reduceEvents(events.slice(0, 6)).timeline as TimelineSpan[];
    expect(criticalPath(running, 150).totalMs).toBe(150);
  });
});

describe("timeline cost", () => {
  it("puts each priced call's cost on its model span and sums it up the agent spans; unknown stays unknown", () => {
    const priced: RunEvent[] = [
      at(0, { type: "run_start", ...root, runId: "r", graphType: "standard", rootAgentIds: ["lead"] }),
      at(100, { type: "usage", ...root, inputTokens: 10, outputTokens: 5, ...usage, startT: 0, cost: 0.01 }),
      at(100, { type: "tool_call_start", ...dispatch("c1", "short") }),
      at(110, { type: "subagent_start", ...start("c1", "short") }),
      at(200, {
        type: "usage",
        ...kid("c1", "short"),
        inputTokens: 3,
        outputTokens: 2,
        ...usage,
        startT: 110,
        cost: 0.002,
      }),
      at(300, {
        type: "usage",
        ...kid("c1", "short"),
        inputTokens: 3,
        outputTokens: 2,
        ...usage,
        startT: 200,
        cost: null,
      }),
    ];
    const spans = reduceEvents(priced).timeline ?? [];
    const byId = new Map(spans.map((s) => [s.id, s]));
    expect(byId.get("model:1")?.cost).toBe(0.01);
    expect(byId.get("model:4")?.cost).toBeCloseTo(0.002);
    expect(byId.get("model:5")?.cost).toBeNull();
    // The child has an unpriced call: its total is unknown, and so is the root's (it includes the child).
    expect(byId.get("c1")?.cost).toBeNull();
    expect(byId.get(ROOT_SPAN_ID)?.cost).toBeNull();
  });
});
