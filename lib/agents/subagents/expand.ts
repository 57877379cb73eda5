import { AgentEngineError, SubagentDepthError, SubagentRunConfigsError } from "../errors";
import type { Limits } from "../limits";
import { jsonLogger } from "../log";
import type { AgentDefinition, AgentInput, AgentLookup, Logger, RunAgent, SubagentConfig } from "../types";

/** Builds a child's inputs; createRun passes `buildAgentInput` bound to the run's options. */
export type ToInput = (agent: AgentDefinition, opts: { isSubagent: boolean }) => AgentInput;

/** Shared by every level of one expansion. */
export interface ExpansionState {
  /** Entries expanded so far (self and explicit, every level). */
  configCount: number;
  /** Ids of the run's root agents, for the count-limit log line. */
  rootAgentIds: string[];
  limits: Limits;
  /** Finds children by id when an agent has no `subagentAgentConfigs`. */
  lookup?: AgentLookup;
  logger?: Logger;
}

export function selfSpawnDescription(name: string): string {
  return `Spawn ${name} in an isolated context to handle a focused subtask. It has your tools and instructions but none of your conversation unless forked.`;
}

export function lookupAgent(lookup: AgentLookup | undefined, id: string): AgentDefinition | undefined {
  if (!lookup) return undefined;
  if (typeof lookup === "function") return lookup(id);
  if (lookup instanceof Map) return lookup.get(id);
  return Object.hasOwn(lookup, id) ? lookup[id] : undefined;
}

function childrenOf(agent: RunAgent, state: ExpansionState): RunAgent[] {
  if (agent.subagentAgentConfigs) return agent.subagentAgentConfigs;
  const out: RunAgent[] = [];
  for (const id of agent.subagents?.agent_ids ?? []) {
    const child = lookupAgent(state.lookup, id);
    if (child) out.push(child);
    else (state.logger ?? jsonLogger).warn({ event: "subagent_not_found", agentId: agent.id, childId: id });
  }
  return out;
}

function countEntry(state: ExpansionState) {
  state.configCount += 1;
  const max = state.limits.maxSubagentRunConfigs;
  if (state.configCount > max) {
    (state.logger ?? jsonLogger).error({
      event: "subagent_run_configs_exceeded",
      rootAgentIds: state.rootAgentIds,
      count: state.configCount,
      max,
    });
    throw new SubagentRunConfigsError(
      `Too many subagent configurations: ${state.configCount} exceeds the limit of ${max}`,
      { count: state.configCount, max, rootAgentIds: [...state.rootAgentIds] },
    );
  }
}

function checkDepth(agent: AgentDefinition, childDepth: number, state: ExpansionState) {
  const max = state.limits.maxSubagentDepth;
  if (childDepth <= max) return;
  (state.logger ?? jsonLogger).error({
    event: "subagent_depth_exceeded",
    agentId: agent.id,
    depth: childDepth,
    max,
    rootAgentIds: state.rootAgentIds,
  });
  throw new SubagentDepthError(
    `Subagent depth limit exceeded: agent "${agent.name}" (${agent.id}) would delegate at depth ${childDepth}, the maximum is ${max}`,
    { agentId: agent.id, depth: childDepth, maxDepth: max },
  );
}

/**
 * Expands an agent's subagents recursively (product.md §2.3). Self-spawn comes first; A→A and
 * A→…→A are skipped via `ancestors`; depth and total count are limited (throws before any run).
 * The result is also stored on `agentInput.subagentConfigs`.
 */
export function buildSubagentConfigs(
  agent: RunAgent,
  agentInput: AgentInput,
  toInput: ToInput,
  state: ExpansionState,
  ancestors: ReadonlySet<string> = new Set(),
  depth = 0,
): SubagentConfig[] {
  const settings = agent.subagents;
  if (!settings?.enabled) {
    agentInput.subagentConfigs = [];
    return agentInput.subagentConfigs;
  }
  const explicitIds = settings.agent_ids ?? [];
  if (explicitIds.length > state.limits.maxSubagentsPerAgent) {
    throw new AgentEngineError(
      "limit:subagents_per_agent",
      `Agent "${agent.name}" lists ${explicitIds.length} subagents, the maximum is ${state.limits.maxSubagentsPerAgent}`,
      { agentId: agent.id, count: explicitIds.length, max: state.limits.maxSubagentsPerAgent },
    );
  }
  const childDepth = depth + 1;
  const modes = settings.modes ?? {};
  const configs: SubagentConfig[] = [];

  if (settings.allowSelf !== false) {
    checkDepth(agent, childDepth, state);
    countEntry(state);
    // Same model, tools and instructions; a fresh, isolated input that cannot spawn further.
    const selfInput = toInput(agent, { isSubagent: true });
    selfInput.subagentConfigs = [];
    configs.push({
      type: "self",
      self: true,
      name: agent.name,
      description: selfSpawnDescription(agent.name),
      mode: modes.self ?? "isolated",
      depth: childDepth,
      agentInputs: selfInput,
    });
  }

  const nextAncestors = new Set(ancestors);
  nextAncestors.add(agent.id);
  for (const child of childrenOf(agent, state)) {
    if (child.id === agent.id || nextAncestors.has(child.id)) continue;
    checkDepth(child, childDepth, state);
    countEntry(state);
    const childInput = toInput(child, { isSubagent: true });
    buildSubagentConfigs(child, childInput, toInput, state, nextAncestors, childDepth);
    configs.push({
      type: child.id,
      name: child.name,
      description: child.description || `Delegate a subtask to the ${child.name} agent.`,
      mode: modes[child.id] ?? "isolated",
      depth: childDepth,
      agentInputs: childInput,
    });
  }
  agentInput.subagentConfigs = configs;
  return configs;
}
