// Export: an agent the user may view and every agent its tree reaches (subagents, handoff targets,
// and theirs) that the user may also view, as one team file. Agents the user may not view are
// left out along with the links to them, as when duplicating, so a file never names them.
import "server-only";
import { canView, loadAgentRows } from "@/lib/db/agents-tree";
import { AppError } from "@/lib/errors";
import { toTeamAgent } from "./convert";
import { MAX_TEAM_AGENTS, TEAM_SCHEMA_VERSION, type TeamFile } from "./file-schema";
import { teamKey } from "./keys";
import { endpointNamer, serverNames, toolNamer } from "./server-names";

export async function exportTeam({
  userId,
  agentId,
}: {
  userId: string;
  agentId: string;
}): Promise<TeamFile> {
  const [root] = await loadAgentRows({ ids: [agentId] });
  if (!root || !canView(root, userId)) throw new AppError("not_found:agent");
  // Breadth first, one query per level; children in their order, then handoff targets.
  const rows = [root];
  const seen = new Set([root.id]);
  let level = [root];
  while (level.length) {
    const next = level.flatMap((r) => [...r.children.map((c) => c.childId), ...r.handoffs.map((h) => h.to)]);
    const ids = [...new Set(next)].filter((id) => !seen.has(id));
    for (const id of ids) seen.add(id);
    const loaded = new Map((await loadAgentRows({ ids })).map((r) => [r.id, r]));
    level = ids.flatMap((id) => {
      const row = loaded.get(id);
      return row && canView(row, userId) ? [row] : [];
    });
    rows.push(...level);
    if (rows.length > MAX_TEAM_AGENTS) {
      throw new AppError("limit:team_size", { values: { max: MAX_TEAM_AGENTS } });
    }
  }
  const keys = new Map<string, string>();
  for (const r of rows) keys.set(r.id, teamKey(r.name, new Set(keys.values())));
  const names = await serverNames(userId);
  const namer = { endpoint: endpointNamer(names), tool: toolNamer(names), key: (id: string) => keys.get(id) };
  return {
    schemaVersion: TEAM_SCHEMA_VERSION,
    root: keys.get(root.id) as string,
    agents: rows.map((r) => toTeamAgent(r, keys.get(r.id) as string, namer)),
  };
}
