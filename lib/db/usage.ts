import "server-only";
import { getDb } from "./client";
import { Prisma } from "./generated/client";

// Usage and cost of model calls over a period, summed in SQL: one statement per breakdown. A call
// without a price has cost NULL; its tokens count, its cost doesn't, and `unpricedCalls` says how
// many there were (shown as "unknown", never as 0). Who may see what is the caller's business
// (lib/usage): `userId` narrows every figure to that user's own calls.

export interface UsageFigures {
  calls: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  total: number;
  /** Tokens of calls at depth > 0 (made by subagents). */
  subagent: number;
  /** Sum of the priced calls' cost, in the installation's currency. */
  cost: number;
  unpricedCalls: number;
}

export interface UsageScope {
  /** The first instant counted (midnight UTC). */
  from: Date;
  /** Only this user's calls; undefined = every user's. */
  userId?: string;
}

export interface UsageReport {
  totals: UsageFigures;
  byDay: Array<UsageFigures & { day: string }>;
  /** Empty when the scope is one user. */
  byUser: Array<UsageFigures & { userId: string; email: string | null; name: string | null }>;
  /** `owner` is the owner's name or email, so the same starter agent of two users can be told apart. */
  byAgent: Array<UsageFigures & { agentId: string; name: string | null; owner: string | null }>;
  byModel: Array<
    UsageFigures & { model: string | null; endpointId: string | null; endpointName: string | null }
  >;
}

type Num = bigint | number | string | null;
interface Sums {
  calls: Num;
  input: Num;
  cached: Num;
  output: Num;
  reasoning: Num;
  sub: Num;
  cost: Num;
  unpriced: Num;
}

const SUMS = Prisma.sql`COUNT(*) AS calls, SUM(u."inputTokens") AS input, SUM(u."cachedInputTokens") AS cached,
  SUM(u."outputTokens") AS output, SUM(u."reasoningTokens") AS reasoning,
  SUM(CASE WHEN u."depth" > 0 THEN u."inputTokens" + u."outputTokens" ELSE 0 END) AS sub,
  SUM(u."cost") AS cost, COUNT(*) FILTER (WHERE u."cost" IS NULL) AS unpriced`;

function where({ from, userId }: UsageScope) {
  return userId
    ? Prisma.sql`WHERE u."createdAt" >= ${from} AND u."userId" = ${userId}`
    : Prisma.sql`WHERE u."createdAt" >= ${from}`;
}

function figures(r: Sums | undefined): UsageFigures {
  const n = (v: Num | undefined) => Number(v ?? 0);
  const inputTokens = n(r?.input);
  const outputTokens = n(r?.output);
  return {
    calls: n(r?.calls),
    inputTokens,
    cachedInputTokens: n(r?.cached),
    outputTokens,
    reasoningTokens: n(r?.reasoning),
    total: inputTokens + outputTokens,
    subagent: n(r?.sub),
    cost: n(r?.cost),
    unpricedCalls: n(r?.unpriced),
  };
}

const EMPTY = figures(undefined);
const byTotal = (a: UsageFigures, b: UsageFigures) => b.total - a.total || b.cost - a.cost;

/** Midnight UTC `days - 1` days ago: the first day of a period of `days` days ending today. */
export async function periodStart(days: number): Promise<Date> {
  const [row] = await getDb().$queryRaw<Array<{ since: Date }>>`
    SELECT (date_trunc('day', now() AT TIME ZONE 'UTC') - make_interval(days => ${days - 1}::int)) AS since`;
  return row.since;
}

export async function usageReport(scope: UsageScope, days: number): Promise<UsageReport> {
  const db = getDb();
  const w = where(scope);
  const [all, byUser, byAgent, byModel, byDay] = await Promise.all([
    db.$queryRaw<Sums[]>(Prisma.sql`SELECT ${SUMS} FROM "UsageRecord" u ${w}`),
    scope.userId
      ? Promise.resolve([])
      : db.$queryRaw<Array<Sums & { userId: string; email: string | null; name: string | null }>>(Prisma.sql`
          SELECT u."userId", usr."email", usr."name", ${SUMS}
          FROM "UsageRecord" u LEFT JOIN "User" usr ON usr."id" = u."userId" ${w}
          GROUP BY u."userId", usr."email", usr."name"`),
    db.$queryRaw<Array<Sums & { agentId: string; name: string | null; owner: string | null }>>(Prisma.sql`
      SELECT u."agentId", a."name", COALESCE(o."name", o."email") AS owner, ${SUMS}
      FROM "UsageRecord" u LEFT JOIN "Agent" a ON a."id" = u."agentId" LEFT JOIN "User" o ON o."id" = a."ownerId"
      ${w}
      GROUP BY u."agentId", a."name", o."name", o."email"`),
    db.$queryRaw<
      Array<Sums & { model: string | null; endpointId: string | null; endpointName: string | null }>
    >(
      Prisma.sql`
      SELECT u."model", u."endpointId", e."name" AS "endpointName", ${SUMS}
      FROM "UsageRecord" u LEFT JOIN "Endpoint" e ON e."id" = u."endpointId" ${w}
      GROUP BY u."model", u."endpointId", e."name"`,
    ),
    db.$queryRaw<Array<Sums & { day: string }>>(Prisma.sql`
      SELECT to_char(date_trunc('day', u."createdAt"), 'YYYY-MM-DD') AS day, ${SUMS}
      FROM "UsageRecord" u ${w} GROUP BY 1`),
  ]);
  const perDay = new Map(byDay.map((r) => [r.day, figures(r)]));
  const start = scope.from;
  return {
    totals: figures(all[0]),
    // Every day of the period, the quiet ones too (a chart with gaps would hide them).
    byDay: Array.from({ length: days }, (_, i) => {
      const day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + i))
        .toISOString()
        .slice(0, 10);
      return { day, ...(perDay.get(day) ?? EMPTY) };
    }),
    byUser: byUser
      .map((r) => ({ userId: r.userId, email: r.email, name: r.name, ...figures(r) }))
      .sort(byTotal),
    byAgent: byAgent
      .map((r) => ({ agentId: r.agentId, name: r.name, owner: r.owner, ...figures(r) }))
      .sort(byTotal),
    byModel: byModel
      .map((r) => ({ model: r.model, endpointId: r.endpointId, endpointName: r.endpointName, ...figures(r) }))
      .sort(byTotal),
  };
}

/** One CSV line's figures: per UTC day, user, agent, endpoint and model; cost as PostgreSQL sums it. */
export interface UsageCsvRow {
  day: string;
  email: string | null;
  agentId: string;
  agentName: string | null;
  endpointId: string | null;
  model: string | null;
  calls: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  /** The sum of priced calls as PostgreSQL writes it (no float round trip); null = none priced. */
  cost: string | null;
  unpricedCalls: number;
}

export async function usageCsvRows(scope: UsageScope): Promise<UsageCsvRow[]> {
  const rows = await getDb().$queryRaw<
    Array<
      Omit<
        UsageCsvRow,
        "calls" | "inputTokens" | "cachedInputTokens" | "outputTokens" | "reasoningTokens" | "unpricedCalls"
      > &
        Sums
    >
  >(Prisma.sql`
    SELECT to_char(date_trunc('day', u."createdAt"), 'YYYY-MM-DD') AS day, usr."email",
      u."agentId", a."name" AS "agentName", u."endpointId", u."model",
      COUNT(*) AS calls, SUM(u."inputTokens") AS input, SUM(u."cachedInputTokens") AS cached,
      SUM(u."outputTokens") AS output, SUM(u."reasoningTokens") AS reasoning,
      SUM(u."cost")::text AS cost, COUNT(*) FILTER (WHERE u."cost" IS NULL) AS unpriced
    FROM "UsageRecord" u LEFT JOIN "User" usr ON usr."id" = u."userId" LEFT JOIN "Agent" a ON a."id" = u."agentId"
    ${where(scope)}
    GROUP BY 1, usr."email", u."agentId", a."name", u."endpointId", u."model"
    ORDER BY 1, usr."email", u."agentId", u."endpointId", u."model"`);
  return rows.map((r) => ({
    day: r.day,
    email: r.email,
    agentId: r.agentId,
    agentName: r.agentName,
    endpointId: r.endpointId,
    model: r.model,
    calls: Number(r.calls),
    inputTokens: Number(r.input),
    cachedInputTokens: Number(r.cached),
    outputTokens: Number(r.output),
    reasoningTokens: Number(r.reasoning),
    cost: r.cost === null ? null : String(r.cost),
    unpricedCalls: Number(r.unpriced),
  }));
}

/** Every (endpoint, model) in the ledger, with how many calls had no price: for "models without a price". */
export function usedModels(): Promise<
  Array<{ endpointId: string | null; model: string; unpricedCalls: number }>
> {
  return getDb().$queryRaw<Array<{ endpointId: string | null; model: string; unpriced: bigint }>>`
      SELECT u."endpointId", u."model", COUNT(*) FILTER (WHERE u."cost" IS NULL) AS unpriced
      FROM "UsageRecord" u WHERE u."model" IS NOT NULL GROUP BY u."endpointId", u."model"`.then((rows) =>
    rows.map((r) => ({ endpointId: r.endpointId, model: r.model, unpricedCalls: Number(r.unpriced) })),
  );
}
