import "server-only";
import type { Tx } from "./client";
import { Prisma } from "./generated/client";

// The tree of an agent version: every agent reachable from it (subagents when enabled, handoff
// targets, and theirs) at the newest version saved at or before it was. Written with each save
// ("save"); versions saved before trees existed got theirs in the migration 20261205100000_evals
// by the same rule ("history"). A link no version explains (a deleted child) is listed as missing.

export interface VersionTree {
  /** Agent id → version, this agent included. */
  agents: Record<string, number>;
  /** Linked agents with no version saved by then: a run at this version refuses to guess them. */
  missing: string[];
  source: "save" | "history";
}

const treeSql = (where: Prisma.Sql, source: VersionTree["source"]) => Prisma.sql`
  WITH RECURSIVE reach("rootId", "rootAt", "agentId", "version") AS (
      SELECT v."id", v."createdAt", v."agentId", v."version" FROM "AgentVersion" v WHERE ${where}
    UNION
      SELECT r."rootId", r."rootAt", link."childId", pick."version"
      FROM reach r
      JOIN "AgentVersion" cur ON cur."agentId" = r."agentId" AND cur."version" = r."version"
      CROSS JOIN LATERAL (
        SELECT c->>'id' AS "childId" FROM jsonb_array_elements(
          CASE WHEN (cur."snapshot"->'subagents'->>'enabled')::boolean
            THEN COALESCE(cur."snapshot"->'subagents'->'children', '[]'::jsonb) ELSE '[]'::jsonb END) c
        UNION
        SELECT h->>'to' FROM jsonb_array_elements(COALESCE(cur."snapshot"->'handoffs', '[]'::jsonb)) h
      ) link
      LEFT JOIN LATERAL (
        SELECT cv."version" FROM "AgentVersion" cv
        WHERE cv."agentId" = link."childId" AND cv."createdAt" <= r."rootAt"
        ORDER BY cv."version" DESC LIMIT 1
      ) pick ON true
  ), trees AS (
    SELECT "rootId",
      COALESCE(jsonb_object_agg("agentId", "version") FILTER (WHERE "version" IS NOT NULL), '{}'::jsonb) AS agents,
      COALESCE(jsonb_agg(DISTINCT "agentId") FILTER (WHERE "version" IS NULL), '[]'::jsonb) AS missing
    FROM reach GROUP BY "rootId"
  )
  UPDATE "AgentVersion" v
  SET "tree" = jsonb_build_object('agents', t.agents, 'missing', t.missing, 'source', ${source}::text)
  FROM trees t WHERE t."rootId" = v."id"`;

/** Records the tree of the version just saved (inside the save's transaction). */
export async function snapshotVersionTree(
  tx: Tx,
  { agentId, version }: { agentId: string; version: number },
) {
  await tx.$executeRaw(treeSql(Prisma.sql`v."agentId" = ${agentId} AND v."version" = ${version}`, "save"));
}

/** Fills the tree of versions that have none from history (a maintenance step, never a GET). */
export async function fillMissingVersionTrees(tx: Tx): Promise<number> {
  return tx.$executeRaw(treeSql(Prisma.sql`v."tree" IS NULL`, "history"));
}

/** The stored tree of one version, or null when the version does not exist. */
export async function readVersionTree(
  tx: Tx,
  { agentId, version }: { agentId: string; version: number },
): Promise<{ tree: VersionTree | null } | null> {
  const row = await tx.agentVersion.findUnique({
    where: { agentId_version: { agentId, version } },
    select: { tree: true },
  });
  return row ? { tree: (row.tree as unknown as VersionTree | null) ?? null } : null;
}
