import "server-only";
import { randomBytes } from "node:crypto";
import { createSession, deleteSession, deleteUserSessions, getSessionUser } from "@/lib/db/sessions";
import type { PublicUser } from "@/lib/db/users";

/** How long a sign-in lasts (the cookie and the session row expire together). */
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/** What the session cookie's JWT carries: the user id and the id of its session row. */
export interface SessionClaims {
  uid?: unknown;
  sid?: unknown;
  [claim: string]: unknown;
}

/** Records a new signed-in session and returns its id (put into the JWT). */
export async function startSession({ userId }: { userId: string }): Promise<string> {
  const sessionToken = randomBytes(32).toString("base64url");
  await createSession({ userId, sessionToken, expires: new Date(Date.now() + SESSION_MAX_AGE_S * 1000) });
  return sessionToken;
}

/**
 * The signed-in user for a decoded session cookie, or null when the session was signed out,
 * ended by "sign out everywhere", expired, or the account is disabled. One query.
 */
export async function userForSession(claims: SessionClaims | null | undefined): Promise<PublicUser | null> {
  const uid = claims?.uid;
  const sid = claims?.sid;
  if (typeof uid !== "string" || typeof sid !== "string" || !uid || !sid) return null;
  const user = await getSessionUser({ sessionToken: sid, userId: uid });
  if (!user || user.disabled) return null;
  return user;
}

/** Ends one session (sign-out). */
export async function endSession(claims: SessionClaims | null | undefined): Promise<void> {
  if (typeof claims?.sid === "string" && claims.sid) await deleteSession({ sessionToken: claims.sid });
}

/** Ends every session of a user (sign out everywhere, account disabled). */
export async function endAllSessions({ userId }: { userId: string }): Promise<number> {
  return deleteUserSessions({ userId });
}
