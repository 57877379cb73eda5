import "server-only";
import { getDb } from "./client";

// Failed sign-ins from one address: the first few are free, then each attempt has to wait
// twice as long as the one before (capped), and the counter forgets after a quiet window.
export const FREE_FAILURES = 5;
const WINDOW_MS = 15 * 60 * 1000;
const MAX_WAIT_S = 5 * 60;

export function waitSecondsFor(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_S, 2 ** (failures - FREE_FAILURES + 1));
}

/** Seconds the address must still wait before its next attempt is checked (0 = go ahead). */
export async function signInWaitSeconds({
  key,
  now = new Date(),
}: {
  key: string;
  now?: Date;
}): Promise<number> {
  const row = await getDb().authThrottle.findUnique({ where: { key } });
  if (!row) return 0;
  const sinceLast = now.getTime() - row.lastFailure.getTime();
  if (sinceLast > WINDOW_MS) return 0;
  const remaining = waitSecondsFor(row.failures) - sinceLast / 1000;
  return remaining > 0 ? Math.ceil(remaining) : 0;
}

export async function recordSignInFailure({
  key,
  now = new Date(),
}: {
  key: string;
  now?: Date;
}): Promise<void> {
  // One statement so concurrent failures from the same address all count.
  const windowStart = new Date(now.getTime() - WINDOW_MS);
  await getDb().$executeRaw`
    INSERT INTO "AuthThrottle" ("key", "failures", "lastFailure") VALUES (${key}, 1, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN "AuthThrottle"."lastFailure" < ${windowStart} THEN 1 ELSE "AuthThrottle"."failures" + 1 END,
      "lastFailure" = ${now}`;
}

export async function clearSignInFailures({ key }: { key: string }): Promise<void> {
  await getDb().authThrottle.deleteMany({ where: { key } });
}
