import { resolveProtocol } from "../providers/endpoint-map";
import { getReasoningKey } from "../providers/reasoning";
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

export const DEFAULT_CONTEXT_TOKENS = 128_000;
export const MIN_CONTEXT_TOKENS = 1024;

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

/** The endpoint an agent reference points to, as the caller resolved it (undefined: a bare provider name). */
function endpointOf(ref: string, endpoints?: Record<string, EndpointConfig>): EndpointConfig | undefined {
  return endpoints && Object.hasOwn(endpoints, ref) ? endpoints[ref] : undefined;
}

/**
 * The protocol of the client an agent reference needs: the resolved endpoint's, else the reference
 * read as a provider name through the one `providerEndpointMap` (lib/providers), else itself.
 */
export function protocolOf(ref: string, endpoints?: Record<string, EndpointConfig>): string {
  return endpointOf(ref, endpoints)?.provider ?? resolveProtocol(ref) ?? ref;
}

/** Reasoning field of an agent reference: the resolved endpoint's, else the one `getReasoningKey` rule. */
function reasoningKeyOf(ref: string, endpoints?: Record<string, EndpointConfig>): ReasoningKey {
  const endpoint = endpointOf(ref, endpoints);
  return getReasoningKey(endpoint?.provider ?? ref, {
    name: endpoint?.name ?? ref,
    baseURL: endpoint?.baseURL,
    useResponsesApi: endpoint?.useResponsesApi,
    reasoningKey: endpoint?.reasoningKey,
  });
}

/** The summarization block in the shape the runtime uses; undefined when none is configured. */
export function shapeSummarizationConfig(
  settings: SummarizationSettings | undefined,
  agent: Pick<AgentDefinition, "provider" | "model">,
  endpoints?: Record<string, EndpointConfig>,
): ShapedSummarizationConfig | undefined {
  if (!settings) return undefined;
  // `settings.provider` is the summarizer's endpoint reference (an endpoint id in the app).
  const endpointId = settings.provider ?? agent.provider;
  const trigger =
    settings.trigger &&
    settings.trigger.value > 0 &&
    (settings.trigger.type === "tokens" || settings.trigger.type === "messages")
      ? { ...settings.trigger }
      : { type: "tokens" as const, value: 0 };
  const out: ShapedSummarizationConfig = {
    endpointId,
    provider: protocolOf(endpointId, endpoints),
    model: settings.model ?? agent.model,
    trigger,
    parameters: { ...(settings.parameters ?? {}) },
  };
  if (typeof settings.reserveRatio === "number") out.reserveRatio = settings.reserveRatio;
  return out;
}

export interface BuildAgentInputOptions {
  isSubagent: boolean;
  initialSummary?: string;
  endpoints?: Record<string, EndpointConfig>;
  summarizationConfig?: SummarizationSettings;
  /** Model context window when known; default `parameters.maxContextTokens` or 128k. */
  baseContextTokens?: number;
  /** Tools beyond the built-in ones (MCP tools of this run), by name. */
  tools?: ReadonlyMap<string, RegistryTool>;
  /** More tools than this beyond the built-in ones are deferred behind `search_tools` (0 or absent = never). */
  toolSearchThreshold?: number;
}

/** The agent's tools beyond the built-in ones when there are more than `threshold` of them (tool search). */
function deferredToolsOf(registry: Map<string, RegistryTool>, threshold: number | undefined) {
  if (!threshold || threshold <= 0) return undefined;
  const extra = [...registry.keys()].filter((name) => !builtinRegistryTool(name));
  return extra.length > threshold ? new Set(extra) : undefined;
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

/** Builds one agent's inputs (product.md §2.1). Subagents get isolated registries and no summary. */
export function buildAgentInput(agent: AgentDefinition, opts: BuildAgentInputOptions): AgentInput {
  const params = { ...(agent.parameters ?? {}) };
  const summarization = shapeSummarizationConfig(
    opts.summarizationConfig ?? agent.summarization,
    agent,
    opts.endpoints,
  );
  const base = opts.baseContextTokens ?? params.maxContextTokens ?? DEFAULT_CONTEXT_TOKENS;
  const toolRegistry = buildToolRegistry(agent, opts.tools);
  const deferredTools = deferredToolsOf(toolRegistry, opts.toolSearchThreshold);
  const input: AgentInput = {
    agentId: agent.id,
    name: agent.name,
    description: agent.description ?? "",
    instructions: agent.instructions ?? "",
    endpointId: agent.provider,
    provider: protocolOf(agent.provider, opts.endpoints),
    model: agent.model,
    parameters: params,
    reasoningKey: reasoningKeyOf(agent.provider, opts.endpoints),
    maxContextTokens: base,
    effectiveMaxContextTokens: computeEffectiveMaxContextTokens(
      base,
      summarization?.reserveRatio,
      params.maxContextTokens,
    ),
    summarization,
    toolNames: [...toolRegistry.keys()],
    toolRegistry,
    askTools: new Set((agent.askTools ?? []).filter((t) => toolRegistry.has(t))),
    ...(deferredTools ? { deferredTools } : {}),
    isSubagent: opts.isSubagent,
    subagentConfigs: [],
    edges: [...(agent.edges ?? [])],
    initialSummary: opts.isSubagent ? undefined : opts.initialSummary,
  };
  return input;
}
