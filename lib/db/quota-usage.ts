import "server-only";
import { getDb } from "./client";

export interface UserQuotaRow {
  id: string;
  name: string | null;
  email: string;
  role: "USER" | "ADMIN";
  disabled: boolean;
  createdAt: Date;
  /** null until the user's balance is first created (first run or first look). */
  balance: number | null;
  /** Tokens used in the last 30 days. */
  tokens30d: number;
  hasOverride: boolean;
}

/** The admin users list with balance, recent usage and whether overrides apply. */
export async function listUsersWithQuota(): Promise<UserQuotaRow[]> {
  const db = getDb();
  const [users, usage] = await Promise.all([
    db.user.findMany({
      orderBy: { createdAt: "asc" },
      select: {
        id: true,
        name: true,
        email: true,
        role: true,
        disabled: true,
        createdAt: true,
        tokenBalance: { select: { balance: true } },
        quotaOverride: { select: { userId: true } },
      },
    }),
    db.$queryRaw<Array<{ userId: string; total: bigint | number | null }>>`
      SELECT "userId", SUM("inputTokens" + "outputTokens") AS total FROM "UsageRecord"
      WHERE "createdAt" >= (now() AT TIME ZONE 'UTC') - interval '30 days' GROUP BY "userId"`,
  ]);
  const tokens = new Map(usage.map((u) => [u.userId, Number(u.total ?? 0)]));
  return users.map(({ tokenBalance, quotaOverride, ...u }) => ({
    ...u,
    balance: tokenBalance?.balance ?? null,
    tokens30d: tokens.get(u.id) ?? 0,
    hasOverride: Boolean(quotaOverride),
  }));
}
