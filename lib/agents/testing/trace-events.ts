import { ROOT_SPAN_ID, type RunEvent, type RunEventInit } from "../events";

/**
 * A long, realistic run's event log for tests and the render benchmark: the root reasons, answers,
 * calls tools (one of which fails), dispatches two children that stream in parallel (one of them
 * dispatches a grandchild, one of them fails), hands off, summarizes and streams a long answer in
 * small deltas until `total` events, then ends with `status`. Deterministic for a given input.
 */
export function syntheticRunEvents(
  total: number,
  status: "completed" | "stopped" | "failed" = "completed",
): RunEvent[] {
  const out: RunEvent[] = [];
  let ts = 1_700_000_000_000;
  const push = (e: RunEventInit) => out.push({ ...e, ts: ts++ } as RunEvent);
  const root = { spanId: ROOT_SPAN_ID, parentSpanId: null, depth: 0, agentId: "lead" };
  const a = { spanId: "call_a", parentSpanId: ROOT_SPAN_ID, depth: 1, agentId: "researcher" };
  const b = { spanId: "call_b", parentSpanId: ROOT_SPAN_ID, depth: 1, agentId: "math" };
  const g = { spanId: "call_g", parentSpanId: "call_a", depth: 2, agentId: "lead" };
  const usage = (span: typeof root | typeof a, i: number, o: number) =>
    push({ type: "usage", ...span, inputTokens: i, outputTokens: o, provider: "demo", model: "demo-1" });
  const words = ["Delegation ", "splits ", "**work** ", "into ", "`parallel` ", "parts.\n", "| a | b |\n"];
  const delta = (span: typeof root | typeof a, i: number) =>
    push({ type: "text_delta", ...span, text: words[i % words.length] });

  push({ type: "run_start", ...root, runId: "run_1", graphType: "standard", rootAgentIds: ["lead"] });
  push({ type: "reasoning_delta", ...root, text: "Two parts: " });
  push({ type: "reasoning_delta", ...root, text: "research and arithmetic." });
  delta(root, 0);
  usage(root, 120, 30);
  push({ type: "tool_call_start", ...root, id: "call_t1", name: "calculator", args: { expression: "2*21" } });
  push({ type: "tool_call_end", ...root, id: "call_t1", name: "calculator", result: "42" });
  push({ type: "tool_call_start", ...root, id: "call_t2", name: "calculator", args: { expression: "1/" } });
  push({
    type: "tool_call_end",
    ...root,
    id: "call_t2",
    name: "calculator",
    result: "Error: unexpected end",
    error: "unexpected end of expression",
  });
  for (const [id, span, task] of [
    ["call_a", a, "find sources"],
    ["call_b", b, "compute totals"],
  ] as const) {
    push({
      type: "tool_call_start",
      ...root,
      id,
      name: "subagent",
      args: { subagent_type: span.agentId, description: task },
    });
    push({
      type: "subagent_start",
      ...span,
      subagentType: span.agentId,
      agentName: span.agentId === "math" ? "Mathematician" : "Researcher",
      task,
      mode: "isolated",
      ancestry: ["lead"],
    });
  }
  // Both children stream at once.
  for (let i = 0; i < 20; i++) {
    delta(a, i);
    delta(b, i + 3);
  }
  push({ type: "tool_call_start", ...b, id: "call_t3", name: "calculator", args: { expression: "3+4" } });
  push({ type: "tool_call_end", ...b, id: "call_t3", name: "calculator", result: "7" });
  usage(b, 40, 12);
  push({
    type: "tool_call_start",
    ...a,
    id: "call_g",
    name: "subagent",
    args: { subagent_type: "self", description: "dig deeper" },
  });
  push({
    type: "subagent_start",
    ...g,
    subagentType: "self",
    agentName: "Team Lead",
    task: "dig deeper",
    mode: "fork",
    ancestry: ["lead", "researcher"],
  });
  push({ type: "reasoning_delta", ...g, text: "Looking closer." });
  for (let i = 0; i < 10; i++) delta(g, i);
  usage(g, 300, 50);
  push({
    type: "subagent_stop",
    ...g,
    text: "deeper",
    usage: { inputTokens: 300, outputTokens: 50 },
    durationMs: 80,
  });
  push({ type: "tool_call_end", ...a, id: "call_g", name: "subagent", result: "deeper" });
  push({ type: "subagent_error", ...b, message: "The model endpoint refused the request.", durationMs: 95 });
  push({
    type: "tool_call_end",
    ...root,
    id: "call_b",
    name: "subagent",
    result: "failed",
    error: "refused",
  });
  usage(a, 60, 20);
  push({
    type: "subagent_stop",
    ...a,
    text: "sources",
    usage: { inputTokens: 360, outputTokens: 70 },
    durationMs: 140,
  });
  push({ type: "tool_call_end", ...root, id: "call_a", name: "subagent", result: "sources" });
  push({ type: "handoff", ...root, fromAgentId: "lead", toAgentId: "writer" });
  push({
    type: "summary",
    ...root,
    text: "Earlier: the user asked about delegation.",
    summarizedMessages: 4,
  });
  // A third child still running when a stopped/failed run ends.
  push({
    type: "tool_call_start",
    ...root,
    id: "call_c",
    name: "subagent",
    args: { subagent_type: "researcher", description: "check" },
  });
  const c = { ...a, spanId: "call_c" };
  let i = 0;
  const tail = status === "completed" ? 2 : 1;
  while (out.length < total - tail) {
    // The long answer: mostly root text, now and then a child's line and usage.
    if (i % 50 === 25) delta(c, i);
    else if (i % 200 === 199) usage(root, 10, 5);
    else delta(root, i);
    i++;
  }
  if (status === "completed")
    push({
      type: "subagent_stop",
      ...c,
      text: "checked",
      usage: { inputTokens: 0, outputTokens: 0 },
      durationMs: 5,
    });
  push({
    type: "run_end",
    ...root,
    status,
    ...(status === "completed" ? {} : { error: { code: `${status}:run`, message: `The run ${status}.` } }),
    usage: { inputTokens: 520, outputTokens: 110 },
    durationMs: 2_000,
  });
  return out;
}
