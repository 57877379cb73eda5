import {
  AgentEngineError,
  BUILTIN_TOOLS,
  buildAgentInput,
  buildSubagentConfigs,
  type Limits,
  type OverDepthEntry,
} from "@/lib/agents";
import type { AgentDefinition, SubagentConfig } from "@/lib/agents/types";

/** One line of the expanded tree as the builder shows it. */
export interface PreviewNode {
  /** `too_deep`: an entry the depth limit cuts off (the run is refused because of it). */
  kind: "self" | "agent" | "cycle" | "too_deep";
  /** Agent id (for `self`, the spawning agent's id). */
  agentId: string;
  name: string;
  depth: number;
  mode?: "isolated" | "fork";
  /** For `too_deep`: whether it is a self-spawned copy. */
  self?: boolean;
  /** For `cycle`: the agent names around the loop, e.g. ["A", "B", "A"]. */
  cycle?: string[];
  /** The tools this entry runs with (a self-spawned child has its parent's). */
  tools: string[];
  /** Of `tools`, those that ask before running. */
  askTools: string[];
  children: PreviewNode[];
}

/** An engine refusal of a tree: the code, and what it says (errors.<key> with values). */
export interface EngineVerdict {
  code: string;
  key: string;
  values?: Record<string, string | number>;
}

export interface PreviewResult {
  root: { id: string; name: string; tools: string[]; askTools: string[] };
  nodes: PreviewNode[];
  /** Entries the engine expanded (self and explicit, every level). */
  count: number;
  limits: Pick<Limits, "maxSubagentDepth" | "maxSubagentRunConfigs" | "maxSubagentsPerAgent">;
  /** Set when the engine refuses the tree: its code and its message as a catalog key and values. */
  verdict?: EngineVerdict;
}

/** A preview with no nodes yet, stating the limits it is checked against. */
export function emptyPreview(
  root: { id: string; name: string; tools?: string[]; askTools?: string[] },
  limits: Limits,
): PreviewResult {
  return {
    root: { id: root.id, name: root.name, tools: [...(root.tools ?? [])], askTools: asks(root) },
    nodes: [],
    count: 0,
    limits: {
      maxSubagentDepth: limits.maxSubagentDepth,
      maxSubagentRunConfigs: limits.maxSubagentRunConfigs,
      maxSubagentsPerAgent: limits.maxSubagentsPerAgent,
    },
  };
}

// Built-in tools only, nothing from a conversation: enough for expanding the tree (MCP tools are
// resolved when a run starts; the nodes list every tool from the definitions).
const toInput = (agent: AgentDefinition, opts: { isSubagent: boolean }) =>
  buildAgentInput(
    { ...agent, tools: (agent.tools ?? []).filter((t) => Object.hasOwn(BUILTIN_TOOLS, t)) },
    { isSubagent: opts.isSubagent },
  );

/**
 * Runs the engine's `buildSubagentConfigs` over `root` (typically the unsaved form state) with the
 * saved agents in `lookup`, and turns the result into display nodes. Children the engine skipped
 * (it only skips A→…→A loops) are shown as cycles; a limit error becomes the verdict. A depth
 * error keeps the tree, with the entries the limit cuts off shown where they would be (`too_deep`).
 */
export function previewSubagentTree({
  root,
  lookup,
  limits,
}: {
  root: AgentDefinition;
  lookup: Record<string, AgentDefinition>;
  limits: Limits;
}): PreviewResult {
  const all = { ...lookup, [root.id]: root };
  const expand = (overDepth?: OverDepthEntry[]) => {
    const state = {
      configCount: 0,
      rootAgentIds: [root.id],
      limits,
      lookup: all,
      logger: silentLogger,
      overDepth,
    };
    const configs = buildSubagentConfigs(root, toInput(root, { isSubagent: false }), toInput, state);
    return { configs, count: state.configCount };
  };
  const result = emptyPreview(root, limits);
  let expanded: { configs: SubagentConfig[]; count: number };
  let overDepth: OverDepthEntry[] = [];
  try {
    expanded = expand();
  } catch (err) {
    if (!(err instanceof AgentEngineError)) throw err;
    result.verdict = {
      code: err.code,
      key: err.text?.key ?? err.code.replace(":", "."),
      values: err.text?.values,
    };
    if (err.code !== "limit:subagent_depth") return result;
    // Keep the tree and mark where it breaks: expand again, cutting entries off at the limit.
    overDepth = [];
    try {
      expanded = expand(overDepth);
    } catch {
      return result;
    }
  }
  result.count = expanded.count;
  result.nodes = toNodes(root, expanded.configs, [root], all, overDepth);
  return result;
}

function toNodes(
  agent: AgentDefinition,
  configs: SubagentConfig[],
  path: AgentDefinition[],
  all: Record<string, AgentDefinition>,
  overDepth: OverDepthEntry[],
): PreviewNode[] {
  const nodes: PreviewNode[] = [];
  if (!agent.subagents?.enabled) return nodes;
  const expanded = new Set(configs.map((c) => c.type));
  const depth = path.length;
  // Entries the depth limit cut off right here (this parent, this depth), in the engine's order.
  // (The same parent at the same depth on two branches records it twice: once is enough.)
  const cut = [
    ...new Map(
      overDepth.filter((o) => o.parentId === agent.id && o.depth === depth).map((o) => [o.childId, o]),
    ).values(),
  ];
  const tooDeep = (o: OverDepthEntry): PreviewNode => ({
    kind: "too_deep",
    ...(o.self ? { self: true } : {}),
    agentId: o.childId,
    name: o.childName,
    depth,
    tools: [],
    askTools: [],
    children: [],
  });
  // Where the engine puts them: a self copy first, listed children after the expanded ones.
  for (const o of cut.filter((c) => c.self)) nodes.push(tooDeep(o));
  for (const c of configs) {
    if (c.self) {
      nodes.push({
        kind: "self",
        agentId: agent.id,
        name: c.name,
        depth: c.depth,
        mode: c.mode,
        tools: [...(agent.tools ?? [])],
        askTools: asks(agent),
        children: [],
      });
      continue;
    }
    const child = all[c.type];
    nodes.push({
      kind: "agent",
      agentId: c.type,
      name: c.name,
      depth: c.depth,
      mode: c.mode,
      tools: [...(child?.tools ?? [])],
      askTools: child ? asks(child) : [],
      children: child ? toNodes(child, c.agentInputs.subagentConfigs, [...path, child], all, overDepth) : [],
    });
  }
  for (const o of cut.filter((c) => !c.self)) {
    expanded.add(o.childId);
    nodes.push(tooDeep(o));
  }
  // Listed children the engine left out although they exist: the loops it skips.
  for (const id of agent.subagents?.agent_ids ?? []) {
    const child = all[id];
    if (expanded.has(id) || !child) continue;
    const start = path.findIndex((p) => p.id === id);
    const loop = start >= 0 ? path.slice(start) : [agent];
    nodes.push({
      kind: "cycle",
      agentId: id,
      name: child.name,
      depth,
      cycle: [...loop.map((p) => p.name), child.name],
      tools: [],
      askTools: [],
      children: [],
    });
  }
  return nodes;
}

/** The tools of an agent that ask before running (only those it has). */
function asks(agent: { tools?: string[]; askTools?: string[] }): string[] {
  return (agent.askTools ?? []).filter((t) => agent.tools?.includes(t));
}

const silentLogger = { info() {}, warn() {}, error() {} };
