import {
  type Attributes,
  type Context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from "@opentelemetry/api";
import { ATTR_ERROR_TYPE } from "@opentelemetry/semantic-conventions";
import { ROOT_SPAN_ID, type RunEvent, type RunStatus } from "@/lib/agents/events";
import { ModelCallClock } from "../model-call-clock";
import type { FinalRunStatus, ObservedRun, RunObserver } from "../run-observer";
import { APP, GEN_AI } from "./attributes";

interface AgentSpan {
  span: Span;
  ctx: Context;
  /** Open tool calls and subagents dispatched by this agent (by tool call id). */
  open: Set<string>;
}

const FINAL: Record<FinalRunStatus, string> = {
  COMPLETED: "completed",
  STOPPED: "stopped",
  FAILED: "failed",
  INTERRUPTED: "interrupted",
  PAUSED: "paused",
};

/**
 * Turns one run's events into OpenTelemetry spans, nested like the chat's trace blocks: the root
 * agent's span, under it one span per subagent (the dispatching tool call's block), per model call
 * (`chat <model>`) and per tool call (`execute_tool <name>`), at the events' own times. Only ids,
 * names, models, token counts, statuses and error codes are recorded: never a message, a tool's
 * arguments or result, or an error's text.
 */
export class RunSpans implements RunObserver {
  private readonly agents = new Map<string, AgentSpan>();
  private readonly tools = new Map<string, Span>();
  private readonly clock = new ModelCallClock();
  private runEnd?: { status: RunStatus; code?: string; ts: number };
  private lastTs = Date.now();

  constructor(
    private readonly tracer: Tracer,
    private readonly run: ObservedRun,
    /** Starts the root span with the run's own trace id (see exporter.ts). */
    private readonly startRoot: (start: () => Span) => Span,
    /** The currency of the run's costs (the installation's when it started). */
    private readonly currency = "USD",
  ) {}

  event(e: RunEvent): void {
    this.lastTs = e.ts;
    const call = this.clock.observe(e);
    switch (e.type) {
      case "run_start":
        this.root(e.ts).span.setAttribute(APP.graphType, e.graphType);
        return;
      case "tool_call_start": {
        const parent = this.agent(e.spanId, e.ts);
        parent.open.add(e.id);
        if (e.name === "subagent") {
          // The subagent's block: its span starts when its parent calls it (subagent_start names it).
          this.startAgent(e.id, parent, e.ts, `invoke_agent ${e.name}`, { [APP.depth]: e.depth + 1 });
          return;
        }
        const attributes: Attributes = {
          [GEN_AI.operation]: "execute_tool",
          [GEN_AI.toolName]: e.name,
          [GEN_AI.toolCallId]: e.id,
          [GEN_AI.agentId]: e.agentId,
        };
        if (e.source) attributes[APP.toolSource] = e.source;
        this.tools.set(
          e.id,
          this.tracer.startSpan(
            `execute_tool ${e.name}`,
            { kind: SpanKind.INTERNAL, startTime: e.ts, attributes },
            parent.ctx,
          ),
        );
        return;
      }
      case "tool_approval":
        this.tools.get(e.id)?.addEvent("approval", { "delegate.approval.status": e.approval.status }, e.ts);
        return;
      case "tool_call_end": {
        this.agents.get(e.spanId)?.open.delete(e.id);
        const tool = this.tools.get(e.id);
        if (tool) {
          this.tools.delete(e.id);
          if (e.error) fail(tool, "tool_error");
          tool.end(e.ts);
          return;
        }
        // A subagent that never started (refused) or whose end came only as its tool result.
        const child = this.agents.get(e.id);
        if (child?.span.isRecording()) {
          if (e.error) fail(child.span, "subagent_error");
          child.span.end(e.ts);
        }
        return;
      }
      case "subagent_start": {
        const a = this.agent(e.spanId, e.ts);
        a.span.updateName(`invoke_agent ${e.agentName}`);
        a.span.setAttributes({
          [GEN_AI.agentId]: e.agentId,
          [GEN_AI.agentName]: e.agentName,
          [APP.subagentType]: e.subagentType,
          [APP.subagentMode]: e.mode,
          [APP.depth]: e.depth,
          ...(e.model ? { [GEN_AI.model]: e.model } : {}),
        });
        return;
      }
      case "subagent_stop": {
        const a = this.agent(e.spanId, e.ts);
        a.span.setAttributes({
          [GEN_AI.inputTokens]: e.usage.inputTokens,
          [GEN_AI.outputTokens]: e.usage.outputTokens,
        });
        a.span.setStatus({ code: SpanStatusCode.OK });
        this.closeAgent(e.spanId, e.ts, undefined);
        return;
      }
      case "subagent_error":
        this.closeAgent(e.spanId, e.ts, e.code ?? "subagent_error");
        return;
      case "usage": {
        const parent = this.agent(e.spanId, e.ts);
        const span = this.tracer.startSpan(
          `chat ${e.model}`,
          {
            kind: SpanKind.CLIENT,
            startTime: call?.startMs ?? e.ts,
            attributes: {
              [GEN_AI.operation]: "chat",
              [GEN_AI.provider]: e.provider,
              [GEN_AI.model]: e.model,
              [GEN_AI.agentId]: e.agentId,
              [GEN_AI.inputTokens]: e.inputTokens,
              [GEN_AI.outputTokens]: e.outputTokens,
              ...costAttributes(e.cost, this.currency),
            },
          },
          parent.ctx,
        );
        span.end(e.ts);
        return;
      }
      case "provider_retry":
        // The retry's wait, on the agent span whose model call failed (the call's own span starts
        // when an attempt succeeds).
        this.agent(e.spanId, e.ts).span.addEvent(
          "provider.retry",
          {
            "delegate.retry.attempt": e.attempt,
            "delegate.retry.delay_ms": e.delayMs,
            "error.type": e.code,
            [GEN_AI.model]: e.model,
          },
          e.ts,
        );
        return;
      case "handoff":
        this.root(e.ts).span.addEvent(
          "handoff",
          { "delegate.handoff.from": e.fromAgentId, "delegate.handoff.to": e.toAgentId },
          e.ts,
        );
        return;
      case "summary":
        this.root(e.ts).span.addEvent("summary", { "delegate.summary.messages": e.summarizedMessages }, e.ts);
        return;
      case "run_end": {
        this.runEnd = { status: e.status, code: e.error?.code, ts: e.ts };
        this.root(e.ts).span.setAttributes({
          [GEN_AI.inputTokens]: e.usage.inputTokens,
          [GEN_AI.outputTokens]: e.usage.outputTokens,
        });
        return;
      }
      default:
        return;
    }
  }

  /** Ends every span still open with the run's final status; the root span last. */
  end(status: FinalRunStatus): void {
    const ts = this.runEnd?.ts ?? Math.max(this.lastTs, Date.now());
    const reason =
      status === "COMPLETED" || status === "PAUSED"
        ? undefined
        : status === "FAILED"
          ? (this.runEnd?.code ?? "failed")
          : FINAL[status];
    for (const [id, tool] of this.tools) {
      if (reason) fail(tool, reason);
      tool.end(ts);
      this.tools.delete(id);
    }
    // Children before parents (spans were added parents first).
    for (const id of [...this.agents.keys()].reverse()) {
      if (id !== ROOT_SPAN_ID) this.closeAgent(id, ts, reason);
    }
    const root = this.root(ts);
    root.span.setAttribute(APP.runStatus, FINAL[status]);
    if (status === "COMPLETED") root.span.setStatus({ code: SpanStatusCode.OK });
    this.closeAgent(ROOT_SPAN_ID, ts, reason);
  }

  private root(ts: number): AgentSpan {
    const found = this.agents.get(ROOT_SPAN_ID);
    if (found) return found;
    const first = this.run.agents.find((a) => a.id === this.run.rootId);
    const attributes: Attributes = {
      [GEN_AI.operation]: "invoke_agent",
      [APP.runId]: this.run.runId,
      [APP.resumed]: this.run.resumed,
      [APP.depth]: 0,
    };
    if (first) {
      attributes[GEN_AI.agentId] = first.id;
      attributes[GEN_AI.agentName] = first.name;
      attributes[GEN_AI.model] = first.model;
    }
    const span = this.startRoot(() =>
      this.tracer.startSpan(
        `invoke_agent ${first?.name ?? "agent"}`,
        { kind: SpanKind.INTERNAL, startTime: ts, attributes, root: true },
        ROOT_CONTEXT,
      ),
    );
    const root = { span, ctx: trace.setSpan(ROOT_CONTEXT, span), open: new Set<string>() };
    this.agents.set(ROOT_SPAN_ID, root);
    return root;
  }

  /** The agent span of `spanId`; one first seen mid-run (a resumed run's child) hangs off the root. */
  private agent(spanId: string, ts: number): AgentSpan {
    if (spanId === ROOT_SPAN_ID) return this.root(ts);
    return this.agents.get(spanId) ?? this.startAgent(spanId, this.root(ts), ts, "invoke_agent subagent", {});
  }

  private startAgent(spanId: string, parent: AgentSpan, ts: number, name: string, attributes: Attributes) {
    const span = this.tracer.startSpan(
      name,
      {
        kind: SpanKind.INTERNAL,
        startTime: ts,
        attributes: { [GEN_AI.operation]: "invoke_agent", [APP.spanId]: spanId, ...attributes },
      },
      parent.ctx,
    );
    const a = { span, ctx: trace.setSpan(parent.ctx, span), open: new Set<string>() };
    this.agents.set(spanId, a);
    return a;
  }

  /**
   * Ends an agent's span. An agent that ends in failure with no tool call of its own open was
   * waiting for a model (it alternates model calls and tool calls): that call gets a span of its own,
   * ended by the failure (no tokens are known for it). A limit refusal happens between calls.
   */
  private closeAgent(spanId: string, ts: number, reason: string | undefined) {
    const a = this.agents.get(spanId);
    if (!a?.span.isRecording()) return;
    if (reason) {
      const since = this.clock.runningSince(spanId);
      if (since !== undefined && a.open.size === 0 && !reason.startsWith("limit:")) {
        const call = this.tracer.startSpan(
          "chat",
          {
            kind: SpanKind.CLIENT,
            startTime: since,
            attributes: { [GEN_AI.operation]: "chat", [APP.modelCallEnded]: reason },
          },
          a.ctx,
        );
        fail(call, reason);
        call.end(ts);
      }
      fail(a.span, reason);
    }
    a.span.end(ts);
  }
}

/** A model call's cost and its currency; `unknown` when it had no price; nothing when not accounted. */
function costAttributes(cost: number | null | undefined, currency: string): Attributes {
  if (cost === undefined) return {};
  if (cost === null) return { [APP.costUnknown]: true, [APP.costCurrency]: currency };
  return { [GEN_AI.cost]: cost, [APP.costCurrency]: currency };
}

/** Error status with the error's code (never its message, which may quote the conversation). */
function fail(span: Span, code: string) {
  span.setStatus({ code: SpanStatusCode.ERROR, message: code });
  span.setAttribute(ATTR_ERROR_TYPE, code);
}
