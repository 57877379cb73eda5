import { describe, expect, it } from "vitest";
import { ROOT_SPAN_ID, type RunEvent } from "@/lib/agents/events";
import { endOfFirstBlockStartedIn } from "./frame-batch";

const base = { spanId: ROOT_SPAN_ID, parentSpanId: null, depth: 0, agentId: "a", ts: 1 };
const child = { spanId: "c1", parentSpanId: ROOT_SPAN_ID, depth: 1, agentId: "b", ts: 1 };
const start = { ...base, type: "tool_call_start", id: "c1", name: "subagent", args: {} } as RunEvent;
const text = { ...child, type: "text_delta", text: "hi" } as RunEvent;
const stop = {
  ...child,
  type: "subagent_stop",
  text: "hi",
  usage: { inputTokens: 1, outputTokens: 1 },
  durationMs: 3,
} as RunEvent;

describe("endOfFirstBlockStartedIn", () => {
  it("stops a frame before the end of a block that started in it, so it is seen running", () => {
    expect(endOfFirstBlockStartedIn([start, text, stop, text])).toBe(2);
  });
  it("applies everything when no block both starts and ends in the batch", () => {
    expect(endOfFirstBlockStartedIn([text, stop, text])).toBe(3);
    expect(endOfFirstBlockStartedIn([start, text])).toBe(2);
  });
  it("does the same for a tool call's start and result", () => {
    const call = { ...base, type: "tool_call_start", id: "t1", name: "calculator", args: {} } as RunEvent;
    const result = { ...base, type: "tool_call_end", id: "t1", name: "calculator", result: "4" } as RunEvent;
    expect(endOfFirstBlockStartedIn([text, call, result])).toBe(2);
  });
});
