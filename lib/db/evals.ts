import "server-only";
import type { EvalCaseData } from "@/lib/evals/cases";
import type { Check, CheckOutcome } from "@/lib/evals/checks";
import type { JudgeOutcome, JudgeSpec } from "@/lib/evals/judge";
import type { AgentRecord } from "./agents";
import { getDb } from "./client";
import { Prisma } from "./generated/client";
import { newRowId } from "./ids";

// Queries of eval suites, runs and results (lib/evals decides who may call them).

export interface StoredCase extends EvalCaseData {
  id: string;
  checks: Check[];
}

/** The agent's suite id (created on first use) and its cases in order. */
export async function readSuite({ agentId }: { agentId: string }) {
  const suite = await getDb().evalSuite.findUnique({
    where: { agentId },
    select: { id: true, cases: { orderBy: { position: "asc" } } },
  });
  return {
    suiteId: suite?.id ?? null,
    cases: (suite?.cases ?? []).map(
      (c): StoredCase => ({
        id: c.id,
        name: c.name,
        input: c.input,
        checks: c.checks as unknown as Check[],
        judge: (c.judge as unknown as JudgeSpec | null) ?? undefined,
        files: c.files,
      }),
    ),
  };
}

/** The suite's "require a passing eval before sharing" setting; null when the agent has no suite. */
export async function readShareGate({ agentId }: { agentId: string }) {
  const suite = await getDb().evalSuite.findUnique({
    where: { agentId },
    select: { id: true, requirePassingToShare: true },
  });
  return suite && { suiteId: suite.id, requirePassingToShare: suite.requirePassingToShare };
}

export async function writeShareGate({ agentId, on }: { agentId: string; on: boolean }) {
  await getDb().evalSuite.upsert({
    where: { agentId },
    create: { agentId, requirePassingToShare: on },
    update: { requirePassingToShare: on },
  });
}

/** Replaces the suite's cases (all or nothing). */
export async function replaceCases({ agentId, cases }: { agentId: string; cases: EvalCaseData[] }) {
  await getDb().$transaction(async (tx) => {
    const suite = await tx.evalSuite.upsert({ where: { agentId }, create: { agentId }, update: {} });
    await tx.evalCase.deleteMany({ where: { suiteId: suite.id } });
    if (cases.length)
      await tx.evalCase.createMany({
        data: cases.map((c, position) => ({
          suiteId: suite.id,
          position,
          name: c.name,
          input: c.input,
          checks: c.checks as unknown as Prisma.InputJsonArray,
          judge: c.judge ?? Prisma.DbNull,
          files: c.files,
        })),
      });
  });
}

export async function insertEvalRun({
  suiteId,
  userId,
  versions,
  cases,
}: {
  suiteId: string;
  userId: string;
  versions: number[];
  cases: StoredCase[];
}): Promise<string> {
  const row = await getDb().evalRun.create({
    data: {
      suiteId,
      userId,
      versions,
      cases: cases as unknown as Prisma.InputJsonArray,
      total: cases.length * versions.length,
    },
    select: { id: true },
  });
  return row.id;
}

export interface EvalRunRow {
  id: string;
  suiteId: string;
  agentId: string;
  userId: string;
  versions: number[];
  cases: StoredCase[];
  total: number;
  status: "RUNNING" | "COMPLETED" | "CANCELLED";
  createdAt: Date;
  endedAt: Date | null;
}

export async function readEvalRun({ id }: { id: string }): Promise<EvalRunRow | null> {
  const row = await getDb().evalRun.findUnique({
    where: { id },
    include: { suite: { select: { agentId: true } } },
  });
  if (!row) return null;
  const { suite, ...rest } = row;
  return { ...rest, agentId: suite.agentId, cases: row.cases as unknown as StoredCase[] };
}

/** Eval runs of a suite, newest first, with how many results each has; `userId` limits to theirs. */
export async function listEvalRuns({ suiteId, userId }: { suiteId: string; userId?: string }) {
  const rows = await getDb().evalRun.findMany({
    where: { suiteId, ...(userId ? { userId } : {}) },
    orderBy: { createdAt: "desc" },
    take: 50,
    select: {
      id: true,
      userId: true,
      versions: true,
      total: true,
      status: true,
      createdAt: true,
      _count: { select: { results: true } },
    },
  });
  return rows.map(({ _count, ...r }) => ({ ...r, done: _count.results }));
}

/**
 * The newest eval run of the suite that ran `version` (`userId` limits to that user's runs), with
 * how many of its cases at that version are done and passed; null when none did.
 */
export async function lastEvalRunOfVersion({
  suiteId,
  version,
  userId,
  status,
}: {
  suiteId: string;
  version: number;
  userId?: string;
  /** Only runs with this status (the newest finished one: "COMPLETED"). */
  status?: "RUNNING" | "COMPLETED" | "CANCELLED";
}) {
  const run = await getDb().evalRun.findFirst({
    where: {
      suiteId,
      versions: { has: version },
      ...(userId ? { userId } : {}),
      ...(status ? { status } : {}),
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, status: true, createdAt: true, cases: true },
  });
  if (!run) return null;
  const outcomes = await getDb().evalResult.groupBy({
    by: ["outcome"],
    where: { evalRunId: run.id, version },
    _count: { _all: true },
  });
  const count = (outcome?: string) =>
    outcomes.filter((o) => !outcome || o.outcome === outcome).reduce((n, o) => n + o._count._all, 0);
  return {
    id: run.id,
    status: run.status,
    createdAt: run.createdAt,
    cases: (run.cases as unknown[]).length,
    done: count(),
    passed: count("passed"),
  };
}

export interface ResultRow {
  caseId: string;
  version: number;
  outcome: "passed" | "failed" | "error";
  checks: CheckOutcome[];
  output: string;
  error: { code: string; message: string } | null;
  inputTokens: number;
  outputTokens: number;
  modelCalls: number;
  cost: number | null;
  durationMs: number;
  conversationId: string | null;
  /** The judge's grade or why there is none; null when the case has no judge. */
  judge: JudgeOutcome | null;
}

export async function listResults({ evalRunId }: { evalRunId: string }): Promise<ResultRow[]> {
  const rows = await getDb().evalResult.findMany({ where: { evalRunId }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => ({
    caseId: r.caseId,
    version: r.version,
    outcome: r.outcome as ResultRow["outcome"],
    checks: r.checks as unknown as CheckOutcome[],
    output: r.output,
    error: r.error as ResultRow["error"],
    inputTokens: r.inputTokens,
    outputTokens: r.outputTokens,
    modelCalls: r.modelCalls,
    cost: r.cost,
    durationMs: r.durationMs,
    conversationId: r.conversationId,
    judge: r.judge as JudgeOutcome | null,
  }));
}

/**
 * Stores one case's result unless one is stored already (a second delivery of the job) or the run
 * is no longer running (cancelled meanwhile), then ends the eval run when it was the last; true
 * when this call stored it. Two statements, no transaction: the insert commits before the count, so
 * of two last results stored at once the later count sees both and ends the run.
 */
export async function storeResult(evalRunId: string, result: ResultRow): Promise<boolean> {
  const json = (v: unknown) => (v == null ? null : JSON.stringify(v));
  const stored = await getDb().$executeRaw`
    INSERT INTO "EvalResult" ("id", "evalRunId", "caseId", "version", "outcome", "checks", "output", "error",
      "inputTokens", "outputTokens", "modelCalls", "cost", "durationMs", "conversationId", "judge")
    SELECT ${newRowId()}, r."id", ${result.caseId}::text, ${result.version}::int, ${result.outcome}::text,
      ${json(result.checks)}::jsonb, ${result.output}::text, ${json(result.error)}::jsonb,
      ${result.inputTokens}::int, ${result.outputTokens}::int, ${result.modelCalls}::int,
      ${result.cost}::float8, ${Math.round(result.durationMs)}::int, ${result.conversationId}::text,
      ${json(result.judge)}::jsonb
    FROM "EvalRun" r WHERE r."id" = ${evalRunId} AND r."status" = 'RUNNING'
    ON CONFLICT ("evalRunId", "caseId", "version") DO NOTHING`;
  await getDb().$executeRaw`
    UPDATE "EvalRun" r SET "status" = 'COMPLETED', "endedAt" = now()
    WHERE r."id" = ${evalRunId} AND r."status" = 'RUNNING'
      AND (SELECT count(*) FROM "EvalResult" e WHERE e."evalRunId" = r."id") >= r."total"`;
  return stored === 1;
}

/**
 * What a job needs to run one case, in one statement: the eval run's status and user, the agent,
 * the case as the run stored it (null when it has no such case) and whether its result is stored.
 */
export async function evalJobContext({
  evalRunId,
  caseId,
  version,
}: {
  evalRunId: string;
  caseId: string;
  version: number;
}) {
  const [row] = await getDb().$queryRaw<
    { status: string; userId: string; agentId: string; evalCase: StoredCase | null; hasResult: boolean }[]
  >`
    SELECT r."status"::text AS "status", r."userId", s."agentId",
      (SELECT c FROM jsonb_array_elements(r."cases") c WHERE c->>'id' = ${caseId} LIMIT 1) AS "evalCase",
      EXISTS (SELECT 1 FROM "EvalResult" x
        WHERE x."evalRunId" = r."id" AND x."caseId" = ${caseId} AND x."version" = ${version}) AS "hasResult"
    FROM "EvalRun" r JOIN "EvalSuite" s ON s."id" = r."suiteId"
    WHERE r."id" = ${evalRunId}`;
  return row ?? null;
}

/** Cancels a running eval run; true when it was running. */
export async function cancelEvalRunRow({ id }: { id: string }): Promise<boolean> {
  const { count } = await getDb().evalRun.updateMany({
    where: { id, status: "RUNNING" },
    data: { status: "CANCELLED", endedAt: new Date() },
  });
  return count === 1;
}

/** The conversation one case runs in: kept out of the chat list (Conversation.evalRunId). */
export async function insertEvalConversation({
  userId,
  agentId,
  evalRunId,
  caseId,
  version,
  title,
}: {
  userId: string;
  agentId: string;
  evalRunId: string;
  caseId: string;
  version: number;
  title: string;
}): Promise<string> {
  const row = await getDb().conversation.create({
    data: { userId, agentId, evalRunId, evalCaseId: caseId, evalVersion: version, title },
    select: { id: true },
  });
  return row.id;
}

/**
 * The (case, version) pairs of running eval runs that have no result, whose answer was interrupted
 * (its process died or shut down) and that no process is running now — with how many times each ran.
 */
export async function interruptedEvalCases({
  runIds,
}: {
  runIds?: string[];
} = {}): Promise<{ evalRunId: string; caseId: string; version: number; attempts: number }[]> {
  // Only the cases one of these runs belonged to (the runs a sweep just ended), or all.
  const ofRuns = runIds
    ? Prisma.sql`AND bool_or(EXISTS (SELECT 1 FROM "Run" x WHERE x."conversationId" = c."id" AND x."id" = ANY(${runIds})))`
    : Prisma.empty;
  const rows = await getDb().$queryRaw<
    { evalRunId: string; caseId: string; version: number; attempts: bigint }[]
  >`
    SELECT c."evalRunId", c."evalCaseId" AS "caseId", c."evalVersion" AS "version", count(*) AS "attempts"
    FROM "Conversation" c JOIN "EvalRun" e ON e."id" = c."evalRunId"
    WHERE e."status" = 'RUNNING' AND c."evalCaseId" IS NOT NULL AND c."evalVersion" IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM "EvalResult" r WHERE r."evalRunId" = c."evalRunId"
        AND r."caseId" = c."evalCaseId" AND r."version" = c."evalVersion")
    GROUP BY c."evalRunId", c."evalCaseId", c."evalVersion"
    HAVING bool_or(EXISTS (SELECT 1 FROM "Run" x WHERE x."conversationId" = c."id" AND x."status" = 'INTERRUPTED'))
      AND NOT bool_or(EXISTS (SELECT 1 FROM "Run" x WHERE x."conversationId" = c."id" AND x."status" = 'RUNNING'))
      ${ofRuns}`;
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

/** The stored snapshots of the given agent versions, by agent id. */
export async function readAgentVersions(pins: Record<string, number>): Promise<Map<string, AgentRecord>> {
  const entries = Object.entries(pins);
  if (!entries.length) return new Map();
  const rows = await getDb().agentVersion.findMany({
    where: { OR: entries.map(([agentId, version]) => ({ agentId, version })) },
    select: { agentId: true, snapshot: true },
  });
  return new Map(rows.map((r) => [r.agentId, r.snapshot as unknown as AgentRecord]));
}

/** Tokens and cost of a user's eval runs (their usage labelled as eval usage) since `since`. */
export async function evalUsageOf({ userId, since }: { userId: string; since: Date }) {
  const [row] = await getDb().$queryRaw<{ inputTokens: bigint; outputTokens: bigint; cost: number | null }[]>`
    SELECT COALESCE(sum(u."inputTokens"), 0) AS "inputTokens", COALESCE(sum(u."outputTokens"), 0) AS "outputTokens",
      sum(u."cost") AS "cost"
    FROM "UsageRecord" u JOIN "Run" r ON r."id" = u."runId" JOIN "Conversation" c ON c."id" = r."conversationId"
    WHERE u."userId" = ${userId} AND u."createdAt" >= ${since} AND c."evalRunId" IS NOT NULL`;
  return { inputTokens: Number(row.inputTokens), outputTokens: Number(row.outputTokens), cost: row.cost };
}
