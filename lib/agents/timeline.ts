import { addCost } from "./cost";
import { ROOT_SPAN_ID, type RunEvent } from "./events";

/**
 * The timeline of a run: agent spans (root and subagents at any depth), model calls, tool calls
 * and waits on the run's one axis (`t`, ms since the run started on the server's monotonic clock).
 * Maintained event by event by the trace's reducer (trace.ts `applyEvent`) in constant work per
 * event, and stored with the tree, so a reloaded answer shows the same spans.
 */
export type TimelineKind = "agent" | "model" | "tool" | "wait";
/**
 * What a wait waited for: a person's approval, a free parallel-subagent slot, or the provider
 * (a failed attempt of a model call, tried again after a backoff).
 */
export type WaitKind = "approval" | "cap" | "retry";

export interface TimelineSpan {
  /** Unique within the run: the agent span id, or `<kind>:<id>`. */
  id: string;
  kind: TimelineKind;
  wait?: WaitKind;
  /** The agent span it belongs to (an agent span: the one that dispatched it; null at the root). */
  parentId: string | null;
  /** Depth of the agent span it belongs to (0 for the root). */
  depth: number;
  /** Agent name (the root: its agent id, the host shows its name), tool name or model name. */
  label: string;
  start: number;
  /** Absent while running. */
  end?: number;
  failed?: boolean;
  /** Model calls: the call's tokens; agent spans: their own and their descendants'. */
  inputTokens?: number;
  outputTokens?: number;
  /** Like the tokens, when the run accounts cost; null when a model in it has no price. */
  cost?: number | null;
}

export interface TimelineIndex {
  spans: Map<string, TimelineSpan>;
  /** The model call running in each agent span (one at a time per span), by agent span id. */
  running: Map<string, TimelineSpan>;
}

export function indexTimeline(spans: TimelineSpan[] | undefined): TimelineIndex {
  const index: TimelineIndex = { spans: new Map(), running: new Map() };
  for (const s of spans ?? []) {
    index.spans.set(s.id, s);
    if (s.kind === "model" && s.end === undefined && s.parentId) index.running.set(s.parentId, s);
  }
  return index;
}

function add(list: TimelineSpan[], index: TimelineIndex, span: TimelineSpan) {
  list.push(span);
  index.spans.set(span.id, span);
}

function close(index: TimelineIndex, id: string, end: number, failed?: boolean) {
  const span = index.spans.get(id);
  if (span && span.end === undefined) {
    span.end = Math.max(span.start, end);
    if (failed) span.failed = true;
  }
}

/**
 * Applies one event to the timeline list (in place). Events without `t` (stored before offsets
 * existed) leave it untouched. Work per event is constant but for the usage walk up the agent
 * ancestry (bounded by the depth limit, as in the tree).
 */
export function applyTimeline(list: TimelineSpan[], index: TimelineIndex, ev: RunEvent) {
  const t = ev.t;
  if (t === undefined) return;
  switch (ev.type) {
    case "run_start":
      if (!index.spans.has(ROOT_SPAN_ID))
        add(list, index, {
          id: ROOT_SPAN_ID,
          kind: "agent",
          parentId: null,
          depth: 0,
          label: ev.rootAgentIds[0] ?? ev.agentId,
          start: t,
          inputTokens: 0,
          outputTokens: 0,
        });
      break;
    case "tool_call_start":
      // A subagent's dispatch: until its subagent_start it waits for a free parallel slot.
      if (ev.name === "subagent")
        add(list, index, {
          id: `wait:${ev.id}`,
          kind: "wait",
          wait: "cap",
          parentId: ev.spanId,
          depth: ev.depth,
          label: String(ev.args.subagent_type ?? ""),
          start: t,
        });
      else
        add(list, index, {
          id: `tool:${ev.id}`,
          kind: "tool",
          parentId: ev.spanId,
          depth: ev.depth,
          label: ev.name,
          start: t,
        });
      break;
    case "tool_approval": {
      const wait = `approval:${ev.id}`;
      if (ev.approval.status === "pending") {
        if (!index.spans.has(wait))
          add(list, index, {
            id: wait,
            kind: "wait",
            wait: "approval",
            parentId: ev.spanId,
            depth: ev.depth,
            label: ev.name,
            start: t,
          });
        break;
      }
      close(index, wait, t);
      // The tool runs from its approval on, after the wait (drawn separately).
      const tool = index.spans.get(`tool:${ev.id}`);
      if (
        tool &&
        tool.end === undefined &&
        (ev.approval.status === "approved" || ev.approval.status === "edited")
      )
        tool.start = Math.max(tool.start, t);
      else close(index, `tool:${ev.id}`, t);
      break;
    }
    case "tool_call_end":
      close(index, `tool:${ev.id}`, t, Boolean(ev.error));
      break;
    case "subagent_start": {
      const wait = index.spans.get(`wait:${ev.spanId}`);
      if (wait) {
        close(index, wait.id, t);
        wait.label = ev.agentName || ev.agentId;
      }
      if (!index.spans.has(ev.spanId))
        add(list, index, {
          id: ev.spanId,
          kind: "agent",
          parentId: ev.parentSpanId ?? ROOT_SPAN_ID,
          depth: ev.depth,
          label: ev.agentName || ev.agentId,
          start: t,
          inputTokens: 0,
          outputTokens: 0,
        });
      break;
    }
    case "subagent_stop":
    case "subagent_error":
      close(index, `wait:${ev.spanId}`, t);
      close(index, ev.spanId, t, ev.type === "subagent_error");
      break;
    case "model_start": {
      const span: TimelineSpan = {
        id: `model:${list.length}`,
        kind: "model",
        parentId: ev.spanId,
        depth: ev.depth,
        label: ev.model,
        start: t,
      };
      add(list, index, span);
      index.running.set(ev.spanId, span);
      break;
    }
    case "provider_retry": {
      // The refused attempt is drawn as a failed call; the call itself starts again after the wait.
      const running = index.running.get(ev.spanId);
      if (running) {
        add(list, index, { ...running, id: `model:${list.length}`, end: t, failed: true });
        running.start = t + ev.delayMs;
      }
      add(list, index, {
        id: `retry:${list.length}`,
        kind: "wait",
        wait: "retry",
        parentId: ev.spanId,
        depth: ev.depth,
        label: ev.model,
        start: t,
        end: t + ev.delayMs,
      });
      break;
    }
    case "usage": {
      // Ends the call its model_start opened (events stored before model_start existed: a new span).
      const running = index.running.get(ev.spanId);
      index.running.delete(ev.spanId);
      const call: TimelineSpan = running ?? {
        id: `model:${list.length}`,
        kind: "model",
        parentId: ev.spanId,
        depth: ev.depth,
        label: ev.model,
        start: t,
      };
      call.start = Math.min(ev.startT ?? call.start, t);
      call.end = t;
      call.inputTokens = ev.inputTokens;
      call.outputTokens = ev.outputTokens;
      if (ev.cost !== undefined) call.cost = ev.cost;
      if (!running) add(list, index, call);
      for (
        let span = index.spans.get(ev.spanId);
        span;
        span = span.parentId ? index.spans.get(span.parentId) : undefined
      ) {
        span.inputTokens = (span.inputTokens ?? 0) + ev.inputTokens;
        span.outputTokens = (span.outputTokens ?? 0) + ev.outputTokens;
        if (ev.cost !== undefined) span.cost = addCost(span.cost ?? 0, ev.cost);
        if (span.id === ROOT_SPAN_ID) break;
      }
      break;
    }
    case "run_end":
      // Whatever is still open ends with the run (once, at its end: not per event).
      for (const span of list) if (span.end === undefined) span.end = Math.max(span.start, t);
      if (ev.status === "failed") {
        const root = index.spans.get(ROOT_SPAN_ID);
        if (root) root.failed = true;
      }
      break;
  }
}

export interface CriticalPath {
  /** Ids of the spans on the path (agent spans and the leaves that decided their end). */
  ids: Set<string>;
  /** Milliseconds of the leaves on the path (model calls, tools, waits). */
  ms: number;
  /** Wall time of the root span. */
  totalMs: number;
  /** ms / totalMs, 0..1 (0 when the run took no time). */
  share: number;
}

/**
 * The chain of spans that decided the answer's wall time: from the root's end, walk back to the
 * child that ended last before the cursor, descend into it if it is an agent span, then continue
 * from that child's start. Waits (approval, cap, retry) count: they held the answer back too.
 */
export function criticalPath(spans: readonly TimelineSpan[], now?: number): CriticalPath {
  const root = spans.find((s) => s.id === ROOT_SPAN_ID);
  const ids = new Set<string>();
  if (!root) return { ids, ms: 0, totalMs: 0, share: 0 };
  const endOf = (s: TimelineSpan) => s.end ?? now ?? s.start;
  const children = new Map<string, TimelineSpan[]>();
  for (const s of spans) {
    if (s.parentId === null) continue;
    const list = children.get(s.parentId) ?? [];
    list.push(s);
    children.set(s.parentId, list);
  }
  let ms = 0;
  const walk = (agent: TimelineSpan) => {
    ids.add(agent.id);
    const kids = (children.get(agent.id) ?? []).slice().sort((a, b) => endOf(b) - endOf(a));
    let cursor = endOf(agent);
    for (const kid of kids) {
      if (endOf(kid) > cursor) continue;
      if (endOf(kid) <= kid.start && kid.kind !== "agent") continue;
      if (kid.kind === "agent") walk(kid);
      else {
        ids.add(kid.id);
        ms += endOf(kid) - kid.start;
      }
      cursor = kid.start;
    }
  };
  walk(root);
  const totalMs = endOf(root) - root.start;
  return { ids, ms, totalMs, share: totalMs > 0 ? Math.min(1, ms / totalMs) : 0 };
}
