// "Require a passing eval before sharing": with the suite's setting on, a save that leaves the
// agent shared or public must (1) change nothing but who may see it — every save is a new
// version, and a changed version has not been evaluated — and (2) come after the current
// version's newest finished eval, in which every case passed at that version. So content changes
// are saved privately, evaluated, then shared. (The children's own versions are not compared.)
import "server-only";
import type { AgentRecord } from "@/lib/db/agents";
import { currentAgentVersion, readAgentVersion } from "@/lib/db/agents-write";
import { lastEvalRunOfVersion, readShareGate } from "@/lib/db/evals";
import { AppError } from "@/lib/errors";

/** JSON with sorted keys, so a snapshot read back from JSONB compares with a fresh save. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** The agent's own settings, without who may see it (fields older versions lack at their defaults). */
function content(record: AgentRecord): string {
  const { visibility: _v, shareUserIds: _s, ...rest } = record;
  return stable({
    ...rest,
    askTools: rest.askTools ?? [],
    subagents: { ...rest.subagents, selfBackground: rest.subagents.selfBackground ?? false },
  });
}

/** Throws a 409 naming what to do when the save would share a version that has not passed. */
export async function assertShareAllowed({
  agentId,
  data,
}: {
  agentId: string;
  data: AgentRecord;
}): Promise<void> {
  if (data.visibility === "private") return;
  const gate = await readShareGate({ agentId });
  if (!gate?.requirePassingToShare) return;
  const currentVersion = await currentAgentVersion({ id: agentId });
  if (currentVersion === null) throw new AppError("not_found:agent");
  const current = await readAgentVersion({ id: agentId, version: currentVersion });
  if (content(current) !== content(data))
    throw new AppError("conflict:eval_share_changes", { values: { version: currentVersion } });
  const last = await lastEvalRunOfVersion({
    suiteId: gate.suiteId,
    version: currentVersion,
    status: "COMPLETED",
  });
  if (!last || last.passed < last.cases)
    throw new AppError("conflict:eval_share_not_passed", { values: { version: currentVersion } });
}
