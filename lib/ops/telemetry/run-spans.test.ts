import { SpanStatusCode } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { describe, expect, it } from "vitest";
import { syntheticRunEvents } from "@/lib/agents/testing/trace-events";
import type { FinalRunStatus } from "../run-observer";
import { RunSpans } from "./run-spans";

function traced(status: "completed" | "stopped" | "failed", final: FinalRunStatus) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const spans = new RunSpans(
    provider.getTracer("test"),
    {
      runId: "run_1",
      rootId: "lead",
      agents: [{ id: "lead", name: "Team Lead", model: "demo-1" }],
      resumed: false,
    },
    (start) => start(),
  );
  for (const e of syntheticRunEvents(400, status)) spans.event(e);
  spans.end(final);
  const all = exporter.getFinishedSpans();
  const bySpanId = (id: string) => all.find((s) => s.attributes["delegate.span.id"] === id) as ReadableSpan;
  const parentOf = (s: ReadableSpan) =>
    all.find((p) => p.spanContext().spanId === s.parentSpanContext?.spanId);
  const root = all.find((s) => !s.parentSpanContext) as ReadableSpan;
  return { all, root, bySpanId, parentOf };
}

describe("RunSpans", () => {
  it("nests subagents like the trace blocks, to any depth, and closes every span", () => {
    const { all, root, bySpanId, parentOf } = traced("completed", "COMPLETED");
    expect(root.name).toBe("invoke_agent Team Lead");
    expect(parentOf(bySpanId("call_a"))).toBe(root);
    expect(parentOf(bySpanId("call_g"))).toBe(bySpanId("call_a"));
    expect(bySpanId("call_g").name).toBe("invoke_agent Team Lead");
    expect(bySpanId("call_a").attributes).toMatchObject({
      "gen_ai.agent.name": "Researcher",
      "gen_ai.usage.input_tokens": 360,
      "delegate.depth": 1,
    });
    expect(bySpanId("call_g").attributes).toMatchObject({
      "delegate.depth": 2,
      "delegate.subagent.mode": "fork",
    });
    expect(all.every((s) => s.ended)).toBe(true);
    expect(new Set(all.map((s) => s.spanContext().traceId)).size).toBe(1);
    // The failing calculator call and the failing child are errors with a code; the run is OK.
    const tools = all.filter((s) => s.name === "execute_tool calculator");
    expect(tools.map((s) => s.status.code)).toEqual([
      SpanStatusCode.UNSET,
      SpanStatusCode.ERROR,
      SpanStatusCode.UNSET,
    ]);
    expect(bySpanId("call_b").status).toEqual({ code: SpanStatusCode.ERROR, message: "subagent_error" });
    expect(root.status.code).toBe(SpanStatusCode.OK);
    expect(root.events.map((e) => e.name)).toEqual(["handoff", "summary"]);
  });

  it("a stopped run: the root and the child still running are errors 'stopped', as is the model call cut off", () => {
    const { root, bySpanId, all } = traced("stopped", "STOPPED");
    expect(root.status).toEqual({ code: SpanStatusCode.ERROR, message: "stopped" });
    expect(root.attributes["delegate.run.status"]).toBe("stopped");
    expect(bySpanId("call_c").status).toEqual({ code: SpanStatusCode.ERROR, message: "stopped" });
    const cut = all.filter((s) => s.attributes["delegate.model_call.ended_by"] === "stopped");
    expect(cut.length).toBeGreaterThan(0);
    // Span times are the events' times: the root ends at run_end.
    const events = syntheticRunEvents(400, "stopped");
    expect(root.endTime[0] * 1000 + root.endTime[1] / 1e6).toBe(events.at(-1)?.ts);
  });

  it("the run's final status wins: a run interrupted by shutdown", () => {
    const { root } = traced("stopped", "INTERRUPTED");
    expect(root.status).toEqual({ code: SpanStatusCode.ERROR, message: "interrupted" });
  });

  it("records no arguments, results or texts", () => {
    const { all } = traced("completed", "COMPLETED");
    const exported = JSON.stringify(all.map((s) => [s.name, s.attributes, s.events, s.status]));
    for (const text of ["2*21", "42", "find sources", "Delegation", "deeper", "refused", "Earlier:"]) {
      expect(exported).not.toContain(text);
    }
  });

  it("puts cost and currency on model calls; a call without a price says unknown, not 0", () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const run = {
      runId: "run_2",
      rootId: "lead",
      agents: [{ id: "lead", name: "Lead", model: "m" }],
      resumed: false,
    };
    const spans = new RunSpans(provider.getTracer("test"), run, (start) => start(), "EUR");
    const base = { spanId: "root", parentSpanId: null, depth: 0, agentId: "lead", ts: 1_700_000_000_000 };
    const usage = (model: string, cost: number | null | undefined) =>
      ({ ...base, type: "usage", inputTokens: 10, outputTokens: 5, provider: "p", model, cost }) as const;
    spans.event({
      ...base,
      type: "run_start",
      runId: "run_2",
      graphType: "multi-agent",
      rootAgentIds: ["lead"],
    });
    spans.event(usage("priced", 0.0042));
    spans.event(usage("unpriced", null));
    spans.event(usage("unaccounted", undefined));
    spans.end("COMPLETED");
    const attrs = (model: string) =>
      exporter.getFinishedSpans().find((s) => s.name === `chat ${model}`)?.attributes ?? {};
    expect(attrs("priced")).toMatchObject({ "gen_ai.usage.cost": 0.0042, "delegate.cost.currency": "EUR" });
    expect(attrs("unpriced")).toMatchObject({
      "delegate.cost.unknown": true,
      "delegate.cost.currency": "EUR",
    });
    expect(attrs("unpriced")).not.toHaveProperty("gen_ai.usage.cost");
    expect(attrs("unaccounted")).not.toHaveProperty("gen_ai.usage.cost");
    expect(attrs("unaccounted")).not.toHaveProperty("delegate.cost.currency");
  });
});
