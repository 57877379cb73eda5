import "server-only";
import { DEFAULT_LIMITS } from "@/lib/agents/limits";
import type { AgentDefinition, ContextMode, SummarizationSettings } from "@/lib/agents/types";
import { backgroundEntries } from "@/lib/builder/schema";
import { AppError } from "@/lib/errors";
import { getDb } from "./client";
import { Prisma } from "./generated/client";

/** One agent row with its links, as one query per tree level returns it. */
export interface AgentTreeRow {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  category: string;
  instructions: string;
  provider: string;
  model: string;
  parameters: Record<string, unknown>;
  tools: string[];
  askTools: string[];
  visibility: "PRIVATE" | "SHARED" | "PUBLIC";
  subagentsEnabled: boolean;
  allowSelf: boolean;
  selfMode: "ISOLATED" | "FORK";
  /** The self-spawn entry's budget and own endpoint/model (null = none / the agent's). */
  selfBudget: number | null;
  selfProvider: string | null;
  selfModel: string | null;
  /** The self-spawn entry may run in the background. */
  selfBackground: boolean;
  summarization: SummarizationSettings | null;
  /** Explicit children in position order, each with its entry budget (null = none). */
  children: { childId: string; mode: "ISOLATED" | "FORK"; budget: number | null; background?: boolean }[];
  /** Users the agent is shared with (meaningful when visibility is SHARED). */
  sharedWith: string[];
  handoffs: { to: string; description: string }[];
}

/** View permission: the owner, a user it is shared with, or anyone when public. */
export function canView(row: Pick<AgentTreeRow, "ownerId" | "visibility" | "sharedWith">, userId: string) {
  if (row.ownerId === userId || row.visibility === "PUBLIC") return true;
  return row.visibility === "SHARED" && row.sharedWith.includes(userId);
}

/** Loads agents with their children, shares and handoffs in exactly one SQL query. */
export async function loadAgentRows({ ids }: { ids: string[] }): Promise<AgentTreeRow[]> {
  if (ids.length === 0) return [];
  return getDb().$queryRaw<AgentTreeRow[]>(Prisma.sql`
    SELECT ${AGENT_ROW_COLUMNS}
    FROM "Agent" a WHERE a."id" IN (${Prisma.join(ids)})`);
}

const AGENT_ROW_COLUMNS = Prisma.sql`a."id", a."ownerId", a."name", a."description", a."category", a."instructions", a."provider", a."model",
      a."parameters", a."tools", a."askTools", a."visibility"::text AS "visibility", a."subagentsEnabled", a."allowSelf",
      a."selfMode"::text AS "selfMode", a."selfBudget", a."selfProvider", a."selfModel", a."selfBackground", a."summarization",
      COALESCE((SELECT json_agg(json_build_object('childId', s."childId", 'mode', s."mode", 'budget', s."budget",
          'background', s."background") ORDER BY s."position")
        FROM "AgentSubagent" s WHERE s."parentId" = a."id"), '[]'::json) AS "children",
      COALESCE((SELECT array_agg(sh."userId") FROM "AgentShare" sh WHERE sh."agentId" = a."id"), '{}') AS "sharedWith",
      COALESCE((SELECT json_agg(json_build_object('to', h."toId", 'description', h."description") ORDER BY h."toId")
        FROM "AgentHandoff" h WHERE h."fromId" = a."id"), '[]'::json) AS "handoffs"`;

/**
 * Every agent a tree walk from `startIds` (depth 0) and `childIds` (depth 1) may reach, in one
 * recursive query: children of agents with subagents on, while the parent's depth is at most
 * `maxDepth`, and handoff targets of depth-0 agents (at depth 0). It follows links whoever may view
 * them, so it returns a superset of what `loadAgentForest`'s walk visits.
 */
async function loadReachableRows({
  startIds,
  childIds,
  maxDepth,
  exclude,
}: {
  startIds: string[];
  childIds: string[];
  maxDepth: number;
  exclude: string[];
}): Promise<AgentTreeRow[]> {
  const seeds = [...startIds.map((id) => ({ id, depth: 0 })), ...childIds.map((id) => ({ id, depth: 1 }))];
  const skip = exclude.length ? exclude : [""];
  return getDb().$queryRaw<AgentTreeRow[]>(Prisma.sql`
    WITH RECURSIVE reach("id", "depth") AS (
      SELECT s."id", s."depth" FROM jsonb_to_recordset(${JSON.stringify(seeds)}::jsonb) AS s("id" text, "depth" int)
      UNION
      SELECT next."id", next."depth" FROM reach r
      JOIN "Agent" p ON p."id" = r."id"
      CROSS JOIN LATERAL (
        SELECT l."childId" AS "id", r."depth" + 1 AS "depth" FROM "AgentSubagent" l
        WHERE l."parentId" = p."id" AND p."subagentsEnabled" AND r."depth" <= ${maxDepth}::int
        UNION ALL
        SELECT h."toId", 0 FROM "AgentHandoff" h WHERE h."fromId" = p."id" AND r."depth" = 0
      ) next
      WHERE next."id" <> ALL(${skip}::text[]))
    SELECT ${AGENT_ROW_COLUMNS}
    FROM "Agent" a WHERE a."id" IN (SELECT "id" FROM reach) AND a."id" <> ALL(${skip}::text[])`);
}

const toMode = (m: "ISOLATED" | "FORK"): ContextMode => (m === "FORK" ? "fork" : "isolated");

/**
 * The engine's definition of a row. Only children for which `allowChild` holds are listed
 * (a link counts only while its owner may still view the child).
 */
export function toAgentDefinition(
  row: AgentTreeRow,
  allowChild: (childId: string) => boolean,
): AgentDefinition {
  const children = row.children.filter((c) => allowChild(c.childId));
  const modes: Record<string, ContextMode> = { self: toMode(row.selfMode) };
  for (const c of children) modes[c.childId] = toMode(c.mode);
  const budgets: Record<string, number> = {};
  if (row.selfBudget !== null) budgets.self = row.selfBudget;
  for (const c of children) if (c.budget !== null && c.budget !== undefined) budgets[c.childId] = c.budget;
  const background = backgroundEntries(
    row.selfBackground,
    children.map((c) => ({ id: c.childId, background: c.background })),
  );
  const def: AgentDefinition = {
    id: row.id,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    provider: row.provider,
    model: row.model,
    parameters: { ...row.parameters },
    tools: [...row.tools],
    askTools: row.askTools.filter((t) => row.tools.includes(t)),
    subagents: {
      enabled: row.subagentsEnabled,
      allowSelf: row.allowSelf,
      agent_ids: children.map((c) => c.childId),
      modes,
      ...(Object.keys(budgets).length ? { budgets } : {}),
      ...(background.length ? { background } : {}),
      ...(row.selfModel && row.selfProvider
        ? { selfModel: { provider: row.selfProvider, model: row.selfModel } }
        : {}),
    },
  };
  if (row.summarization) def.summarization = row.summarization;
  if (row.handoffs.length) {
    def.edges = row.handoffs.map((h) => ({
      from: row.id,
      to: h.to,
      description: h.description,
      type: "handoff",
    }));
  }
  return def;
}

export interface LoadedForest {
  /** Every loaded row by id, also rows the viewer may not view. */
  rows: Map<string, AgentTreeRow>;
  /** Engine definitions, by id, of the loaded agents the viewer may view. */
  agents: Record<string, AgentDefinition>;
  /** Linked agents the viewer may not view: left out of `agents`, and their links not followed. */
  hidden: string[];
  /** SQL queries issued (one). */
  queries: number;
}

/**
 * Loads agents and everything a run of them needs in one recursive query (never one per agent or
 * per level), walked breadth-first: the subagents of each agent down to depth `maxDepth + 1` (deeper
 * trees fail the engine's depth check, and the agents at maxDepth + 1 are loaded so the engine can
 * name them), and the handoff targets of the run's top-level agents, which start a run level of
 * their own. Only agents `viewerId` may view are followed and returned. `startIds` are top-level
 * (depth 0) unless listed in `childIds` (depth 1, as the children of an unsaved agent); ids in
 * `exclude` are never loaded (the unsaved agent being edited).
 */
export async function loadAgentForest({
  startIds = [],
  childIds = [],
  viewerId,
  maxDepth,
  exclude = [],
}: {
  startIds?: string[];
  childIds?: string[];
  viewerId: string;
  maxDepth: number;
  exclude?: string[];
}): Promise<LoadedForest> {
  const rows = new Map<string, AgentTreeRow>();
  const skip = new Set(exclude);
  // The smallest depth each id was reached at: an agent reached again higher up (a handoff target
  // that is also a grandchild) has its links followed again from there, without another query.
  const depthOf = new Map<string, number>();
  let frontier = new Set<string>();
  const visit = (id: string, depth: number) => {
    if (skip.has(id) || (depthOf.get(id) ?? Number.POSITIVE_INFINITY) <= depth) return;
    depthOf.set(id, depth);
    const row = rows.get(id);
    if (row) follow(row, depth);
    else frontier.add(id);
  };
  const follow = (row: AgentTreeRow, depth: number) => {
    if (!canView(row, viewerId)) return;
    if (row.subagentsEnabled && depth <= maxDepth) for (const c of row.children) visit(c.childId, depth + 1);
    if (depth === 0) for (const h of row.handoffs) visit(h.to, 0);
  };
  for (const id of startIds) visit(id, 0);
  for (const id of childIds) visit(id, 1);

  // One query for everything the walk may reach; the walk itself (view permission, depth) runs
  // here, level by level over the fetched rows, and keeps only the rows it visits.
  const reachable = new Map<string, AgentTreeRow>();
  const queries = frontier.size > 0 ? 1 : 0;
  if (frontier.size > 0) {
    const fetched = await loadReachableRows({ startIds, childIds, maxDepth, exclude });
    for (const row of fetched) reachable.set(row.id, row);
  }
  while (frontier.size > 0) {
    const level = [...frontier];
    frontier = new Set();
    const loaded = level.flatMap((id) => reachable.get(id) ?? []);
    for (const row of loaded) rows.set(row.id, row);
    for (const row of loaded) follow(row, depthOf.get(row.id) ?? 0);
  }

  const agents: Record<string, AgentDefinition> = {};
  const hidden: string[] = [];
  for (const row of rows.values()) {
    if (!canView(row, viewerId)) {
      hidden.push(row.id);
      continue;
    }
    // Listed children stay listed (the engine reports one it cannot find); a handoff edge to an
    // agent the viewer may not view is dropped, the agent still answers without it.
    const handoffs = row.handoffs.filter((h) => {
      const target = rows.get(h.to);
      return !target || canView(target, viewerId);
    });
    agents[row.id] = toAgentDefinition({ ...row, handoffs }, () => true);
  }
  return { rows, agents, hidden, queries };
}

export interface AgentTree {
  rootId: string;
  root: AgentDefinition;
  /** The root and every agent a run of it may reach, keyed by id (an `AgentLookup` for createRun). */
  agents: Map<string, AgentDefinition>;
  /** Linked agents the user may not view: not in `agents`, so they never run for this user. */
  hidden: string[];
  /** SQL queries used: one. */
  queries: number;
}

/**
 * Loads an agent the user may view with its whole subagent tree and its handoff targets (see
 * `loadAgentForest`). View permission is checked for the user who chats, at every level, as
 * LibreChat does: a public agent's private child never runs for anyone but those who may view it.
 */
export async function loadAgentTree({
  rootId,
  userId,
  maxDepth = DEFAULT_LIMITS.maxSubagentDepth,
}: {
  rootId: string;
  userId: string;
  maxDepth?: number;
}): Promise<AgentTree> {
  const forest = await loadAgentForest({ startIds: [rootId], viewerId: userId, maxDepth });
  const root = forest.agents[rootId];
  if (!root) throw new AppError("not_found:agent");
  return {
    rootId,
    root,
    agents: new Map(Object.entries(forest.agents)),
    hidden: forest.hidden,
    queries: forest.queries,
  };
}
