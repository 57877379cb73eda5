import "server-only";
import { AppError } from "@/lib/errors";
import { snapshotVersionTree } from "./agent-version-tree";
import type { AgentRecord } from "./agents";
import { requireOwnedAgent } from "./agents";
import { getDb } from "./client";
import { Prisma } from "./generated/client";

// Writes of validated agents (lib/builder validates; nothing here decides what is allowed) and
// their version history.

const toDbVisibility = (v: AgentRecord["visibility"]) => v.toUpperCase() as "PRIVATE" | "SHARED" | "PUBLIC";
const toDbMode = (m: "isolated" | "fork" | undefined): "FORK" | "ISOLATED" =>
  m === "fork" ? "FORK" : "ISOLATED";

export function agentColumns(data: AgentRecord) {
  return {
    name: data.name,
    description: data.description,
    category: data.category ?? "general",
    instructions: data.instructions,
    provider: data.provider,
    model: data.model,
    parameters: data.parameters as Prisma.InputJsonObject,
    tools: data.tools,
    askTools: data.askTools ?? [],
    visibility: toDbVisibility(data.visibility),
    subagentsEnabled: data.subagents.enabled,
    allowSelf: data.subagents.allowSelf,
    selfMode: toDbMode(data.subagents.selfMode),
    selfBudget: data.subagents.selfBudget ?? null,
    selfProvider: data.subagents.selfModel?.provider ?? null,
    selfModel: data.subagents.selfModel?.model ?? null,
    selfBackground: data.subagents.selfBackground ?? false,
  };
}

/** Writes links, shares and a version snapshot for the agent row just written (inside `tx`). */
export async function writeLinks(
  tx: Prisma.TransactionClient,
  agentId: string,
  version: number,
  data: AgentRecord,
  userId: string,
) {
  await tx.agentSubagent.deleteMany({ where: { parentId: agentId } });
  await tx.agentShare.deleteMany({ where: { agentId } });
  await tx.agentHandoff.deleteMany({ where: { fromId: agentId } });
  if (data.subagents.children.length) {
    await tx.agentSubagent.createMany({
      data: data.subagents.children.map((c, position) => ({
        parentId: agentId,
        childId: c.id,
        position,
        mode: toDbMode(c.mode),
        budget: c.budget ?? null,
        background: c.background ?? false,
      })),
    });
  }
  if (data.visibility === "shared" && data.shareUserIds.length) {
    await tx.agentShare.createMany({ data: data.shareUserIds.map((u) => ({ agentId, userId: u })) });
  }
  if (data.handoffs.length) {
    await tx.agentHandoff.createMany({
      data: data.handoffs.map((h) => ({ fromId: agentId, toId: h.to, description: h.description })),
    });
  }
  await tx.agentVersion.create({
    data: { agentId, version, snapshot: data as unknown as Prisma.InputJsonObject, createdById: userId },
  });
  // The versions of every agent reachable now, so a run "at this version" runs this tree.
  await snapshotVersionTree(tx, { agentId, version });
}

/** Inserts an agent as version 1 with its links; returns its id. */
export async function insertAgent({ userId, data }: { userId: string; data: AgentRecord }): Promise<string> {
  return getDb().$transaction(async (tx) => {
    const row = await tx.agent.create({
      data: {
        ...agentColumns(data),
        summarization: (data.summarization ?? undefined) as Prisma.InputJsonObject | undefined,
        ownerId: userId,
        version: 1,
      },
    });
    await writeLinks(tx, row.id, 1, data, userId);
    return row.id;
  });
}

/** Saves the owner's agent as a new version with its links. */
export async function writeAgent({
  id,
  userId,
  data,
}: {
  id: string;
  userId: string;
  data: AgentRecord;
}): Promise<void> {
  await getDb().$transaction(async (tx) => {
    const row = await tx.agent.update({
      where: { id, ownerId: userId },
      data: {
        ...agentColumns(data),
        summarization: (data.summarization as Prisma.InputJsonObject | null) ?? Prisma.DbNull,
        version: { increment: 1 },
      },
      select: { version: true },
    });
    await writeLinks(tx, id, row.version, data, userId);
  });
}

/** Version history, newest first (owner only). */
export async function listAgentVersions({ id, userId }: { id: string; userId: string }) {
  await requireOwnedAgent({ id, userId });
  const rows = await getDb().agentVersion.findMany({
    where: { agentId: id },
    orderBy: { version: "desc" },
    select: { version: true, createdAt: true, snapshot: true },
  });
  return rows.map((r) => {
    const s = r.snapshot as unknown as AgentRecord;
    return {
      version: r.version,
      createdAt: r.createdAt,
      name: s.name,
      model: s.model,
      childCount: s.subagents?.children?.length ?? 0,
      subagentsEnabled: Boolean(s.subagents?.enabled),
    };
  });
}

/** The agent's current version number (null when there is no such agent). */
export async function currentAgentVersion({ id }: { id: string }): Promise<number | null> {
  const row = await getDb().agent.findUnique({ where: { id }, select: { version: true } });
  return row?.version ?? null;
}

/** The snapshot an agent version stored; `not_found:agent_version` when there is none. */
export async function readAgentVersion({
  id,
  version,
}: {
  id: string;
  version: number;
}): Promise<AgentRecord> {
  const row = await getDb().agentVersion.findUnique({ where: { agentId_version: { agentId: id, version } } });
  if (!row) throw new AppError("not_found:agent_version", { values: { version } });
  return row.snapshot as unknown as AgentRecord;
}
