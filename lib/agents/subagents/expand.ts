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
  /**
   * Set by the builder's preview: entries deeper than the limit are listed here and left out
   * (not expanded) instead of refusing the whole tree, so the preview can show where it breaks.
   */
  overDepth?: OverDepthEntry[];
}

/** An entry the depth limit cuts off: `parent` would delegate to `child` at `depth`. */
export interface OverDepthEntry {
  parentId: string;
  childId: string;
  childName: string;
  self: boolean;
  depth: number;
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
      { key: "limit.subagent_run_configs", values: { count: state.configCount, max } },
    );
  }
}

/**
 * Whether `parent` may delegate to `child` at `childDepth`. Over the limit: refused with a message
 * that names both agents and what to change, or (preview) recorded and skipped.
 */
function withinDepth(
  parent: AgentDefinition,
  child: AgentDefinition,
  childDepth: number,
  state: ExpansionState,
) {
  const max = state.limits.maxSubagentDepth;
  if (childDepth <= max) return true;
  const self = parent.id === child.id;
  if (state.overDepth) {
    state.overDepth.push({
      parentId: parent.id,
      childId: child.id,
      childName: child.name,
      self,
      depth: childDepth,
    });
    return false;
  }
  (state.logger ?? jsonLogger).error({
    event: "subagent_depth_exceeded",
    agentId: child.id,
    parentId: parent.id,
    depth: childDepth,
    max,
    rootAgentIds: state.rootAgentIds,
  });
  const what = self
    ? `"${parent.name}" would spawn a copy of itself at depth ${childDepth}`
    : `"${parent.name}" would delegate to "${child.name}" at depth ${childDepth}`;
  const fix = self
    ? `Turn off self-spawning for "${parent.name}"`
    : `Remove "${child.name}" from the subagents of "${parent.name}"`;
  throw new SubagentDepthError(
    `Delegation goes too deep: ${what}, and the limit is ${max}. ${fix}, or ask an administrator to raise the depth limit.`,
    { agentId: child.id, parentId: parent.id, depth: childDepth, maxDepth: max },
    {
      key: self ? "limit.subagent_depth_self" : "limit.subagent_depth",
      values: { parent: parent.name, child: child.name, depth: childDepth, max },
    },
  );
}

/** An entry's budget when one is set (a positive, finite amount). */
function entryBudget(budgets: Record<string, number> | undefined, key: string): { budget?: number } {
  const b = budgets && Object.hasOwn(budgets, key) ? budgets[key] : undefined;
  return typeof b === "number" && Number.isFinite(b) && b > 0 ? { budget: b } : {};
}

/** Whether the entry `key` (child id or 'self') may run in the background. */
function entryBackground(settings: { background?: string[] }, key: string): { background?: true } {
  return settings.background?.includes(key) ? { background: true } : {};
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
      {
        key: "limit.subagents_per_agent_listed",
        values: { agent: agent.name, count: explicitIds.length, max: state.limits.maxSubagentsPerAgent },
      },
    );
  }
  const childDepth = depth + 1;
  const modes = settings.modes ?? {};
  const configs: SubagentConfig[] = [];

  if (settings.allowSelf !== false && withinDepth(agent, agent, childDepth, state)) {
    countEntry(state);
    // Same tools and instructions (and model, unless the entry names its own); a fresh, isolated
    // input that cannot spawn further.
    const own = settings.selfModel;
    const selfInput = toInput(own ? { ...agent, provider: own.provider, model: own.model } : agent, {
      isSubagent: true,
    });
    selfInput.subagentConfigs = [];
    configs.push({
      type: "self",
      self: true,
      name: agent.name,
      description: selfSpawnDescription(agent.name),
      mode: modes.self ?? "isolated",
      depth: childDepth,
      agentInputs: selfInput,
      ...entryBudget(settings.budgets, "self"),
      ...entryBackground(settings, "self"),
    });
  }

  const nextAncestors = new Set(ancestors);
  nextAncestors.add(agent.id);
  for (const child of childrenOf(agent, state)) {
    if (child.id === agent.id || nextAncestors.has(child.id)) continue;
    if (!withinDepth(agent, child, childDepth, state)) continue;
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
      ...entryBudget(settings.budgets, child.id),
      ...entryBackground(settings, child.id),
    });
  }
  agentInput.subagentConfigs = configs;
  return configs;
}
