// The resolve step of an answer, new or resumed: the agents' endpoints, keys and models, and their
// MCP tools, resolved for the chatting user now (never stored: secrets stay out of checkpoints).
import "server-only";
import type { AgentDefinition, ModelFactory } from "@/lib/agents";
import type { Locale } from "@/lib/i18n/locales";
import { resolveRunModels } from "./models";
import { testModelFactory } from "./test-hooks";
import { resolveRunTools } from "./tools";

/** The agents' models and tools, and the root agent as it runs (undefined: it is gone). */
export async function resolveAgents({
  userId,
  agents,
  rootId,
  modelFactory,
  locale,
}: {
  userId: string;
  agents: Map<string, AgentDefinition>;
  rootId: string;
  /** Tests and benchmarks: build every model here instead (a scripted model). */
  modelFactory?: ModelFactory;
  locale?: Locale;
}) {
  const resolved = await resolveRunModels({
    userId,
    agents,
    override: modelFactory ?? testModelFactory(),
    locale,
  });
  // MCP tools for this user; a tool that is gone becomes a notice in the chat.
  const runTools = await resolveRunTools({ userId, agents: resolved.agents });
  return { resolved, runTools, root: runTools.agents.get(rootId) };
}

/** The tree's agents with each model call's output capped at `cap` (the agents as they are without one). */
export function capOutputTokens(
  agents: Map<string, AgentDefinition>,
  cap: number | undefined,
): Map<string, AgentDefinition> {
  if (!cap) return agents;
  const capped = new Map<string, AgentDefinition>();
  for (const [id, agent] of agents) {
    const own = agent.parameters?.maxOutputTokens;
    const maxOutputTokens = typeof own === "number" && own > 0 ? Math.min(own, cap) : cap;
    capped.set(id, { ...agent, parameters: { ...agent.parameters, maxOutputTokens } });
  }
  return capped;
}
