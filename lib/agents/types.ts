import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { BaseMessage } from "@langchain/core/messages";
import type { ReasoningKey } from "../providers/types";
import type { ApprovalHooks } from "./approval";
import type { BackgroundHooks } from "./background";
import type { PricedModel } from "./cost";
import type { RunNotice } from "./events";
import type { RunFile } from "./files";
import type { RunSnapshot } from "./graph/journal";
import type { Limits } from "./limits";
import type { SteeringInbox } from "./steering";

/** Context a child sees: only the task (`isolated`) or the parent's conversation plus the task (`fork`). */
export type ContextMode = "isolated" | "fork";

/** Subagent settings stored on an agent (product.md §1). */
export interface SubagentSettings {
  /** Off = the agent cannot delegate at all. */
  enabled: boolean;
  /** Self-spawn; defaults to true when enabled. */
  allowSelf?: boolean;
  /** Explicit children by agent id, at most `limits.maxSubagentsPerAgent`. */
  agent_ids?: string[];
  /** Context mode per child id or `'self'`; default `isolated`. */
  modes?: Record<string, ContextMode>;
  /** Money one delegation to a child (by id or `'self'`) may spend, in the run's currency; absent = no entry budget. */
  budgets?: Record<string, number>;
  /** Entries (child ids or `'self'`) a delegation to may run in the background (`run_in_background`). */
  background?: string[];
  /** The endpoint reference and model a self-spawned copy runs on (e.g. a cheaper one); absent = the agent's own. */
  selfModel?: { provider: string; model: string };
}

export interface AgentModelParameters {
  temperature?: number;
  maxOutputTokens?: number;
  /** Hard cap on the context budget of this agent. */
  maxContextTokens?: number;
  [key: string]: unknown;
}

export interface SummarizationSettings {
  /** Endpoint the summarizer runs on, as agents refer to endpoints (an endpoint id in the app); default the agent's. */
  provider?: string;
  model?: string;
  trigger?: { type: "tokens" | "messages"; value: number };
  /** Share of the context budget kept free for the summary, in (0, 1). */
  reserveRatio?: number;
  parameters?: Record<string, unknown>;
}

/** A handoff edge between agents of a multi-agent run. */
export interface HandoffEdge {
  from: string;
  to: string;
  description?: string;
  type?: "handoff";
}

/** An agent as the DB layer loads it and passes it to `createRun`. */
export interface AgentDefinition {
  id: string;
  name: string;
  description?: string;
  instructions?: string;
  /**
   * The agent's endpoint reference: a key of `CreateRunOptions.endpoints` (the app stores an endpoint
   * id) or, without one, a provider name ("openai", "anthropic", "OpenRouter", "Ollama", ...).
   */
  provider: string;
  model: string;
  parameters?: AgentModelParameters;
  /** Tool names: built-in ones (see `BUILTIN_TOOLS`) and those given to the run (`CreateRunOptions.tools`). */
  tools?: string[];
  /** Of `tools`, those that wait for a person's approval before each call ("Ask before running"). */
  askTools?: string[];
  subagents?: SubagentSettings;
  summarization?: SummarizationSettings;
  edges?: HandoffEdge[];
}

/** An agent of a run: the definition plus, optionally, its children already resolved. */
export interface RunAgent extends AgentDefinition {
  /** Resolved explicit children (same order as `subagents.agent_ids`). When absent, children are looked up by id. */
  subagentAgentConfigs?: RunAgent[];
}

/** Anything that finds an agent by id: a Map, a plain record or a function. */
export type AgentLookup =
  | Map<string, AgentDefinition>
  | Record<string, AgentDefinition>
  | ((id: string) => AgentDefinition | undefined);

/** A tool's answer when it is more than text. */
export interface ToolOutput {
  /** What the model receives. */
  text: string;
  /**
   * Where in `text` the tool's structured content (JSON) begins: traces show the text before it
   * and the structured content apart, collapsed, instead of the same data twice in a row.
   */
  structuredAt?: number;
}

/** A tool as the engine holds it in an agent's registry. */
export interface RegistryTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters: Record<string, unknown>;
  execute: (
    args: unknown,
    ctx: { signal: AbortSignal },
  ) => Promise<string | ToolOutput> | string | ToolOutput;
  /** Validates and normalises the arguments; throws on invalid input. */
  parse?: (args: unknown) => unknown;
  /** Where the tool runs, shown in traces (an MCP server's name); built-in tools have none. */
  source?: string;
}

export interface ShapedSummarizationConfig {
  /** The summarizer's endpoint reference (the agent's own when the settings name none). */
  endpointId: string;
  /** Protocol of that endpoint. */
  provider: string;
  model: string;
  trigger: { type: "tokens" | "messages"; value: number };
  parameters: Record<string, unknown>;
  reserveRatio?: number;
}

/** Per-agent inputs of a run (what LibreChat calls AgentInputs). */
export interface AgentInput {
  agentId: string;
  name: string;
  description: string;
  instructions: string;
  /** The agent's endpoint reference exactly as configured (`AgentDefinition.provider`). */
  endpointId: string;
  /** Protocol of that endpoint (the resolved endpoint's, else via `providerEndpointMap`). */
  provider: string;
  model: string;
  parameters: AgentModelParameters;
  reasoningKey: ReasoningKey;
  maxContextTokens: number;
  effectiveMaxContextTokens: number;
  summarization?: ShapedSummarizationConfig;
  toolNames: string[];
  toolRegistry: Map<string, RegistryTool>;
  /** Registry tools that ask before running. */
  askTools: Set<string>;
  /**
   * Registry tools bound only once a `search_tools` call of the execution found them (the agent has
   * more than `limits.toolSearchThreshold` beyond the built-in ones); absent = every tool is bound.
   */
  deferredTools?: Set<string>;
  isSubagent: boolean;
  initialSummary?: string;
  subagentConfigs: SubagentConfig[];
  edges: HandoffEdge[];
}

/** One entry of an agent's expanded subagent list. */
export interface SubagentConfig {
  /** `'self'` for self-spawn, else the child agent's id. */
  type: string;
  self?: true;
  name: string;
  description: string;
  mode: ContextMode;
  /** Depth the child runs at (root = 0). */
  depth: number;
  /** The child's own inputs; a self-spawned child has no subagents of its own. */
  agentInputs: AgentInput;
  /** Money one delegation to this entry may spend (currency); absent = no entry budget. */
  budget?: number;
  /** A delegation to this entry may run in the background (the host runs it, see background.ts). */
  background?: true;
}

/**
 * An endpoint as the engine consumes it, resolved once per run by the caller (no secrets: the
 * caller's model factory holds the client settings and keys).
 */
export interface EndpointConfig {
  /** Display name (reasoning-key rule, logs). */
  name?: string;
  /** Protocol of the client that speaks to it ("openai", "anthropic", "google", "demo"). */
  provider?: string;
  baseURL?: string;
  /** The field reasoning is streamed in; computed by the caller with `getReasoningKey` when known. */
  reasoningKey?: ReasoningKey;
  useResponsesApi?: boolean;
}

export interface ModelSpec {
  /** Endpoint reference the model must come from (the agent's, or its summarizer's). */
  endpointId: string;
  /** Protocol of that endpoint. */
  provider: string;
  model: string;
  parameters: Record<string, unknown>;
  agentId: string;
  isSubagent: boolean;
  /** Set when the model is used to summarize a conversation. */
  purpose?: "chat" | "summarize";
}

export type ModelFactory = (spec: ModelSpec) => BaseChatModel;

/** A prior conversation message: a LangChain message or a plain `{ role, content }`. */
export type ConversationMessage =
  | BaseMessage
  | {
      role: "user" | "assistant" | "system";
      content: string;
      name?: string;
      /** Files attached to a user message: sent with it, and passable to subagents by name. */
      files?: RunFile[];
    };

export interface ModelCallInfo {
  agentId: string;
  spanId: string;
  parentSpanId: string | null;
  depth: number;
  provider: string;
  /** The endpoint reference the model came from (as agents configure it). */
  endpointId?: string;
  model: string;
  inputTokens: number;
  outputTokens: number;
  /** Parts of inputTokens / outputTokens (0 when the provider reported none). */
  cachedInputTokens: number;
  reasoningTokens: number;
  /** The call's cost at the price the run was given; null = no price; undefined = no prices passed. */
  cost?: number | null;
  isSubagent: boolean;
}

export interface Logger {
  info(line: Record<string, unknown>): void;
  warn(line: Record<string, unknown>): void;
  error(line: Record<string, unknown>): void;
}

export interface CreateRunOptions {
  /** Root agent(s): one for a standard run; several (or edges) for a multi-agent run. */
  agents: RunAgent[];
  /** Every agent of the subagent tree, for resolving `subagents.agent_ids`. */
  agentLookup?: AgentLookup;
  /** Prior conversation, oldest first; the last one is normally the new user message. */
  messages: ConversationMessage[];
  modelFactory: ModelFactory;
  signal?: AbortSignal;
  limits?: Partial<Limits>;
  /** Summary stored from earlier turns; given to root agents only. */
  initialSummary?: string;
  /** Overrides every agent's own summarization block. */
  summarizationConfig?: SummarizationSettings;
  /**
   * Resolved endpoints by the reference agents use (`provider`, `summarization.provider`; endpoint
   * ids in the app): protocol and reasoning key. A reference without an entry is a provider name.
   */
  endpoints?: Record<string, EndpointConfig>;
  /** Called after every model call of every agent in the tree; a throw stops the whole run (failed, error code kept). */
  onModelCallEnd?: (info: ModelCallInfo) => Promise<void> | void;
  /**
   * Resolved prices of the models the run may call (lib/pricing). Given, the run accounts cost:
   * usage events, subagent_stop and run_end carry it; a model missing here costs "unknown".
   */
  prices?: PricedModel[];
  /** The ISO 4217 code of the prices (e.g. "USD"), for budget messages the model reads. */
  currency?: string;
  /**
   * Money budgets of the run, in the prices' currency (needs `prices`): `answer` caps the whole
   * answer (every model call of the tree). Checked before each call with its worst case and after
   * it with the actual cost; reached, the run fails with `limit:answer_budget`, keeping what it streamed.
   */
  budget?: { answer?: number };
  logger?: Logger;
  runId?: string;
  /** Tools beyond the built-in ones (e.g. MCP tools resolved for the chatting user), by `name`. */
  tools?: RegistryTool[];
  /** Notices for the user emitted as `notice` events right after `run_start` (e.g. a tool that is gone). */
  notices?: RunNotice[];
  /** How calls of tools that ask before running reach a person (see approval.ts). */
  approvals?: ApprovalHooks;
  /** How delegations with `run_in_background` reach the host (see background.ts); without them they are refused. */
  background?: BackgroundHooks;
  /** Where the host puts messages the user sends while the run goes on; the root reads them before its next model call. */
  steering?: SteeringInbox;
  /**
   * Continue a run from its snapshot (same run id, agents and messages): what it did is replayed
   * without model calls, tool calls or events, and it goes on from where it stopped.
   */
  resume?: RunSnapshot;
  /**
   * Called with the run's snapshot each time it finished new work: a model turn without tool
   * calls, a turn once its calls are announced, a tool call's result. A host that stores it can
   * start the run again from it (`resume`) if its process dies. Awaited; a throw is logged and the
   * run goes on.
   */
  onCheckpoint?: (snapshot: RunSnapshot) => Promise<void> | void;
}

export type { Limits, ReasoningKey, RunFile };
