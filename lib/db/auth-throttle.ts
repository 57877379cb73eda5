import "server-only";
import { getDb } from "./client";

// Failed sign-ins per key (a client address and an account, see lib/auth/credentials.ts): the first few are free, then each attempt has to wait
// twice as long as the one before (capped), and the counter forgets after a quiet window.
export const FREE_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const MAX_WAIT_S = 5 * 60;

export function waitSecondsFor(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_S, 2 ** (failures - FREE_FAILURES + 1));
}

/** Seconds to wait before the next attempt is checked: the longest of the keys' waits (0 = go ahead). */
export async function signInWaitSeconds({
  keys,
  now = new Date(),
}: {
  keys: string[];
  now?: Date;
}): Promise<number> {
  const rows = await getDb().authThrottle.findMany({ where: { key: { in: keys } } });
  let wait = 0;
  for (const row of rows) {
    const sinceLast = now.getTime() - row.lastFailure.getTime();
    if (sinceLast > WINDOW_MS) continue;
    const remaining = waitSecondsFor(row.failures) - sinceLast / 1000;
    if (remaining > 0) wait = Math.max(wait, Math.ceil(remaining));
  }
  return wait;
}

export async function recordSignInFailure({
  keys,
  now = new Date(),
}: {
  keys: string[];
  now?: Date;
}): Promise<void> {
  // One statement per key so concurrent failures on the same key all count.
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  for (const key of keys) {
    await getDb().$executeRaw`
    INSERT INTO "AuthThrottle" ("key", "failures", "lastFailure") VALUES (${key}, 1, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN "AuthThrottle"."lastFailure" < ${windowStart} THEN 1 ELSE "AuthThrottle"."failures" + 1 END,
      "lastFailure" = ${now}`;
  }
  // Forget keys whose window has passed, so guessing with many addresses or emails cannot grow the table.
  await getDb().authThrottle.deleteMany({ where: { lastFailure: { lt: windowStart } } });
}

export async function clearSignInFailures({ keys }: { keys: string[] }): Promise<void> {
  await getDb().authThrottle.deleteMany({ where: { key: { in: keys } } });
}
