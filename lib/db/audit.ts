import "server-only";
import { getDb, type Tx } from "./client";

/** The admin an action is recorded against. */
export interface Actor {
  id: string;
  email: string;
}

/** One changed field of one admin action, as stored (values already masked by lib/audit). */
export interface AuditRow {
  actor: Actor;
  kind: string;
  targetUserId?: string;
  targetEmail?: string;
  target?: string;
  key: string;
  oldValue: string | null;
  newValue: string | null;
}

export async function insertAuditRows({ tx = getDb(), rows }: { tx?: Tx; rows: AuditRow[] }) {
  if (!rows.length) return;
  await tx.adminAudit.createMany({
    data: rows.map(({ actor, ...r }) => ({ actorId: actor.id, actorEmail: actor.email, ...r })),
  });
}

export interface AuditEntry {
  id: string;
  actorEmail: string;
  kind: string;
  targetEmail: string | null;
  target: string | null;
  key: string;
  oldValue: string | null;
  newValue: string | null;
  createdAt: Date;
}

/** Newest first; `email` matches the admin who acted or the user acted on. */
export async function listAuditRows({
  kind,
  email,
  take = 100,
}: {
  kind?: string;
  email?: string;
  take?: number;
}): Promise<AuditEntry[]> {
  return getDb().adminAudit.findMany({
    where: {
      ...(kind ? { kind } : {}),
      ...(email
        ? {
            OR: [
              { actorEmail: { equals: email, mode: "insensitive" } },
              { targetEmail: { equals: email, mode: "insensitive" } },
            ],
          }
        : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      actorEmail: true,
      kind: true,
      targetEmail: true,
      target: true,
      key: true,
      oldValue: true,
      newValue: true,
      createdAt: true,
    },
  });
}

/** Every email that appears in the log, as admin or as the user acted on (for the filter). */
export async function listAuditEmails(): Promise<string[]> {
  const db = getDb();
  const [actors, targets] = await Promise.all([
    db.adminAudit.findMany({ distinct: ["actorEmail"], select: { actorEmail: true } }),
    db.adminAudit.findMany({
      distinct: ["targetEmail"],
      where: { targetEmail: { not: null } },
      select: { targetEmail: true },
    }),
  ]);
  const all = [...actors.map((a) => a.actorEmail), ...targets.map((t) => t.targetEmail as string)];
  return [...new Set(all.map((e) => e.toLowerCase()))].sort();
}
