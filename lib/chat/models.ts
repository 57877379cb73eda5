import "server-only";
import type { AgentDefinition, EndpointConfig, ModelFactory } from "@/lib/agents";
import { resolveEndpointForUser } from "@/lib/endpoints/resolve";
import { env } from "@/lib/env";
import { AppError, isAppError } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/locales";
import { createChatModel, type EndpointDefinition, getReasoningKey } from "@/lib/providers";

export interface ResolvedAgents {
  /** The loaded agents, unchanged: `provider` and `summarization.provider` hold endpoint ids. */
  agents: Map<string, AgentDefinition>;
  /** Every endpoint the run uses (chat models and summarizers), by endpoint id, as the engine consumes it. */
  endpoints: Record<string, EndpointConfig>;
  /** Builds each model from the endpoint its spec names by id (keys stay on the server). */
  modelFactory: ModelFactory;
}

/** What the engine needs of an endpoint: protocol and reasoning field (no secrets). */
function engineEndpoint(endpoint: EndpointDefinition): EndpointConfig {
  return {
    name: endpoint.name,
    provider: endpoint.protocol,
    baseURL: endpoint.baseURL,
    useResponsesApi: endpoint.useResponsesApi,
    reasoningKey: getReasoningKey(endpoint.protocol, endpoint),
  };
}

/**
 * Resolves, once per run and by id, every endpoint a loaded tree uses: each agent's chat endpoint
 * (`agent.provider`) and its summarizer's (`summarization.provider`, default the agent's own).
 * A chat endpoint the user cannot use refuses the run with its own error; a summarizer endpoint
 * the user cannot use refuses it with a sentence that says so (never a silent switch to another
 * endpoint). The model factory builds every model from the endpoint its spec names by id.
 */
export async function resolveRunModels({
  userId,
  agents,
  override,
  locale,
}: {
  userId: string;
  agents: Map<string, AgentDefinition>;
  /** The language of the request that started the run: the demo model answers in it. */
  locale?: Locale;
  /** Tests and benchmarks: build every model here instead (a scripted model). */
  override?: ModelFactory;
}): Promise<ResolvedAgents> {
  const chatIds = new Set([...agents.values()].map((a) => a.provider));
  const summarizers = [...agents.values()].flatMap((a) =>
    a.summarization?.provider && !chatIds.has(a.summarization.provider)
      ? [{ agent: a, endpointId: a.summarization.provider }]
      : [],
  );
  const byId = new Map<string, EndpointDefinition>();
  await Promise.all([
    ...[...chatIds].map(async (id) => byId.set(id, await resolveEndpointForUser({ id, userId }))),
    ...summarizers.map(async ({ agent, endpointId }) => {
      try {
        byId.set(endpointId, await resolveEndpointForUser({ id: endpointId, userId }));
      } catch (err) {
        if (!isAppError(err)) throw err;
        throw new AppError(err.code, {
          key: "forbidden.summarizer_endpoint",
          values: { agent: agent.name, reason: err.text },
        });
      }
    }),
  ]);

  const endpoints: Record<string, EndpointConfig> = {};
  for (const [id, endpoint] of byId) endpoints[id] = engineEndpoint(endpoint);

  const demoTokenDelayMs = env().DEMO_TOKEN_DELAY_MS;
  const modelFactory: ModelFactory =
    override ??
    ((spec) => {
      const endpoint = byId.get(spec.endpointId);
      if (!endpoint) {
        throw new AppError("not_found:endpoint", { key: "not_found.endpoint_unresolved" });
      }
      return createChatModel({
        provider: endpoint.name,
        endpoint,
        model: spec.model,
        parameters: spec.parameters,
        demoTokenDelayMs,
        demoLocale: locale,
      });
    });

  return { agents, endpoints, modelFactory };
}
