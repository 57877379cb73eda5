import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { AIMessageChunk, SystemMessage } from "@langchain/core/messages";
import type { Runnable } from "@langchain/core/runnables";
import type { ApprovalHooks } from "../approval";
import type { BackgroundHooks } from "../background";
import type { BudgetScope } from "../budget";
import type { RunClock } from "../clock";
import type { ModelPrice } from "../cost";
import type { RunEventInit, Usage } from "../events";
import type { RunFile } from "../files";
import type { Limits } from "../limits";
import type { SteeringInbox } from "../steering";
import type { AgentInput, Logger, ModelCallInfo, ModelFactory } from "../types";
import type { IdleWatch } from "./idle";
import type { Journal } from "./journal";

export type ChatRunnable = Runnable<BaseLanguageModelInput, AIMessageChunk>;

/** Shared by every agent execution of one run. */
export interface RunContext {
  runId: string;
  /** Aborts on the caller's signal, on a fatal hook error, or on `run.abort()`. */
  signal: AbortSignal;
  emit(event: RunEventInit): void;
  limits: Limits;
  modelFactory: ModelFactory;
  onModelCallEnd?: (info: ModelCallInfo) => Promise<void> | void;
  logger: Logger;
  /** Records an error that must stop the whole run (e.g. quota) and aborts every descendant. */
  fail(err: unknown): void;
  /** Tool call ids already used in this run (span ids must be unique). */
  usedToolCallIds: Set<string>;
  nextId(): string;
  /**
   * Models by agent input, so parallel children share one instance: the factory's model and its
   * bound copies by the deferred tools found (see tool-search.ts; "" = none found).
   */
  models: Map<AgentInput, { base: BaseChatModel; bound: Map<string, ChatRunnable> }>;
  /** The run's time axis (every event's `t`). */
  clock: RunClock;
  /** What the run has done (replayed when the run resumes from a snapshot). */
  journal: Journal;
  /** Hands the journal to the host after new work finished (`onCheckpoint`); never throws. */
  checkpoint(): Promise<void>;
  /** The host's approval hooks; without them a tool that asks before running is refused. */
  approvals?: ApprovalHooks;
  /** The host's background tasks; without them `run_in_background` is refused. */
  background?: BackgroundHooks;
  /** Messages the user sends while the run goes on, for the root agent (see steering.ts). */
  steering?: SteeringInbox;
  /** Work in flight vs. calls waiting for a person. */
  idle: IdleWatch;
  /** The price of an agent's model; undefined = the run does not account cost, null = no price. */
  /** True when the host passed prices: usage then carries cost (see cost.ts). */
  accountsCost: boolean;
  /** The prices' currency code, when the host gave it (budget messages say amounts in it). */
  currency?: string;
  priceOf(input: { endpointId: string; model: string }): ModelPrice | null | undefined;
  /** Every file attached in the conversation (unique names); what root agents can see and pass on. */
  files: RunFile[];
}

/** One agent running in one span (the root, or one subagent invocation). */
export interface AgentExecution {
  run: RunContext;
  input: AgentInput;
  spanId: string;
  parentSpanId: string | null;
  depth: number;
  /** Agent ids from the root down to this agent. */
  ancestry: string[];
  parent?: AgentExecution;
  /** Model turns this execution may take. */
  maxTurns: number;
  turns: number;
  /** Tokens of this execution and its descendants. */
  usage: Usage;
  system?: SystemMessage;
  /** Tool definitions to bind, beyond the registry (transfer tools in multi-agent runs). */
  extraTools?: unknown[];
  /** Files this execution has in its messages and may pass on; unset = the run's (root agents). */
  files?: RunFile[];
  /** Money this execution and its descendants may spend (the answer's cap, or a subagent entry's). */
  budget?: BudgetScope;
}
