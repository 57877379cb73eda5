// The agent tree exactly as it was when a version was saved: the root's snapshot and the pinned
// version of every agent reachable then (AgentVersion.tree). A tree with a link no stored version
// explains is refused, never filled in with today's agents.
import "server-only";
import type { AgentDefinition } from "@/lib/agents";
import { fillMissingVersionTrees, readVersionTree } from "@/lib/db/agent-version-tree";
import type { AgentRecord } from "@/lib/db/agents";
import { type AgentTreeRow, canView, loadAgentRows, toAgentDefinition } from "@/lib/db/agents-tree";
import { getDb } from "@/lib/db/client";
import { readAgentVersions } from "@/lib/db/evals";
import { AppError } from "@/lib/errors";

const MODE = { fork: "FORK", isolated: "ISOLATED" } as const;

/** A stored version as an agent row (the shape toAgentDefinition reads): one mapping for both. */
function versionRow(id: string, ownerId: string, r: AgentRecord): AgentTreeRow {
  return {
    id,
    ownerId,
    name: r.name,
    description: r.description,
    category: r.category ?? "general",
    instructions: r.instructions,
    provider: r.provider,
    model: r.model,
    parameters: r.parameters ?? {},
    tools: r.tools ?? [],
    askTools: r.askTools ?? [],
    visibility: r.visibility.toUpperCase() as AgentTreeRow["visibility"],
    subagentsEnabled: r.subagents.enabled,
    allowSelf: r.subagents.allowSelf,
    selfMode: MODE[r.subagents.selfMode ?? "isolated"],
    selfBudget: r.subagents.selfBudget ?? null,
    selfProvider: r.subagents.selfModel?.provider ?? null,
    selfModel: r.subagents.selfModel?.model ?? null,
    selfBackground: r.subagents.selfBackground ?? false,
    summarization: (r.summarization as AgentTreeRow["summarization"]) ?? null,
    children: r.subagents.children.map((c) => ({
      childId: c.id,
      mode: MODE[c.mode ?? "isolated"],
      budget: c.budget ?? null,
      background: c.background ?? false,
    })),
    sharedWith: r.shareUserIds ?? [],
    handoffs: r.handoffs ?? [],
  };
}

export interface TreeAtVersion {
  rootId: string;
  version: number;
  /** Every agent of the tree at its pinned version, as the engine runs it. */
  agents: Map<string, AgentDefinition>;
  /** Agent id → version that runs. */
  pins: Record<string, number>;
  /** The root agent's owner today: the suite's owner, whose files the cases name. */
  ownerId: string;
}

/**
 * Loads the tree of `rootId` at `version` for `userId`, who must be able to view each agent today
 * (access is today's; content is the version's). Links to agents the user may not view are left
 * out, as in chat. Throws `bad_request:eval_tree_incomplete` when a linked agent's version is unknown.
 */
export async function loadTreeAtVersion({
  rootId,
  version,
  userId,
}: {
  rootId: string;
  version: number;
  userId: string;
}): Promise<TreeAtVersion> {
  let stored = await readVersionTree(getDb(), { agentId: rootId, version });
  if (!stored) throw new AppError("not_found:agent_version", { values: { version } });
  if (!stored.tree) {
    // A version saved by code that did not write trees: filled from history now (background work).
    await fillMissingVersionTrees(getDb());
    stored = await readVersionTree(getDb(), { agentId: rootId, version });
  }
  const tree = stored?.tree;
  if (!tree || tree.missing.length)
    throw new AppError("bad_request:eval_tree_incomplete", {
      values: { version, count: tree?.missing.length ?? 1 },
    });
  const [snapshots, current] = await Promise.all([
    readAgentVersions(tree.agents),
    loadAgentRows({ ids: Object.keys(tree.agents) }),
  ]);
  const today = new Map(current.map((r) => [r.id, r]));
  const viewable = (id: string) => {
    const row = today.get(id);
    return !!row && canView(row, userId);
  };
  const root = today.get(rootId);
  if (!root || !viewable(rootId)) throw new AppError("not_found:agent");
  const agents = new Map<string, AgentDefinition>();
  for (const [id, snapshot] of snapshots) {
    const owner = today.get(id)?.ownerId;
    if (!owner || !viewable(id)) continue;
    const row = versionRow(id, owner, snapshot);
    agents.set(
      id,
      toAgentDefinition({ ...row, handoffs: row.handoffs.filter((h) => viewable(h.to)) }, viewable),
    );
  }
  if (snapshots.size < Object.keys(tree.agents).length)
    throw new AppError("bad_request:eval_tree_incomplete", { values: { version, count: 1 } });
  return { rootId, version, agents, pins: tree.agents, ownerId: root.ownerId };
}
