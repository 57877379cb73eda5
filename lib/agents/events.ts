import type { ToolApproval } from "./approval";
import type { RunError } from "./errors";
import type { TodoItem } from "./tools/write-todos";

/**
 * The one typed event stream of a run: the chat route sends it over SSE, persistence stores it
 * and the UI reduces it (see trace.ts). Every event is plain JSON.
 *
 * Spans: the root agent's span is `ROOT_SPAN_ID` (parentSpanId null, depth 0). A subagent's span
 * id is the id of the `subagent` tool call that dispatched it; events inside a child carry that
 * span id, its parent span and the child's depth. Text streamed by a child is a `text_delta` with
 * the child's span id (there is no separate subagent_delta kind).
 */

export const ROOT_SPAN_ID = "root";

export type GraphType = "standard" | "multi-agent";
export type RunStatus = "completed" | "stopped" | "failed";

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** Present when the run accounts cost (the host passed prices): parts of the two counts above. */
  cachedInputTokens?: number;
  reasoningTokens?: number;
  /** In the installation's currency; null = some call's model has no price (unknown, not 0). */
  cost?: number | null;
}

export interface EventBase {
  /** Span the event belongs to: ROOT_SPAN_ID or a subagent's dispatch tool call id. */
  spanId: string;
  /** The span that dispatched this one; null at the root. */
  parentSpanId: string | null;
  /** 0 for root agents, 1 for their subagents, ... */
  depth: number;
  /** Agent that produced the event (the child's agent id inside a subagent span). */
  agentId: string;
  /** Milliseconds since the epoch. */
  ts: number;
  /**
   * Milliseconds since the run started on the server's monotonic clock (see clock.ts): the
   * timeline's axis, continued across a pause and resume. Absent in events stored before it existed.
   */
  t?: number;
}

export interface RunStartEvent extends EventBase {
  type: "run_start";
  runId: string;
  graphType: GraphType;
  rootAgentIds: string[];
}
export interface TextDeltaEvent extends EventBase {
  type: "text_delta";
  text: string;
}
export interface ReasoningDeltaEvent extends EventBase {
  type: "reasoning_delta";
  text: string;
}
export interface ToolCallStartEvent extends EventBase {
  type: "tool_call_start";
  /** Tool call id (unique within the run). */
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** Where the tool runs (an MCP server's name); absent for built-in tools and subagents. */
  source?: string;
}
export interface ToolCallEndEvent extends EventBase {
  type: "tool_call_end";
  id: string;
  name: string;
  /** What the model receives as the ToolMessage content. */
  result: string;
  /** Where in `result` the tool's structured content (JSON) begins (ToolOutput.structuredAt). */
  structuredAt?: number;
  error?: string;
}
/** An agent's checklist after a `write_todos` call (the whole list: each call replaces it). */
export interface TodosEvent extends EventBase {
  type: "todos";
  /** The `write_todos` tool call id. */
  id: string;
  todos: TodoItem[];
}
/** A call of a tool that asks before running: pending, then the person's decision. */
export interface ToolApprovalEvent extends EventBase {
  type: "tool_approval";
  /** The tool call id. */
  id: string;
  name: string;
  approval: ToolApproval;
}
export interface SubagentStartEvent extends EventBase {
  type: "subagent_start";
  /** 'self' or the child agent's id. */
  subagentType: string;
  agentName: string;
  task: string;
  mode: "isolated" | "fork";
  /** The model the child runs on. */
  model?: string;
  /** Agent ids from the root down to the dispatching agent. */
  ancestry: string[];
  /** Names of the attached files the child received, when any. */
  files?: string[];
}
export interface SubagentStopEvent extends EventBase {
  type: "subagent_stop";
  /** The child's final text (the parent's ToolMessage). */
  text: string;
  /** Tokens of the child and its own descendants. */
  usage: Usage;
  durationMs: number;
}
export interface SubagentErrorEvent extends EventBase {
  type: "subagent_error";
  message: string;
  code?: string;
  durationMs: number;
}
export interface UsageEvent extends EventBase {
  type: "usage";
  inputTokens: number;
  outputTokens: number;
  /** Parts of inputTokens / outputTokens; present when the provider reported them. */
  cachedInputTokens?: number;
  reasoningTokens?: number;
  /** This call's cost when the run accounts cost; null = the model has no price. */
  cost?: number | null;
  provider: string;
  model: string;
  /** The run's offset (`t`) when this model call started; the event's own `t` is its end. */
  startT?: number;
}
/** A model call begins: its request is sent. Its `usage` event ends it (or the run's end does). */
export interface ModelStartEvent extends EventBase {
  type: "model_start";
  provider: string;
  model: string;
}
/**
 * An attempt of a model call failed before it streamed anything (rate limit, 5xx, overloaded) and
 * the provider policy tries again after `delayMs`: the wait starts at the event's `t`.
 */
export interface ProviderRetryEvent extends EventBase {
  type: "provider_retry";
  model: string;
  /** 1 for the first retry of the call. */
  attempt: number;
  delayMs: number;
  /** The failure's error code, e.g. "provider:rate_limited". */
  code: string;
  status?: number;
}
export interface HandoffEvent extends EventBase {
  type: "handoff";
  fromAgentId: string;
  toAgentId: string;
}
/** Steering messages went to the root agent here, before its next model call (see steering.ts). */
export interface SteerEvent extends EventBase {
  type: "steer";
  text: string;
}
export interface SummaryEvent extends EventBase {
  type: "summary";
  /** Summary that replaced older messages; persist it as the next run's `initialSummary`. */
  text: string;
  summarizedMessages: number;
}
/**
 * A notice for the user: a catalog message (its full key, e.g. chat.notices.toolGone.gone, and
 * values) the chat words in the reader's language, with the English sentence for a key the
 * catalog no longer has; or, in answers stored by older versions, a sentence.
 */
export type RunNotice =
  | string
  | { key: string; values?: Record<string, string | number | string[]>; message: string };

/** Something the user should know about the run that is not an error (e.g. a tool that is gone). */
export interface NoticeEvent extends EventBase {
  type: "notice";
  message: RunNotice;
}
export interface RunEndEvent extends EventBase {
  type: "run_end";
  status: RunStatus;
  error?: RunError;
  usage: Usage;
  durationMs: number;
}

export type RunEvent =
  | RunStartEvent
  | TextDeltaEvent
  | ReasoningDeltaEvent
  | ToolCallStartEvent
  | ToolCallEndEvent
  | ToolApprovalEvent
  | TodosEvent
  | SubagentStartEvent
  | SubagentStopEvent
  | SubagentErrorEvent
  | UsageEvent
  | ModelStartEvent
  | ProviderRetryEvent
  | HandoffEvent
  | SteerEvent
  | SummaryEvent
  | NoticeEvent
  | RunEndEvent;

export type RunEventType = RunEvent["type"];

/** Distributes Omit over the union so each member keeps its own fields. */
export type RunEventInit = RunEvent extends infer E
  ? E extends RunEvent
    ? Omit<E, "ts" | "t">
    : never
  : never;
