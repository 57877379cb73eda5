import "server-only";
import { getDb, type TransactionClient, type Tx } from "./client";
import type { QuotaOverride, QuotaSettings } from "./generated/client";

export type { QuotaOverride, QuotaSettings };

const SETTINGS_ID = "global";
// Serialises admin edits of the settings row (so every audit entry's "old" value is exact).
const SETTINGS_LOCK = 4_242_010;

/** The global settings row (null until an admin first saves one). */
export async function readQuotaSettingsRow({
  tx = getDb(),
}: {
  tx?: Tx;
} = {}): Promise<QuotaSettings | null> {
  return tx.quotaSettings.findUnique({ where: { id: SETTINGS_ID } });
}

export async function readQuotaOverrideRow({
  userId,
  tx = getDb(),
}: {
  userId: string;
  tx?: Tx;
}): Promise<QuotaOverride | null> {
  return tx.quotaOverride.findUnique({ where: { userId } });
}

type QuotaRows = {
  settings: Record<string, unknown> | null;
  override: Record<string, unknown> | null;
  /** The user's own per-answer cap (Settings), null when none. */
  ownAnswerBudget: number | null;
};

/** Both rows that decide a user's limits (each null when absent) and the user's own cap, in one query. */
export async function readQuotaRows({
  userId,
  tx = getDb(),
}: {
  userId: string;
  tx?: Tx;
}): Promise<QuotaRows> {
  const [row] = await tx.$queryRaw<QuotaRows[]>`
    SELECT (SELECT to_jsonb(s) FROM "QuotaSettings" s WHERE s."id" = ${SETTINGS_ID}) AS settings,
           (SELECT to_jsonb(o) FROM "QuotaOverride" o WHERE o."userId" = ${userId}) AS override,
           (SELECT u."answerBudget" FROM "User" u WHERE u."id" = ${userId}) AS "ownAnswerBudget"`;
  return {
    settings: row?.settings ?? null,
    override: row?.override ?? null,
    ownAnswerBudget: row?.ownAnswerBudget ?? null,
  };
}

/** Runs `fn` in a transaction holding the settings lock (or, with `userId`, that user's override lock). */
export function withQuotaSettingsLock<T>(
  fn: (tx: TransactionClient) => Promise<T>,
  { userId }: { userId?: string } = {},
): Promise<T> {
  return getDb().$transaction(async (tx) => {
    if (userId) await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SETTINGS_LOCK}, hashtext(${userId}))`;
    else await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SETTINGS_LOCK})`;
    return fn(tx);
  });
}

type Columns = Record<string, number | boolean | null>;

export async function saveQuotaSettingsRow({ tx, data }: { tx: Tx; data: Columns }): Promise<void> {
  await tx.quotaSettings.upsert({
    where: { id: SETTINGS_ID },
    create: { id: SETTINGS_ID, ...data },
    update: data,
  });
}

export async function saveQuotaOverrideRow({
  tx,
  userId,
  data,
}: {
  tx: Tx;
  userId: string;
  data: Columns;
}): Promise<void> {
  await tx.quotaOverride.upsert({ where: { userId }, create: { userId, ...data }, update: data });
}

/** Every override row with its user's email. */
export async function listQuotaOverrideRows() {
  return getDb().quotaOverride.findMany({ include: { user: { select: { email: true } } } });
}
