import type { TimelineSpan } from "@/lib/agents/timeline";

export interface Lane {
  agent: TimelineSpan;
  /** Model calls, tool calls and waits of this agent span, in the order they started. */
  items: TimelineSpan[];
}

/**
 * One lane per agent span, each child right under its parent (so parallel children sit side by
 * side), and the axis' end: the last known offset (a streaming run's open spans reach it).
 */
export function lanesOf(spans: readonly TimelineSpan[]): { lanes: Lane[]; end: number } {
  const items = new Map<string, TimelineSpan[]>();
  const childAgents = new Map<string | null, TimelineSpan[]>();
  let end = 0;
  for (const s of spans) {
    end = Math.max(end, s.end ?? s.start, s.start);
    if (s.kind === "agent") {
      const list = childAgents.get(s.parentId) ?? [];
      list.push(s);
      childAgents.set(s.parentId, list);
    } else if (s.parentId) {
      const list = items.get(s.parentId) ?? [];
      list.push(s);
      items.set(s.parentId, list);
    }
  }
  const lanes: Lane[] = [];
  const visit = (agent: TimelineSpan) => {
    lanes.push({ agent, items: items.get(agent.id) ?? [] });
    for (const child of childAgents.get(agent.id) ?? []) visit(child);
  };
  for (const top of childAgents.get(null) ?? []) visit(top);
  return { lanes, end };
}
