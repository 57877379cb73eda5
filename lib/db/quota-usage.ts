import "server-only";
import { getDb } from "./client";

/** Tokens of model calls; `subagent` counts calls at depth > 0. */
export interface TokenTotals {
  inputTokens: number;
  outputTokens: number;
  total: number;
  subagent: number;
}

export interface UsageOverview {
  days: number;
  totals: TokenTotals;
  byUser: Array<TokenTotals & { userId: string; email: string; name: string | null }>;
  /** `owner` is the owner's name or email, so the same starter agent of two users can be told apart. */
  byAgent: Array<TokenTotals & { agentId: string; name: string | null; owner: string | null }>;
  byDay: Array<TokenTotals & { day: string }>;
}

interface Row {
  input: bigint | number | null;
  output: bigint | number | null;
  sub: bigint | number | null;
}

function totals(r: Row): TokenTotals {
  const inputTokens = Number(r.input ?? 0);
  const outputTokens = Number(r.output ?? 0);
  return { inputTokens, outputTokens, total: inputTokens + outputTokens, subagent: Number(r.sub ?? 0) };
}

/** Usage of the last `days` days (UTC), by user, by agent and by day, with the subagent share. */
export async function getUsageOverview({ days = 30 }: { days?: number } = {}): Promise<UsageOverview> {
  const db = getDb();
  // Midnight UTC, (days - 1) days ago: the first day shown in full.
  const since = db.$queryRaw<Array<{ since: Date }>>`
    SELECT (date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${days - 1}::int)) AS since`;
  const [{ since: from }] = await since;
  const [all, byUser, byAgent, byDay] = await Promise.all([
    db.$queryRaw<Row[]>`
      SELECT SUM("inputTokens") AS input, SUM("outputTokens") AS output,
             SUM(CASE WHEN "depth" > 0 THEN "inputTokens" + "outputTokens" ELSE 0 END) AS sub
      FROM "UsageRecord" WHERE "createdAt" >= ${from}`,
    db.$queryRaw<Array<Row & { userId: string; email: string | null; name: string | null }>>`
      SELECT u."userId", usr."email", usr."name", SUM(u."inputTokens") AS input, SUM(u."outputTokens") AS output,
             SUM(CASE WHEN u."depth" > 0 THEN u."inputTokens" + u."outputTokens" ELSE 0 END) AS sub
      FROM "UsageRecord" u LEFT JOIN "User" usr ON usr."id" = u."userId"
      WHERE u."createdAt" >= ${from}
      GROUP BY u."userId", usr."email", usr."name"`,
    db.$queryRaw<Array<Row & { agentId: string; name: string | null; owner: string | null }>>`
      SELECT u."agentId", a."name", COALESCE(o."name", o."email") AS owner, SUM(u."inputTokens") AS input, SUM(u."outputTokens") AS output,
             SUM(CASE WHEN u."depth" > 0 THEN u."inputTokens" + u."outputTokens" ELSE 0 END) AS sub
      FROM "UsageRecord" u LEFT JOIN "Agent" a ON a."id" = u."agentId" LEFT JOIN "User" o ON o."id" = a."ownerId"
      WHERE u."createdAt" >= ${from}
      GROUP BY u."agentId", a."name", o."name", o."email"`,
    db.$queryRaw<Array<Row & { day: string }>>`
      SELECT to_char(date_trunc('day', "createdAt"), 'YYYY-MM-DD') AS day, SUM("inputTokens") AS input,
             SUM("outputTokens") AS output,
             SUM(CASE WHEN "depth" > 0 THEN "inputTokens" + "outputTokens" ELSE 0 END) AS sub
      FROM "UsageRecord" WHERE "createdAt" >= ${from}
      GROUP BY 1`,
  ]);
  const perDay = new Map(byDay.map((r) => [r.day, totals(r)]));
  const start = new Date(from);
  const daysOut = Array.from({ length: days }, (_, i) => {
    const day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + i))
      .toISOString()
      .slice(0, 10);
    return { day, ...(perDay.get(day) ?? { inputTokens: 0, outputTokens: 0, total: 0, subagent: 0 }) };
  });
  const byTotal = (a: TokenTotals, b: TokenTotals) => b.total - a.total;
  return {
    days,
    totals: totals(all[0] ?? { input: 0, output: 0, sub: 0 }),
    byUser: byUser
      .map((r) => ({ userId: r.userId, email: r.email ?? "(deleted user)", name: r.name, ...totals(r) }))
      .sort(byTotal),
    byAgent: byAgent
      .map((r) => ({ agentId: r.agentId, name: r.name, owner: r.owner, ...totals(r) }))
      .sort(byTotal),
    byDay: daysOut,
  };
}

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
