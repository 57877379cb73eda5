import "server-only";
import type { AgentDefinition, EndpointConfig, ModelFactory } from "@/lib/agents";
import { resolveEndpointForUser } from "@/lib/endpoints/resolve";
import { createChatModel, type EndpointDefinition } from "@/lib/providers";

export interface ResolvedAgents {
  /** Agents as the engine wants them: `provider` is the endpoint's name (drives reasoning keys and mapping). */
  agents: Map<string, AgentDefinition>;
  /** Endpoint configs by name, for the engine's provider mapping and reasoning-key choice. */
  endpoints: Record<string, EndpointConfig>;
  /** Builds each agent's chat model from its own endpoint (keys stay on the server). */
  modelFactory: ModelFactory;
}

/** Demo token pace (ms per token); tests and benchmarks set DEMO_TOKEN_DELAY_MS=0. */
function demoDelay(): number | undefined {
  const raw = process.env.DEMO_TOKEN_DELAY_MS;
  return raw === undefined || raw === "" ? undefined : Number(raw);
}

/**
 * Resolves the endpoint of every agent in a loaded tree (agent.provider holds the endpoint id) and
 * returns the engine-facing agents plus the one model factory for this run.
 */
export async function resolveRunModels({
  userId,
  agents,
  override,
}: {
  userId: string;
  agents: Map<string, AgentDefinition>;
  /** Tests and benchmarks: build every model here instead (a scripted model). */
  override?: ModelFactory;
}): Promise<ResolvedAgents> {
  const endpointIds = [...new Set([...agents.values()].map((a) => a.provider))];
  const byId = new Map<string, EndpointDefinition>();
  await Promise.all(
    endpointIds.map(async (id) => byId.set(id, await resolveEndpointForUser({ id, userId }))),
  );

  const engineAgents = new Map<string, AgentDefinition>();
  const endpointOfAgent = new Map<string, EndpointDefinition>();
  const endpoints: Record<string, EndpointConfig> = {};
  for (const [id, agent] of agents) {
    const endpoint = byId.get(agent.provider) as EndpointDefinition;
    endpointOfAgent.set(id, endpoint);
    endpoints[endpoint.name] = {
      provider: endpoint.protocol,
      baseURL: endpoint.baseURL,
      reasoningKey: endpoint.reasoningKey,
      useResponsesApi: endpoint.useResponsesApi,
    };
    engineAgents.set(id, { ...agent, provider: endpoint.name });
  }
  const byName = new Map([...byId.values()].map((e) => [e.name, e]));

  const modelFactory: ModelFactory =
    override ??
    ((spec) => {
      // Chat models come from the agent's own endpoint; a summarizer names its endpoint itself.
      const endpoint =
        (spec.purpose === "summarize" ? byName.get(spec.provider) : undefined) ??
        endpointOfAgent.get(spec.agentId);
      return createChatModel({
        provider: endpoint?.name ?? spec.provider,
        endpoint,
        model: spec.model,
        parameters: spec.parameters,
        demoTokenDelayMs: demoDelay(),
      });
    });

  return { agents: engineAgents, endpoints, modelFactory };
}
