import type { BaseMessage } from "@langchain/core/messages";
import { AgentEngineError } from "./errors";
import { builtinRegistryTool } from "./tools";
import type {
  AgentDefinition,
  AgentInput,
  EndpointConfig,
  ReasoningKey,
  RegistryTool,
  ShapedSummarizationConfig,
  SummarizationSettings,
} from "./types";

/** Custom endpoint names → the client that speaks their protocol (keys lower-case). */
export const providerEndpointMap: Readonly<Record<string, string>> = Object.freeze({
  openrouter: "openai",
  ollama: "openai",
  deepseek: "openai",
  vllm: "openai",
  groq: "openai",
  mistral: "openai",
  lmstudio: "openai",
  azureopenai: "azure_openai",
  azure: "azure_openai",
  google: "google",
  gemini: "google",
  anthropic: "anthropic",
  openai: "openai",
});

export const DEFAULT_CONTEXT_TOKENS = 128_000;
export const MIN_CONTEXT_TOKENS = 1024;

export function mapProvider(provider: string, endpoints?: Record<string, EndpointConfig>): string {
  return providerEndpointMap[provider.toLowerCase()] ?? endpoints?.[provider]?.provider ?? provider;
}

/**
 * Context budget after reserving room for a summary:
 * `max(1024, round(base * (1 - reserveRatio)))`, capped by `maxContextTokens`;
 * `base` unchanged when reserveRatio is unset or outside (0, 1).
 */
export function computeEffectiveMaxContextTokens(
  baseContextTokens: number,
  reserveRatio?: number,
  maxContextTokens?: number,
): number {
  let effective = baseContextTokens;
  if (typeof reserveRatio === "number" && reserveRatio > 0 && reserveRatio < 1) {
    effective = Math.max(MIN_CONTEXT_TOKENS, Math.round(baseContextTokens * (1 - reserveRatio)));
  }
  if (typeof maxContextTokens === "number" && maxContextTokens > 0)
    effective = Math.min(effective, maxContextTokens);
  return effective;
}

/**
 * Field that carries reasoning deltas: `reasoning` for OpenRouter (by baseURL or endpoint name),
 * Google, and OpenAI/Azure on the Responses API; otherwise `reasoning_content`.
 * An explicit per-endpoint key wins.
 */
export function getReasoningKey(
  provider: string,
  opts: {
    baseURL?: string;
    endpointName?: string;
    useResponsesApi?: boolean;
    reasoningKey?: ReasoningKey;
  } = {},
): ReasoningKey {
  if (opts.reasoningKey) return opts.reasoningKey;
  const p = provider.toLowerCase();
  const name = (opts.endpointName ?? "").toLowerCase();
  if (name.includes("openrouter") || p === "openrouter" || /openrouter\.ai/i.test(opts.baseURL ?? "")) {
    return "reasoning";
  }
  if (p === "google" || p === "gemini" || p === "vertexai") return "reasoning";
  if (
    (p === "openai" || p === "azure_openai" || p === "azureopenai" || p === "azure") &&
    opts.useResponsesApi
  ) {
    return "reasoning";
  }
  return "reasoning_content";
}

/** A value is resolvable when present and not a placeholder (`user_provided`, `${ENV}` unset). */
function resolvable(value: string | undefined, env: Record<string, string | undefined>): boolean {
  if (!value || value === "user_provided") return false;
  const m = /^\$\{(\w+)\}$/.exec(value);
  return m ? Boolean(env[m[1]]) : true;
}

/**
 * Provider for the summarizer. A custom endpoint whose key or baseURL cannot be resolved falls back
 * to the raw provider name, so the provider layer reports a clear "unsupported/unconfigured" error
 * instead of silently calling another client.
 */
export function resolveSummarizationProvider(
  provider: string,
  endpoints?: Record<string, EndpointConfig>,
  env: Record<string, string | undefined> = typeof process === "undefined" ? {} : process.env,
): string {
  const custom = endpoints?.[provider];
  if (!custom) return mapProvider(provider);
  if (!resolvable(custom.apiKey, env) || !resolvable(custom.baseURL, env)) return provider;
  return mapProvider(provider, endpoints);
}

/** The summarization block in the shape the runtime uses; undefined when none is configured. */
export function shapeSummarizationConfig(
  settings: SummarizationSettings | undefined,
  agent: Pick<AgentDefinition, "provider" | "model">,
  endpoints?: Record<string, EndpointConfig>,
): ShapedSummarizationConfig | undefined {
  if (!settings) return undefined;
  const provider = settings.provider ?? agent.provider;
  const trigger =
    settings.trigger &&
    settings.trigger.value > 0 &&
    (settings.trigger.type === "tokens" || settings.trigger.type === "messages")
      ? { ...settings.trigger }
      : { type: "tokens" as const, value: 0 };
  const out: ShapedSummarizationConfig = {
    provider: resolveSummarizationProvider(provider, endpoints),
    model: settings.model ?? agent.model,
    trigger,
    parameters: { ...(settings.parameters ?? {}) },
  };
  if (typeof settings.reserveRatio === "number") out.reserveRatio = settings.reserveRatio;
  return out;
}

export interface BuildAgentInputOptions {
  isSubagent: boolean;
  /** Conversation, used by parents to find tools already discovered in the history. */
  messages?: BaseMessage[];
  initialSummary?: string;
  endpoints?: Record<string, EndpointConfig>;
  summarizationConfig?: SummarizationSettings;
  /** Model context window when known; default `parameters.maxContextTokens` or 128k. */
  baseContextTokens?: number;
  /** Tools beyond the built-in ones (MCP tools of this run), by name. */
  tools?: ReadonlyMap<string, RegistryTool>;
}

function buildToolRegistry(
  agent: AgentDefinition,
  extra?: ReadonlyMap<string, RegistryTool>,
): Map<string, RegistryTool> {
  const registry = new Map<string, RegistryTool>();
  for (const name of agent.tools ?? []) {
    const tool = builtinRegistryTool(name) ?? extra?.get(name);
    if (!tool)
      throw new AgentEngineError("bad_request:agent", `Agent "${agent.name}" uses unknown tool "${name}"`);
    // A shallow copy per agent input: a change to one input's entry never reaches another's.
    registry.set(name, { ...tool });
  }
  return registry;
}

function discoveredToolNames(
  messages: BaseMessage[] | undefined,
  registry: Map<string, RegistryTool>,
): string[] {
  const found = new Set<string>();
  for (const m of messages ?? []) {
    const calls = (m as { tool_calls?: { name: string }[] }).tool_calls;
    if (calls) for (const c of calls) if (registry.has(c.name)) found.add(c.name);
  }
  return [...found];
}

/** Builds one agent's inputs (product.md §2.1). Subagents get isolated registries and no summary. */
export function buildAgentInput(agent: AgentDefinition, opts: BuildAgentInputOptions): AgentInput {
  const params = { ...(agent.parameters ?? {}) };
  const endpoint = opts.endpoints?.[agent.provider];
  const summarization = shapeSummarizationConfig(
    opts.summarizationConfig ?? agent.summarization,
    agent,
    opts.endpoints,
  );
  const base = opts.baseContextTokens ?? params.maxContextTokens ?? DEFAULT_CONTEXT_TOKENS;
  const toolRegistry = buildToolRegistry(agent, opts.tools);
  const input: AgentInput = {
    agentId: agent.id,
    name: agent.name,
    description: agent.description ?? "",
    instructions: agent.instructions ?? "",
    provider: mapProvider(agent.provider, opts.endpoints),
    rawProvider: agent.provider,
    model: agent.model,
    parameters: params,
    reasoningKey: getReasoningKey(agent.provider, {
      baseURL: endpoint?.baseURL,
      endpointName: agent.provider,
      useResponsesApi: endpoint?.useResponsesApi,
      reasoningKey: endpoint?.reasoningKey,
    }),
    maxContextTokens: base,
    effectiveMaxContextTokens: computeEffectiveMaxContextTokens(
      base,
      summarization?.reserveRatio,
      params.maxContextTokens,
    ),
    summarization,
    toolNames: [...toolRegistry.keys()],
    toolRegistry,
    isSubagent: opts.isSubagent,
    subagentConfigs: [],
    edges: [...(agent.edges ?? [])],
  };
  if (!opts.isSubagent) {
    // Parents: deferred tools already used in the history are loaded, and definitions injected.
    const discovered = discoveredToolNames(opts.messages, toolRegistry);
    for (const name of discovered) {
      const t = toolRegistry.get(name);
      if (t?.defer_loading) toolRegistry.set(name, { ...t, defer_loading: false });
    }
    input.discoveredTools = discovered;
    input.toolDefinitions = [...toolRegistry.values()].filter((t) => !t.defer_loading);
    input.initialSummary = opts.initialSummary;
  } else {
    input.initialSummary = undefined;
    input.discoveredTools = undefined;
  }
  return input;
}

/** Deep clone of a tool registry: a new Map and a shallow copy of each tool. */
export function cloneToolRegistry(registry: Map<string, RegistryTool>): Map<string, RegistryTool> {
  const out = new Map<string, RegistryTool>();
  for (const [k, v] of registry) out.set(k, { ...v });
  return out;
}
