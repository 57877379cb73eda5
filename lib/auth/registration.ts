import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import {
  adminExists,
  deleteUnusedInvite,
  getStoredRegistrationMode,
  insertInvite,
  inviteIsUsable,
  oauthAccountUser,
  setStoredRegistrationMode,
} from "@/lib/db/registration";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

// Who may create an account. Three modes, strictest wins:
// - the admin's choice (Admin → Registration; OPEN until an admin changes it),
// - ALLOW_REGISTRATION in the environment, a cap the admin cannot lift,
// - until the first admin exists, registration is open whatever the settings, because the first
//   account of an installation is how its admin is created.

export type RegistrationMode = "open" | "invite" | "closed";

const STRICTNESS: Record<RegistrationMode, number> = { open: 0, invite: 1, closed: 2 };
const TO_DB = { open: "OPEN", invite: "INVITE", closed: "CLOSED" } as const;
const FROM_DB = { OPEN: "open", INVITE: "invite", CLOSED: "closed" } as const;

export const registrationModeSchema = z.enum(["open", "invite", "closed"]);

/** The stricter of two modes. */
export function stricterMode(a: RegistrationMode, b: RegistrationMode | undefined): RegistrationMode {
  return b && STRICTNESS[b] > STRICTNESS[a] ? b : a;
}

export interface RegistrationStatus {
  /** What applies to a sign-up right now. */
  mode: RegistrationMode;
  /** The admin's setting. */
  adminMode: RegistrationMode;
  /** ALLOW_REGISTRATION, when set. */
  envCap: RegistrationMode | undefined;
  /** No admin exists yet: open so the first account (the admin) can be created. */
  bootstrap: boolean;
}

export async function registrationStatus(): Promise<RegistrationStatus> {
  const [stored, hasAdmin] = await Promise.all([getStoredRegistrationMode(), adminExists()]);
  const adminMode = FROM_DB[stored];
  const envCap = env().ALLOW_REGISTRATION;
  if (!hasAdmin) return { mode: "open", adminMode, envCap, bootstrap: true };
  return { mode: stricterMode(adminMode, envCap), adminMode, envCap, bootstrap: false };
}

export async function setRegistrationMode({ mode }: { mode: RegistrationMode }): Promise<RegistrationStatus> {
  await setStoredRegistrationMode({ mode: TO_DB[mode] });
  return registrationStatus();
}

/** An invite code as stored: its sha256, so a database reader cannot use pending invites. */
export function inviteCodeHash(code: string): string {
  return createHash("sha256").update(code.trim()).digest("hex");
}

/**
 * What a sign-up needs right now, or a typed refusal: throws when registration is closed or when
 * it is invite-only and no code was given. Returns how createUserWithPassword must admit the user.
 */
export async function admissionFor({
  invite,
}: {
  invite: string | undefined;
}): Promise<{ inviteCodeHash?: string; onlyIfNoAdmin: boolean }> {
  const status = await registrationStatus();
  if (status.mode === "closed") throw new AppError("forbidden:registration_closed");
  if (status.mode === "invite") {
    if (!invite) throw new AppError("forbidden:invite_required");
    return { inviteCodeHash: inviteCodeHash(invite), onlyIfNoAdmin: false };
  }
  // Open only because there is no admin yet: admit only while that is still true.
  return { onlyIfNoAdmin: status.bootstrap && stricterMode(status.adminMode, status.envCap) !== "open" };
}

/** What an OAuth sign-in may do: go ahead, or why not (each has its message on the sign-in page). */
export type OAuthSignInDecision = "allow" | "account_disabled" | "not_registered";

/**
 * Whether an OAuth sign-in may go ahead: an existing account unless it is disabled (a disabled
 * user gets no session, whatever the way in); linking to the signed-in user; a new account only
 * while registration is open (invites are for the registration form only). An email that
 * belongs to an account not linked to this provider goes ahead to Auth.js, which refuses it
 * (OAuthAccountNotLinked): taking over an account by its email is never allowed.
 */
export async function oauthSignInDecision(account: {
  provider: string;
  providerAccountId: string;
  email: string | null | undefined;
  /** The signed-in user linking this provider (Settings), if any. */
  linkingUserId?: string;
}): Promise<OAuthSignInDecision> {
  const existing = await oauthAccountUser(account);
  if (existing?.linked) return existing.disabled ? "account_disabled" : "allow";
  if (account.linkingUserId) return "allow";
  if (existing) return existing.disabled ? "account_disabled" : "allow";
  return (await registrationStatus()).mode === "open" ? "allow" : "not_registered";
}

export const INVITE_LIFETIMES_DAYS = [1, 7, 30] as const;
export const createInviteSchema = z.object({
  expiresInDays: z.coerce
    .number()
    .int()
    .refine((d) => (INVITE_LIFETIMES_DAYS as readonly number[]).includes(d), "Choose 1, 7 or 30 days."),
  note: z.string().trim().max(200, "Use at most 200 characters.").default(""),
});

/** Creates a single-use invite; the code is returned only here (the database keeps its hash). */
export async function createInvite({
  adminId,
  expiresInDays,
  note,
}: {
  adminId: string;
  expiresInDays: number;
  note: string;
}): Promise<{ code: string; expiresAt: Date }> {
  const code = randomBytes(18).toString("base64url");
  const row = await insertInvite({
    codeHash: inviteCodeHash(code),
    createdById: adminId,
    expiresAt: new Date(Date.now() + expiresInDays * 24 * 60 * 60 * 1000),
    note,
  });
  return { code, expiresAt: row.expiresAt };
}

export async function inviteCodeUsable(code: string): Promise<boolean> {
  if (!code || code.length > 200) return false;
  return inviteIsUsable({ codeHash: inviteCodeHash(code) });
}

export async function revokeInvite({ id }: { id: string }): Promise<{ note: string; expiresAt: Date }> {
  const revoked = await deleteUnusedInvite({ id });
  if (!revoked) {
    throw new AppError("not_found:invite");
  }
  return revoked;
}
