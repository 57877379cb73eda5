import "server-only";
import type { AgentDraftInput } from "@/lib/builder/schema";
import { type AgentData, checkAgentData, validateAgentInput } from "@/lib/builder/validate";
import { AppError } from "@/lib/errors";
import { canView, loadAgentRows } from "./agents-tree";

export { type AgentTree, loadAgentTree } from "./agents-tree";

import { emailsForUserIds, existingUserIds } from "./agents-users";
import { getDb } from "./client";
import { Prisma } from "./generated/client";

export type VisibilityValue = "private" | "shared" | "public";

/** An agent in lists and pickers. */
export interface AgentSummary {
  id: string;
  name: string;
  description: string;
  visibility: VisibilityValue;
  ownerName: string;
  isOwner: boolean;
  subagentsEnabled: boolean;
  childCount: number;
  /** Endpoint id and model the agent runs on. */
  provider: string;
  model: string;
  version: number;
  updatedAt: Date;
}

/** An agent as the form shows it. */
export interface AgentDetail {
  id: string;
  ownerId: string;
  ownerName: string;
  isOwner: boolean;
  version: number;
  updatedAt: Date;
  draft: AgentDraftInput & { shareEmails: string[] };
  /** Names of the listed children and handoff targets the viewer may see, by id. */
  names: Record<string, string>;
}

const VIS = { PRIVATE: "private", SHARED: "shared", PUBLIC: "public" } as const;
const toDbVisibility = (v: VisibilityValue) => v.toUpperCase() as "PRIVATE" | "SHARED" | "PUBLIC";
const toDbMode = (m: "isolated" | "fork" | undefined): "FORK" | "ISOLATED" =>
  m === "fork" ? "FORK" : "ISOLATED";

/** Prisma filter: agents the user may view. */
function viewableBy(userId: string): Prisma.AgentWhereInput {
  return {
    OR: [
      { ownerId: userId },
      { visibility: "PUBLIC" },
      { visibility: "SHARED", shares: { some: { userId } } },
    ],
  };
}

const summarySelect = {
  id: true,
  name: true,
  description: true,
  visibility: true,
  ownerId: true,
  subagentsEnabled: true,
  provider: true,
  model: true,
  version: true,
  updatedAt: true,
  owner: { select: { name: true, email: true } },
  _count: { select: { children: true } },
} as const;

type SummaryRow = Prisma.AgentGetPayload<{ select: typeof summarySelect }>;

function toSummary(row: SummaryRow, userId: string): AgentSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: VIS[row.visibility],
    ownerName: row.owner.name ?? row.owner.email,
    isOwner: row.ownerId === userId,
    subagentsEnabled: row.subagentsEnabled,
    childCount: row._count.children,
    provider: row.provider,
    model: row.model,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

/** The user's agents, agents shared with them, and public agents of others; optional search. */
export async function listAgents({ userId, search }: { userId: string; search?: string }) {
  const q = search?.trim();
  const where: Prisma.AgentWhereInput = {
    AND: [
      viewableBy(userId),
      q
        ? {
            OR: [
              { name: { contains: q, mode: "insensitive" } },
              { description: { contains: q, mode: "insensitive" } },
            ],
          }
        : {},
    ],
  };
  const rows = await getDb().agent.findMany({ where, select: summarySelect, orderBy: { updatedAt: "desc" } });
  const all = rows.map((r) => toSummary(r, userId));
  return {
    mine: all.filter((a) => a.isOwner),
    shared: all.filter((a) => !a.isOwner && a.visibility === "shared"),
    public: all.filter((a) => !a.isOwner && a.visibility === "public"),
  };
}

/** Every agent the user may view (candidates for subagents and handoffs), by name. */
export async function listUsableAgents({ userId }: { userId: string }): Promise<AgentSummary[]> {
  const rows = await getDb().agent.findMany({
    where: viewableBy(userId),
    select: summarySelect,
    orderBy: { name: "asc" },
  });
  return rows.map((r) => toSummary(r, userId));
}

/** An agent for the form; `not_found:agent` unless the user may view it. */
export async function getAgent({ id, userId }: { id: string; userId: string }): Promise<AgentDetail> {
  const [row] = await loadAgentRows({ ids: [id] });
  if (!row || !canView(row, userId)) {
    throw new AppError("not_found:agent", "That agent does not exist or is not shared with you.");
  }
  const db = getDb();
  const linked = [...row.children.map((c) => c.childId), ...row.handoffs.map((h) => h.to)];
  const [meta, owner, linkedRows, shareEmails] = await Promise.all([
    db.agent.findUniqueOrThrow({ where: { id }, select: { version: true, updatedAt: true } }),
    db.user.findUniqueOrThrow({ where: { id: row.ownerId }, select: { name: true, email: true } }),
    loadAgentRows({ ids: linked }),
    row.ownerId === userId ? emailsForUserIds({ ids: row.sharedWith }) : Promise.resolve([]),
  ]);
  const names: Record<string, string> = {};
  for (const r of linkedRows) if (canView(r, userId)) names[r.id] = r.name;
  const mode = (m: "ISOLATED" | "FORK") => (m === "FORK" ? ("fork" as const) : ("isolated" as const));
  return {
    id,
    ownerId: row.ownerId,
    ownerName: owner.name ?? owner.email,
    isOwner: row.ownerId === userId,
    version: meta.version,
    updatedAt: meta.updatedAt,
    names,
    draft: {
      name: row.name,
      description: row.description,
      instructions: row.instructions,
      provider: row.provider,
      model: row.model,
      parameters: row.parameters as AgentDraftInput["parameters"],
      tools: row.tools,
      visibility: VIS[row.visibility],
      shareEmails,
      subagents: {
        enabled: row.subagentsEnabled,
        allowSelf: row.allowSelf,
        selfMode: mode(row.selfMode),
        children: row.children.map((c) => ({ id: c.childId, mode: mode(c.mode) })),
      },
      summarization: (row.summarization as AgentDraftInput["summarization"]) ?? null,
      handoffs: row.handoffs.map((h) => ({ to: h.to, description: h.description })),
    },
  };
}

/** Owner check for edits: 404 when the user can't even see it, 403 when they can but don't own it. */
async function requireOwner(id: string, userId: string) {
  const [row] = await loadAgentRows({ ids: [id] });
  if (!row || !canView(row, userId)) {
    throw new AppError("not_found:agent", "That agent does not exist or is not shared with you.");
  }
  if (row.ownerId !== userId) throw new AppError("forbidden:agent", "Only the owner can change this agent.");
  return row;
}

function agentColumns(data: AgentData) {
  return {
    name: data.name,
    description: data.description,
    instructions: data.instructions,
    provider: data.provider,
    model: data.model,
    parameters: data.parameters as Prisma.InputJsonObject,
    tools: data.tools,
    visibility: toDbVisibility(data.visibility),
    subagentsEnabled: data.subagents.enabled,
    allowSelf: data.subagents.allowSelf,
    selfMode: toDbMode(data.subagents.selfMode),
    summarization: (data.summarization ?? undefined) as Prisma.InputJsonObject | undefined,
  };
}

/** Writes links, shares and a version snapshot for the agent row just written (inside `tx`). */
async function writeLinks(
  tx: Prisma.TransactionClient,
  agentId: string,
  version: number,
  data: AgentData,
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
}

/** A child deleted between validation and the write surfaces as a foreign-key error. */
function mapWriteError(err: unknown): never {
  if ((err as { code?: string }).code === "P2003") {
    throw new AppError("bad_request:subagent_not_found", "A chosen agent was just deleted. Please review.", {
      fields: { subagents: "A chosen agent was just deleted. Please review." },
    });
  }
  throw err;
}

async function insertAgent(userId: string, data: AgentData): Promise<string> {
  try {
    return await getDb().$transaction(async (tx) => {
      const row = await tx.agent.create({ data: { ...agentColumns(data), ownerId: userId, version: 1 } });
      await writeLinks(tx, row.id, 1, data, userId);
      return row.id;
    });
  } catch (err) {
    mapWriteError(err);
  }
}

async function writeAgent(id: string, userId: string, data: AgentData): Promise<void> {
  try {
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
  } catch (err) {
    mapWriteError(err);
  }
}

/** Validates and creates an agent (version 1). Nothing is written when it throws. */
export async function createAgent({
  userId,
  input,
}: {
  userId: string;
  input: unknown;
}): Promise<AgentDetail> {
  const data = await validateAgentInput({ userId, input });
  const id = await insertAgent(userId, data);
  return getAgent({ id, userId });
}

/** Validates and saves the owner's agent as a new version. Nothing is written when it throws. */
export async function updateAgent({
  id,
  userId,
  input,
}: {
  id: string;
  userId: string;
  input: unknown;
}): Promise<AgentDetail> {
  await requireOwner(id, userId);
  const data = await validateAgentInput({ userId, agentId: id, input });
  await writeAgent(id, userId, data);
  return getAgent({ id, userId });
}

/** A private copy, owned by the user, of an agent they may view. Children they can't view are left out. */
export async function duplicateAgent({ id, userId }: { id: string; userId: string }): Promise<AgentDetail> {
  const source = await getAgent({ id, userId });
  const { shareEmails: _shares, ...draft } = source.draft;
  const children = (draft.subagents?.children ?? [])
    .filter((c) => c.id in source.names)
    .map((c) => ({ id: c.id, mode: c.mode ?? "isolated" }));
  const data: AgentData = {
    ...(draft as AgentData),
    name: `Copy of ${draft.name}`.slice(0, 80),
    visibility: "private",
    shareUserIds: [],
    subagents: { ...(draft.subagents as AgentData["subagents"]), children },
    handoffs: (draft.handoffs ?? []).filter((h) => h.to in source.names) as AgentData["handoffs"],
  };
  await checkAgentData({ userId, data });
  const copyId = await insertAgent(userId, data);
  return getAgent({ id: copyId, userId });
}

/** Parents that list the agent as a subagent: the ones the user may view by name, the rest counted. */
export async function listAgentParents({ id, userId }: { id: string; userId: string }) {
  const links = await getDb().agentSubagent.findMany({
    where: { childId: id },
    select: { parent: { select: { id: true, name: true, ...viewFields } } },
    orderBy: { parent: { name: "asc" } },
  });
  const visible = links.map((l) => l.parent).filter((p) => canViewRow(p, userId));
  return {
    parents: visible.map(({ id: pid, name }) => ({ id: pid, name })),
    others: links.length - visible.length,
  };
}

const viewFields = { ownerId: true, visibility: true, shares: { select: { userId: true } } } as const;
function canViewRow(
  p: { ownerId: string; visibility: "PRIVATE" | "SHARED" | "PUBLIC"; shares: { userId: string }[] },
  userId: string,
) {
  return canView(
    { ownerId: p.ownerId, visibility: p.visibility, sharedWith: p.shares.map((s) => s.userId) },
    userId,
  );
}

/**
 * Deletes the owner's agent. Its subagent links cascade away, so it disappears from every parent;
 * returns the parents it was removed from (names the user may see, plus a count of the others).
 */
export async function deleteAgent({ id, userId }: { id: string; userId: string }) {
  await requireOwner(id, userId);
  return getDb().$transaction(async (tx) => {
    const links = await tx.agentSubagent.findMany({
      where: { childId: id, parentId: { not: id } },
      select: { parent: { select: { id: true, name: true, ...viewFields } } },
      orderBy: { parent: { name: "asc" } },
    });
    await tx.agent.delete({ where: { id, ownerId: userId } });
    const visible = links.map((l) => l.parent).filter((p) => canViewRow(p, userId));
    return {
      removedFrom: visible.map(({ id: pid, name }) => ({ id: pid, name })),
      others: links.length - visible.length,
    };
  });
}

/** Version history, newest first (owner only). */
export async function listAgentVersions({ id, userId }: { id: string; userId: string }) {
  await requireOwner(id, userId);
  const rows = await getDb().agentVersion.findMany({
    where: { agentId: id },
    orderBy: { version: "desc" },
    select: { version: true, createdAt: true, snapshot: true },
  });
  return rows.map((r) => {
    const s = r.snapshot as unknown as AgentData;
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

/** Saves an old version's snapshot as a new version (after the same checks as a save). */
export async function restoreAgentVersion({
  id,
  userId,
  version,
}: {
  id: string;
  userId: string;
  version: number;
}) {
  await requireOwner(id, userId);
  const row = await getDb().agentVersion.findUnique({ where: { agentId_version: { agentId: id, version } } });
  if (!row) throw new AppError("not_found:agent_version", `Version ${version} does not exist.`);
  const snapshot = row.snapshot as unknown as AgentData;
  // Accounts deleted since then can't be shared with any more.
  const data = { ...snapshot, shareUserIds: await existingUserIds({ ids: snapshot.shareUserIds ?? [] }) };
  await checkAgentData({ userId, agentId: id, data });
  await writeAgent(id, userId, data);
  return getAgent({ id, userId });
}
