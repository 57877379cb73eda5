// What a mocked `auth()` returns for a signed-in user: a real session row (written on a separate
// connection, so query counters and "a GET never writes" checks don't see it) and its id.
import { randomBytes } from "node:crypto";
import { query } from "./reset-db";

export async function testSession(userId: string): Promise<{ user: { id: string }; sid: string }> {
  const sid = randomBytes(16).toString("base64url");
  await query(
    `INSERT INTO "Session" ("id", "sessionToken", "userId", "expires") VALUES ($1, $1, $2, now() + interval '1 day')`,
    [sid, userId],
  );
  return { user: { id: userId }, sid };
}
