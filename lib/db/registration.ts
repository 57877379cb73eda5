import "server-only";
import { getDb } from "./client";
import type { RegistrationMode } from "./generated/enums";

// Sign-up settings and invites: queries only; the policy is in lib/auth/registration.ts.

export async function getStoredRegistrationMode(): Promise<RegistrationMode> {
  const row = await getDb().authSettings.findUnique({ where: { id: 1 }, select: { registrationMode: true } });
  return row?.registrationMode ?? "OPEN";
}

export async function setStoredRegistrationMode({ mode }: { mode: RegistrationMode }): Promise<void> {
  await getDb().authSettings.upsert({
    where: { id: 1 },
    create: { id: 1, registrationMode: mode },
    update: { registrationMode: mode },
  });
}

export async function adminExists(): Promise<boolean> {
  return (await getDb().user.findFirst({ where: { role: "ADMIN" }, select: { id: true } })) !== null;
}

export interface InviteRow {
  id: string;
  note: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  createdBy: { email: string };
  usedBy: { email: string } | null;
}

export async function insertInvite({
  codeHash,
  createdById,
  expiresAt,
  note,
}: {
  codeHash: string;
  createdById: string;
  expiresAt: Date;
  note: string;
}): Promise<{ id: string; expiresAt: Date }> {
  return getDb().invite.create({
    data: { codeHash, createdById, expiresAt, note },
    select: { id: true, expiresAt: true },
  });
}

/** The most recent invites, newest first. */
export async function listInvites({ limit = 100 }: { limit?: number } = {}): Promise<InviteRow[]> {
  return getDb().invite.findMany({
    orderBy: { createdAt: "desc" },
    take: limit,
    select: {
      id: true,
      note: true,
      createdAt: true,
      expiresAt: true,
      usedAt: true,
      createdBy: { select: { email: true } },
      usedBy: { select: { email: true } },
    },
  });
}

/** Whether an unused, unexpired invite has this code hash (a read; claiming happens at sign-up). */
export async function inviteIsUsable({ codeHash, now = new Date() }: { codeHash: string; now?: Date }) {
  const row = await getDb().invite.findUnique({
    where: { codeHash },
    select: { usedAt: true, expiresAt: true },
  });
  return !!row && row.usedAt === null && row.expiresAt > now;
}

/** Deletes an invite that has not been used; returns its note and expiry, or null when none was deleted. */
export async function deleteUnusedInvite({
  id,
}: {
  id: string;
}): Promise<{ note: string; expiresAt: Date } | null> {
  const [row] = await getDb().$queryRaw<Array<{ note: string; expiresAt: Date }>>`
    DELETE FROM "Invite" WHERE "id" = ${id} AND "usedAt" IS NULL RETURNING "note", "expiresAt"`;
  return row ?? null;
}

/**
 * The existing user an OAuth sign-in reaches: the owner of the provider account, else the user
 * with that email (whom Auth.js refuses to link by itself). Null for a newcomer.
 */
export async function oauthAccountUser({
  provider,
  providerAccountId,
  email,
}: {
  provider: string;
  providerAccountId: string;
  email: string | null | undefined;
}): Promise<{ id: string; disabled: boolean; linked: boolean } | null> {
  const db = getDb();
  const account = await db.account.findUnique({
    where: { provider_providerAccountId: { provider, providerAccountId } },
    select: { user: { select: { id: true, disabled: true } } },
  });
  if (account) return { ...account.user, linked: true };
  if (!email) return null;
  const byEmail = await db.user.findUnique({
    where: { email: email.toLowerCase() },
    select: { id: true, disabled: true },
  });
  return byEmail && { ...byEmail, linked: false };
}
