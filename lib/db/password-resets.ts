import "server-only";
import { getDb } from "./client";

// Rows of "forgot password" links. Only token hashes are stored.

export async function insertPasswordReset(data: {
  userId: string;
  tokenHash: string;
  expiresAt: Date;
}): Promise<void> {
  await getDb().passwordReset.create({ data });
}

/** Links made for a user since `since` (used or not): the per-account cap. */
export async function countRecentResets({ userId, since }: { userId: string; since: Date }): Promise<number> {
  return getDb().passwordReset.count({ where: { userId, createdAt: { gte: since } } });
}

/** The account a live link belongs to (unused, unexpired), or null. */
export async function findLiveReset({ tokenHash, now }: { tokenHash: string; now: Date }) {
  return getDb().passwordReset.findFirst({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    select: { id: true, user: { select: { id: true, email: true, disabled: true } } },
  });
}

/**
 * Uses a link: claims it (only if still live: a second use in a race claims nothing), sets the new
 * password, ends every session of the account and voids its other links, in one transaction.
 * False when the link was no longer live.
 */
export async function consumePasswordReset({
  id,
  userId,
  passwordHash,
  now,
}: {
  id: string;
  userId: string;
  passwordHash: string;
  now: Date;
}): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    const claimed = await tx.passwordReset.updateMany({
      where: { id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) return false;
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await tx.session.deleteMany({ where: { userId } });
    await tx.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    return true;
  });
}
