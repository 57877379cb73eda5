import "server-only";
import type { AgentRecord } from "./agents";
import { agentColumns, writeLinks } from "./agents-write";
import { getDb } from "./client";
import { Prisma } from "./generated/client";

// Writes of an imported team (lib/teams validates and decides create or update): every agent in
// one transaction, rows first, then the links between them, so a tree with loops can be written.

export interface TeamWrite {
  /** The agent's key in the file; children and handoffs in `data` refer to keys. */
  key: string;
  /** update: this agent's id (owned by the user); create: an id to keep, or none for a new one. */
  id?: string;
  update: boolean;
  data: AgentRecord;
}

/** Writes the agents (in the given order) and returns key → agent id. */
export async function writeTeam({
  userId,
  agents,
}: {
  userId: string;
  agents: TeamWrite[];
}): Promise<Record<string, string>> {
  return getDb().$transaction(async (tx) => {
    const ids: Record<string, string> = {};
    const versions: Record<string, number> = {};
    for (const a of agents) {
      const summarization = a.data.summarization as Prisma.InputJsonObject | null;
      const row = a.update
        ? await tx.agent.update({
            where: { id: a.id, ownerId: userId },
            data: {
              ...agentColumns(a.data),
              summarization: summarization ?? Prisma.DbNull,
              version: { increment: 1 },
            },
            select: { id: true, version: true },
          })
        : await tx.agent.create({
            data: {
              ...(a.id ? { id: a.id } : {}),
              ...agentColumns(a.data),
              summarization: summarization ?? undefined,
              ownerId: userId,
              version: 1,
            },
            select: { id: true, version: true },
          });
      ids[a.key] = row.id;
      versions[a.key] = row.version;
    }
    for (const a of agents) {
      const data: AgentRecord = {
        ...a.data,
        subagents: {
          ...a.data.subagents,
          children: a.data.subagents.children.map((c) => ({ ...c, id: ids[c.id] })),
        },
        handoffs: a.data.handoffs.map((h) => ({ ...h, to: ids[h.to] })),
      };
      await writeLinks(tx, ids[a.key], versions[a.key], data, userId);
    }
    return ids;
  });
}
