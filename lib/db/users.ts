import "server-only";
import { AppError, text } from "@/lib/errors";
import { getDb } from "./client";
import type { Role } from "./generated/enums";

export interface PublicUser {
  id: string;
  name: string | null;
  email: string;
  role: Role;
  disabled: boolean;
  /** The UI language chosen in Settings; null = the browser's. */
  locale: string | null;
  createdAt: Date;
}

const publicFields = {
  id: true,
  name: true,
  email: true,
  role: true,
  disabled: true,
  locale: true,
  createdAt: true,
} as const;

// Serialises "is this the first user?" across concurrent registrations and app processes.
const FIRST_USER_LOCK = 4_242_001;

/** Why createUserWithPassword refused: the invite could not be claimed, or an admin appeared. */
export class AdmissionRefused extends Error {
  constructor(readonly reason: "invite_invalid" | "admin_exists") {
    super(reason);
    this.name = "AdmissionRefused";
  }
}

/**
 * Creates a user; the very first user of the installation becomes ADMIN. With `inviteCodeHash`
 * the invite is claimed (unused, unexpired) in the same transaction, so one invite admits exactly
 * one account; with `onlyIfNoAdmin` the user is created only while no admin exists. Otherwise
 * nothing is written and AdmissionRefused is thrown.
 */
export async function createUserWithPassword({
  name,
  email,
  passwordHash,
  inviteCodeHash,
  onlyIfNoAdmin = false,
}: {
  name: string;
  email: string;
  passwordHash: string;
  inviteCodeHash?: string;
  onlyIfNoAdmin?: boolean;
}): Promise<PublicUser> {
  const db = getDb();
  try {
    return await db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIRST_USER_LOCK})`;
      if (onlyIfNoAdmin && (await tx.user.count({ where: { role: "ADMIN" } })) > 0) {
        throw new AdmissionRefused("admin_exists");
      }
      const existing = await tx.user.count();
      const user = await tx.user.create({
        data: { name, email, passwordHash, role: existing === 0 ? "ADMIN" : "USER" },
        select: publicFields,
      });
      if (inviteCodeHash !== undefined) {
        const claimed = await tx.$executeRaw`
          UPDATE "Invite" SET "usedAt" = now(), "usedById" = ${user.id}
          WHERE "codeHash" = ${inviteCodeHash} AND "usedAt" IS NULL AND "expiresAt" > now()`;
        if (claimed !== 1) throw new AdmissionRefused("invite_invalid");
      }
      return user;
    });
  } catch (err) {
    if ((err as { code?: string }).code === "P2002") {
      throw new AppError("conflict:email", { fields: { email: text("field.email_taken") } });
    }
    throw err;
  }
}

export async function findUserForSignIn({ email }: { email: string }) {
  return getDb().user.findUnique({
    where: { email },
    select: { ...publicFields, passwordHash: true },
  });
}

/** A user by email (lower-cased as stored), for tools run by an operator (npm run agents). */
export async function findUserByEmail({ email }: { email: string }): Promise<PublicUser | null> {
  return getDb().user.findUnique({ where: { email: email.trim().toLowerCase() }, select: publicFields });
}

export async function listUsers(): Promise<PublicUser[]> {
  return getDb().user.findMany({ select: publicFields, orderBy: { createdAt: "asc" } });
}

export async function setUserDisabled({
  id,
  disabled,
}: {
  id: string;
  disabled: boolean;
}): Promise<{ before: boolean; user: PublicUser }> {
  const found = await getDb().user.findUnique({ where: { id }, select: { disabled: true } });
  if (!found) throw new AppError("not_found:user");
  const user = await getDb().user.update({ where: { id }, data: { disabled }, select: publicFields });
  return { before: found.disabled, user };
}

/** Makes the user ADMIN when no admin exists yet (OAuth sign-ups, which bypass createUserWithPassword). */
export async function promoteIfFirstAdmin({ id }: { id: string }): Promise<void> {
  await getDb().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${FIRST_USER_LOCK})`;
    await tx.$executeRaw`UPDATE "User" SET "role" = 'ADMIN'
      WHERE "id" = ${id} AND NOT EXISTS (SELECT 1 FROM "User" WHERE "role" = 'ADMIN')`;
  });
}

/** The providers (github, google, oidc) a user has linked for signing in. */
export async function linkedProviders({ userId }: { userId: string }): Promise<string[]> {
  const rows = await getDb().account.findMany({ where: { userId }, select: { provider: true } });
  return rows.map((r) => r.provider);
}

/** Records that the user's email was verified (by their identity provider), once. */
export async function markEmailVerified({ id, email }: { id: string; email: string }): Promise<void> {
  await getDb().user.updateMany({
    where: { id, email, emailVerified: null },
    data: { emailVerified: new Date() },
  });
}

/** Stores a user's UI language (a tag of lib/i18n/locales.ts, checked by the caller; null = the browser's). */
export async function setUserLocale({ id, locale }: { id: string; locale: string | null }): Promise<void> {
  await getDb().user.update({ where: { id }, data: { locale } });
}

export async function setUserName({ id, name }: { id: string; name: string }): Promise<void> {
  await getDb().user.update({ where: { id }, data: { name } });
}

/** The stored password hash of a user (null: the account signs in through a provider only). */
export async function passwordHashOf({ id }: { id: string }): Promise<string | null> {
  const row = await getDb().user.findUnique({ where: { id }, select: { passwordHash: true } });
  return row?.passwordHash ?? null;
}

/**
 * Replaces a user's password and ends their sessions in one transaction, except `keepSession`
 * (the one that changed it); returns how many sessions were ended.
 */
export async function replacePassword({
  id,
  passwordHash,
  keepSession,
}: {
  id: string;
  passwordHash: string;
  keepSession?: string;
}): Promise<number> {
  const [, ended] = await getDb().$transaction([
    getDb().user.update({ where: { id }, data: { passwordHash } }),
    getDb().session.deleteMany({
      where: { userId: id, ...(keepSession ? { sessionToken: { not: keepSession } } : {}) },
    }),
  ]);
  return ended.count;
}

/** Whether the account has a password (accounts made through a provider only have none). */
export async function hasPassword({ id }: { id: string }): Promise<boolean> {
  const n = await getDb().user.count({ where: { id, passwordHash: { not: null } } });
  return n > 0;
}

export async function findUserById({ id }: { id: string }): Promise<PublicUser | null> {
  return getDb().user.findUnique({ where: { id }, select: publicFields });
}
