import "server-only";
import { DEFAULT_LIMITS } from "@/lib/agents/limits";
import type { AgentDefinition, ContextMode, SummarizationSettings } from "@/lib/agents/types";
import { AppError } from "@/lib/errors";
import { getDb } from "./client";
import { Prisma } from "./generated/client";

/** One agent row with its links, as one query per tree level returns it. */
export interface AgentTreeRow {
  id: string;
  ownerId: string;
  name: string;
  description: string;
  instructions: string;
  provider: string;
  model: string;
  parameters: Record<string, unknown>;
  tools: string[];
  visibility: "PRIVATE" | "SHARED" | "PUBLIC";
  subagentsEnabled: boolean;
  allowSelf: boolean;
  selfMode: "ISOLATED" | "FORK";
  summarization: SummarizationSettings | null;
  /** Explicit children in position order. */
  children: { childId: string; mode: "ISOLATED" | "FORK" }[];
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
    SELECT a."id", a."ownerId", a."name", a."description", a."instructions", a."provider", a."model",
      a."parameters", a."tools", a."visibility"::text AS "visibility", a."subagentsEnabled", a."allowSelf",
      a."selfMode"::text AS "selfMode", a."summarization",
      COALESCE((SELECT json_agg(json_build_object('childId', s."childId", 'mode', s."mode") ORDER BY s."position")
        FROM "AgentSubagent" s WHERE s."parentId" = a."id"), '[]'::json) AS "children",
      COALESCE((SELECT array_agg(sh."userId") FROM "AgentShare" sh WHERE sh."agentId" = a."id"), '{}') AS "sharedWith",
      COALESCE((SELECT json_agg(json_build_object('to', h."toId", 'description', h."description") ORDER BY h."toId")
        FROM "AgentHandoff" h WHERE h."fromId" = a."id"), '[]'::json) AS "handoffs"
    FROM "Agent" a WHERE a."id" IN (${Prisma.join(ids)})`);
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
  const def: AgentDefinition = {
    id: row.id,
    name: row.name,
    description: row.description,
    instructions: row.instructions,
    provider: row.provider,
    model: row.model,
    parameters: { ...row.parameters },
    tools: [...row.tools],
    subagents: {
      enabled: row.subagentsEnabled,
      allowSelf: row.allowSelf,
      agent_ids: children.map((c) => c.childId),
      modes,
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
  /** Every loaded row by id (the starting agents and everything below them). */
  rows: Map<string, AgentTreeRow>;
  /** Engine definitions by id: children the parent's owner may not view are left out. */
  agents: Record<string, AgentDefinition>;
  /** SQL queries issued (one per level). */
  queries: number;
}

/**
 * Breadth-first load from `startIds` down to `maxLevels` levels (one `IN (...)` query per level,
 * never one per agent). Ids in `exclude` are never loaded (e.g. an unsaved agent being edited).
 */
export async function loadAgentForest({
  startIds,
  maxLevels,
  exclude = [],
}: {
  startIds: string[];
  maxLevels: number;
  exclude?: string[];
}): Promise<LoadedForest> {
  const rows = new Map<string, AgentTreeRow>();
  const skip = new Set(exclude);
  let level = [...new Set(startIds)].filter((id) => !skip.has(id));
  let queries = 0;
  for (let depth = 0; level.length > 0 && depth < maxLevels; depth++) {
    const loaded = await loadAgentRows({ ids: level });
    queries++;
    for (const row of loaded) rows.set(row.id, row);
    const next = new Set<string>();
    for (const row of loaded) {
      if (!row.subagentsEnabled) continue;
      for (const c of row.children) {
        if (!rows.has(c.childId) && !skip.has(c.childId)) next.add(c.childId);
      }
    }
    level = [...next];
  }
  const agents: Record<string, AgentDefinition> = {};
  for (const row of rows.values()) {
    const owner = row.ownerId;
    agents[row.id] = toAgentDefinition(row, (childId) => {
      const child = rows.get(childId);
      // Children beyond the loaded levels are kept as ids: the engine stops on depth before needing them.
      return child ? canView(child, owner) : true;
    });
  }
  return { rows, agents, queries };
}

export interface AgentTree {
  rootId: string;
  root: AgentDefinition;
  /** The root and every agent of its subagent tree, keyed by id (an `AgentLookup` for createRun). */
  agents: Map<string, AgentDefinition>;
  /** SQL queries used: at most the tree's depth + 1. */
  queries: number;
}

/**
 * Loads an agent the user may view and its whole subagent tree, breadth-first with one query per
 * level. Loading stops below `maxDepth + 1` levels (deeper trees fail the engine's depth check
 * anyway, and the agents at depth maxDepth + 1 are loaded so the engine can name them).
 * A child link is followed only while the parent's owner may view the child.
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
  const forest = await loadAgentForest({ startIds: [rootId], maxLevels: maxDepth + 2 });
  const row = forest.rows.get(rootId);
  if (!row || !canView(row, userId)) {
    throw new AppError("not_found:agent", "That agent does not exist or is not shared with you.");
  }
  return {
    rootId,
    root: forest.agents[rootId],
    agents: new Map(Object.entries(forest.agents)),
    queries: forest.queries,
  };
}
