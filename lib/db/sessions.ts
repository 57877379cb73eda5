import "server-only";
import { getDb } from "./client";
import type { PublicUser } from "./users";

// Signed-in sessions. The session cookie is a JWT carrying the session's random id; a session is
// valid only while its row exists (and has not expired), so deleting rows signs devices out at once.

export async function createSession({
  userId,
  sessionToken,
  expires,
}: {
  userId: string;
  sessionToken: string;
  expires: Date;
}): Promise<void> {
  const db = getDb();
  await db.session.create({ data: { userId, sessionToken, expires } });
  // Housekeeping: expired rows (anyone's) are useless from here on.
  await db.session.deleteMany({ where: { expires: { lt: new Date() } } });
}

/**
 * The account behind a live session, in one indexed lookup (the unique session token joined to
 * the user's primary key). Null when the session was ended, has expired, or belongs to another user.
 */
export async function getSessionUser({
  sessionToken,
  userId,
}: {
  sessionToken: string;
  userId: string;
}): Promise<PublicUser | null> {
  const rows = await getDb().$queryRaw<PublicUser[]>`
    SELECT u."id", u."name", u."email", u."role"::text AS "role", u."disabled", u."locale", u."createdAt"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."sessionToken" = ${sessionToken} AND s."userId" = ${userId} AND s."expires" > now()`;
  return rows[0] ?? null;
}

export async function deleteSession({ sessionToken }: { sessionToken: string }): Promise<void> {
  await getDb().session.deleteMany({ where: { sessionToken } });
}

/** Ends every session of a user; returns how many there were. */
export async function deleteUserSessions({ userId }: { userId: string }): Promise<number> {
  const { count } = await getDb().session.deleteMany({ where: { userId } });
  return count;
}
