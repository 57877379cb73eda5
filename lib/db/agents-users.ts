import "server-only";
import { getDb } from "./client";

/** Users by email (lower-cased), for sharing agents; unknown emails are simply absent. */
export async function findUsersByEmails({
  emails,
}: {
  emails: string[];
}): Promise<{ id: string; email: string }[]> {
  if (emails.length === 0) return [];
  return getDb().user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } });
}

/** Emails of users by id, in the order given (missing users left out). */
export async function emailsForUserIds({ ids }: { ids: string[] }): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await getDb().user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } });
  const byId = new Map(rows.map((r) => [r.id, r.email]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The ids of those users that still exist, in the order given. */
export async function existingUserIds({ ids }: { ids: string[] }): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await getDb().user.findMany({ where: { id: { in: ids } }, select: { id: true } });
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => found.has(id));
}

/**
 * Claims the user's starter team: true for exactly one caller per account, however many race
 * (the row lock serialises them and the second sees the timestamp already set).
 */
export async function claimStarterTeam({ userId }: { userId: string }): Promise<boolean> {
  const { count } = await getDb().user.updateMany({
    where: { id: userId, starterTeamAt: null },
    data: { starterTeamAt: new Date() },
  });
  return count > 0;
}
