import "server-only";
import { AppError } from "@/lib/errors";
import { type AgentTreeRow, canView, loadAgentRows } from "./agents-tree";
import { emailsForUserIds } from "./agents-users";
import { getDb } from "./client";
import type { Prisma } from "./generated/client";

type VisibilityValue = "private" | "shared" | "public";
type ContextModeValue = "isolated" | "fork";

/** An agent as it is stored and as every version snapshot keeps it (validated by lib/builder). */
export interface AgentRecord {
  name: string;
  description: string;
  /** Absent in versions saved before categories existed (= "general"). */
  category?: string;
  instructions: string;
  /** Endpoint id and model the agent runs on. */
  provider: string;
  model: string;
  parameters: Record<string, unknown>;
  tools: string[];
  /** Of `tools`, those that ask before running (absent in versions saved before it existed). */
  askTools?: string[];
  visibility: VisibilityValue;
  subagents: {
    enabled: boolean;
    allowSelf: boolean;
    selfMode: ContextModeValue;
    /** The self-spawn entry's budget (absent = none) and own endpoint/model (null = the agent's). */
    selfBudget?: number;
    selfModel?: { provider: string; model: string } | null;
    /** Absent in versions saved before background tasks existed (= false). */
    selfBackground?: boolean;
    children: { id: string; mode: ContextModeValue; budget?: number; background?: boolean }[];
  };
  summarization: Record<string, unknown> | null;
  handoffs: { to: string; description: string }[];
  /** Users a shared agent is shared with. */
  shareUserIds: string[];
}

/** An agent in lists and pickers. */
export interface AgentSummary {
  id: string;
  name: string;
  description: string;
  visibility: VisibilityValue;
  ownerName: string;
  isOwner: boolean;
  subagentsEnabled: boolean;
  /** With subagents on: whether it may spawn copies of itself. */
  allowSelf: boolean;
  childCount: number;
  /** Endpoint id and model the agent runs on. */
  provider: string;
  model: string;
  /** Tool names (built-in and `<server>__<tool>`). */
  tools: string[];
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
  draft: Omit<AgentRecord, "shareUserIds"> & { shareEmails: string[] };
  /** Names of the listed children and handoff targets the viewer may see, by id. */
  names: Record<string, string>;
}

const VIS = { PRIVATE: "private", SHARED: "shared", PUBLIC: "public" } as const;
const MODE = { ISOLATED: "isolated", FORK: "fork" } as const;

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
  allowSelf: true,
  provider: true,
  model: true,
  tools: true,
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
    allowSelf: row.allowSelf,
    childCount: row._count.children,
    provider: row.provider,
    model: row.model,
    tools: [...row.tools],
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

/** The user's agents, agents shared with them, and public agents of others; optional search. */
export async function listAgents({ userId, search }: { userId: string; search?: string }) {
  const q = search?.trim();
  const matches: Prisma.AgentWhereInput = q
    ? {
        OR: [
          { name: { contains: q, mode: "insensitive" } },
          { description: { contains: q, mode: "insensitive" } },
        ],
      }
    : {};
  const rows = await getDb().agent.findMany({
    where: { AND: [viewableBy(userId), matches] },
    select: summarySelect,
    orderBy: { updatedAt: "desc" },
  });
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

/** An agent's row with its links; `not_found:agent` unless the user may view it. */
async function findViewableAgent({ id, userId }: { id: string; userId: string }): Promise<AgentTreeRow> {
  const [row] = await loadAgentRows({ ids: [id] });
  if (!row || !canView(row, userId)) throw new AppError("not_found:agent");
  return row;
}

/** Owner check for edits: 404 when the user can't even see it, 403 when they can but don't own it. */
export async function requireOwnedAgent({
  id,
  userId,
}: {
  id: string;
  userId: string;
}): Promise<AgentTreeRow> {
  const row = await findViewableAgent({ id, userId });
  if (row.ownerId !== userId) throw new AppError("forbidden:agent");
  return row;
}

/** An agent for the form; `not_found:agent` unless the user may view it. */
export async function getAgent({ id, userId }: { id: string; userId: string }): Promise<AgentDetail> {
  const row = await findViewableAgent({ id, userId });
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
      category: row.category,
      instructions: row.instructions,
      provider: row.provider,
      model: row.model,
      parameters: row.parameters,
      tools: row.tools,
      askTools: row.askTools,
      visibility: VIS[row.visibility],
      shareEmails,
      subagents: {
        enabled: row.subagentsEnabled,
        allowSelf: row.allowSelf,
        selfMode: MODE[row.selfMode],
        ...(row.selfBudget !== null ? { selfBudget: row.selfBudget } : {}),
        ...(row.selfModel && row.selfProvider
          ? { selfModel: { provider: row.selfProvider, model: row.selfModel } }
          : {}),
        ...(row.selfBackground ? { selfBackground: true } : {}),
        children: row.children.map((c) => ({
          id: c.childId,
          mode: MODE[c.mode],
          ...(c.budget !== null && c.budget !== undefined ? { budget: c.budget } : {}),
          ...(c.background ? { background: true } : {}),
        })),
      },
      summarization: (row.summarization as Record<string, unknown> | null) ?? null,
      handoffs: row.handoffs.map((h) => ({ to: h.to, description: h.description })),
    },
  };
}

const viewFields = { ownerId: true, visibility: true, shares: { select: { userId: true } } } as const;
type ViewRow = { ownerId: string; visibility: AgentTreeRow["visibility"]; shares: { userId: string }[] };
const canViewRow = (p: ViewRow, userId: string) =>
  canView(
    { ownerId: p.ownerId, visibility: p.visibility, sharedWith: p.shares.map((s) => s.userId) },
    userId,
  );

/** Named parents the user may view; the others only counted. */
function splitParents(parents: ({ id: string; name: string } & ViewRow)[], userId: string) {
  const visible = parents.filter((p) => canViewRow(p, userId));
  return { named: visible.map(({ id, name }) => ({ id, name })), others: parents.length - visible.length };
}

/**
 * Parents that list the agent as a subagent: the ones the user may view by name, the rest counted;
 * `not_found:agent` unless the user may view the agent itself.
 */
export async function listAgentParents({ id, userId }: { id: string; userId: string }) {
  await findViewableAgent({ id, userId }); // nothing about an agent the user may not view
  const links = await getDb().agentSubagent.findMany({
    where: { childId: id },
    select: { parent: { select: { id: true, name: true, ...viewFields } } },
    orderBy: { parent: { name: "asc" } },
  });
  const { named, others } = splitParents(
    links.map((l) => l.parent),
    userId,
  );
  return { parents: named, others };
}

/**
 * Deletes the owner's agent. Its subagent links cascade away, so it disappears from every parent;
 * returns the parents it was removed from (names the user may see, plus a count of the others).
 */
export async function deleteAgent({ id, userId }: { id: string; userId: string }) {
  await requireOwnedAgent({ id, userId });
  return getDb().$transaction(async (tx) => {
    const links = await tx.agentSubagent.findMany({
      where: { childId: id, parentId: { not: id } },
      select: { parent: { select: { id: true, name: true, ...viewFields } } },
      orderBy: { parent: { name: "asc" } },
    });
    await tx.agent.delete({ where: { id, ownerId: userId } });
    const { named, others } = splitParents(
      links.map((l) => l.parent),
      userId,
    );
    return { removedFrom: named, others };
  });
}
