import "server-only";
import { getDb, type TransactionClient, type Tx } from "./client";
import type { ConversationSource } from "./conversations";
import { Prisma } from "./generated/client";
import type { RunStatus } from "./generated/enums";

// Namespace of the per-user advisory lock (two-key form: namespace, hashtext(userId)).
const ADMIT_LOCK = 4_242_020;

/**
 * Runs `fn` in a transaction holding the user's admission lock, so checks and the insert of a
 * run are one atomic step per user, also across app processes sharing the database.
 */
export function withAdmissionLock<T>(userId: string, fn: (tx: TransactionClient) => Promise<T>): Promise<T> {
  return getDb().$transaction(
    async (tx) => {
      await admissionLock(tx, userId);
      return fn(tx);
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
}

const admissionLock = (tx: Tx, userId: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADMIT_LOCK}::int, hashtext(${userId}))`;

// A background task's run (lib/tasks) holds no chat slot: the tasks have their own limit.
const NOT_A_TASK = Prisma.sql`NOT EXISTS (SELECT 1 FROM "BackgroundTask" t WHERE t."runId" = r."id")`;

const startedSince = (userId: string, since: Date) => ({ userId, startedAt: { gte: since } });

/** The messages a new turn stores with its run: the user's (unless it answers one again) and the answer. */
export interface TurnRows {
  /** A new conversation to create with the turn (null: the turn continues `conversationId`). */
  newConversation: {
    title: string;
    source?: ConversationSource;
    listed?: boolean;
    temporaryHours?: number;
    /** The eval case (at a version) this conversation runs (lib/evals): kept out of the chat list. */
    evalCase?: { evalRunId: string; caseId: string; version: number };
  } | null;
  /** The user message to insert, or null when the answer is to an existing one (`userMessageId`). */
  userMessage: { parentId: string | null; content: string } | null;
  userMessageId: string;
}

export interface AdmissionCounts {
  /** The database clock when the statement ran. */
  now: Date;
  /** Runs of the user started within the window. */
  started: number;
  /** Runs of the user RUNNING. */
  running: number;
  /** True when the run (and its turn) were inserted. */
  inserted: boolean;
}

type AdmissionArgs = Parameters<typeof admitInOneStatement>[0];

/**
 * The common send: the user's admission lock, then the admission statement with its insert, as one
 * batch transaction (two statements, no interactive transaction: that costs twice the CPU of its
 * statements in Prisma's transaction manager). The statement's snapshot is taken after the lock, as
 * under withAdmissionLock. Nothing is written when the counts refuse (`inserted` false).
 */
export async function admitInBatch(args: Omit<AdmissionArgs, "tx" | "insert">): Promise<AdmissionCounts> {
  const db = getDb();
  const [, rows] = await db.$transaction([
    admissionLock(db, args.run.userId),
    admissionStatement({ ...args, tx: db, insert: true }),
  ]);
  return countsOf(rows);
}

/**
 * Admission in one statement (run it under the user's admission lock, withAdmissionLock, so its
 * snapshot is taken after the lock): counts the user's runs started within the window and those
 * RUNNING and, when `insert` is set and both are under the limits, inserts the RUNNING run together
 * with its turn — the conversation when new, the user message, the empty STREAMING answer — so a
 * refused or failed send leaves nothing behind. Times are the database clock's (UTC).
 */
export async function admitInOneStatement({
  tx,
  insert,
  limits,
  run,
  turn,
}: {
  tx: Tx;
  insert: boolean;
  limits: { messagesPerWindow: number; windowSeconds: number; maxConcurrentRuns: number };
  run: {
    id: string;
    userId: string;
    conversationId: string;
    assistantMessageId: string;
    agentId: string | null;
    processId: string | null;
  };
  /** The conversation and messages to write with the run; null writes the run alone. */
  turn: TurnRows | null;
}): Promise<AdmissionCounts> {
  return countsOf(await admissionStatement({ tx, insert, limits, run, turn }));
}

type AdmissionRow = { now: Date | string; started: number; running: number; inserted: boolean };

function countsOf([row]: AdmissionRow[]): AdmissionCounts {
  return {
    now: new Date(row.now),
    started: Number(row.started),
    running: Number(row.running),
    inserted: row.inserted,
  };
}

/** The statement of admitInOneStatement, unsent (a batch transaction sends it after the lock). */
function admissionStatement({ tx, insert, limits, run, turn }: AdmissionArgs) {
  const withTurn = turn !== null;
  const newConversation = turn?.newConversation ?? null;
  const userMessage = turn?.userMessage ?? null;
  return tx.$queryRaw<AdmissionRow[]>`
    WITH clock AS (SELECT clock_timestamp() AS tz, (clock_timestamp() AT TIME ZONE 'UTC') AS utc),
    counts AS (
      SELECT
        (SELECT count(*) FROM "Run" r WHERE r."userId" = ${run.userId}
          AND r."startedAt" >= (SELECT utc FROM clock) - make_interval(secs => ${limits.windowSeconds}::float8))::int AS started,
        (SELECT count(*) FROM "Run" r WHERE r."userId" = ${run.userId} AND r."status" = 'RUNNING'
          AND ${NOT_A_TASK})::int AS running),
    ok AS (
      SELECT ${insert}::boolean
        AND (${limits.messagesPerWindow}::int = 0 OR counts.started < ${limits.messagesPerWindow}::int)
        AND counts.running < ${limits.maxConcurrentRuns}::int AS yes
      FROM counts),
    conv AS (
      INSERT INTO "Conversation" ("id", "userId", "agentId", "title", "source", "listed", "createdAt", "updatedAt", "expiresAt",
        "evalRunId", "evalCaseId", "evalVersion")
      SELECT ${run.conversationId}, ${run.userId}, ${run.agentId}, ${newConversation?.title ?? ""},
        ${newConversation?.source ?? "chat"}, ${newConversation?.listed ?? true}, clock.utc, clock.utc,
        clock.utc + make_interval(hours => ${newConversation?.temporaryHours ?? null}::int),
        ${newConversation?.evalCase?.evalRunId ?? null}, ${newConversation?.evalCase?.caseId ?? null},
        ${newConversation?.evalCase?.version ?? null}::int
      FROM clock, ok WHERE ok.yes AND ${newConversation !== null}::boolean RETURNING "id"),
    touched AS (
      UPDATE "Conversation" SET "updatedAt" = (SELECT utc FROM clock), "agentId" = ${run.agentId}
      WHERE "id" = ${run.conversationId} AND ${withTurn && newConversation === null}::boolean
        AND (SELECT yes FROM ok) RETURNING "id"),
    asked AS (
      INSERT INTO "Message" ("id", "conversationId", "parentId", "role", "content", "status", "createdAt")
      SELECT ${turn?.userMessageId ?? ""}, ${run.conversationId}, ${userMessage?.parentId ?? null},
        'USER'::"MessageRole", ${userMessage?.content ?? ""}, 'COMPLETE'::"MessageStatus", clock.utc
      FROM clock, ok WHERE ok.yes AND ${userMessage !== null}::boolean RETURNING "id"),
    answer AS (
      INSERT INTO "Message" ("id", "conversationId", "parentId", "role", "content", "status", "agentId", "createdAt")
      SELECT ${run.assistantMessageId}, ${run.conversationId}, ${turn?.userMessageId ?? null},
        'ASSISTANT'::"MessageRole", '', 'STREAMING'::"MessageStatus", ${run.agentId},
        -- One millisecond after the user's message, so "oldest first" never puts the answer first.
        clock.utc + interval '1 millisecond'
      FROM clock, ok WHERE ok.yes AND ${withTurn}::boolean RETURNING "id"),
    admitted AS (
      INSERT INTO "Run" ("id", "userId", "conversationId", "assistantMessageId", "agentId", "status", "startedAt", "processId")
      SELECT ${run.id}, ${run.userId}, ${run.conversationId}, ${run.assistantMessageId}, ${run.agentId},
        'RUNNING'::"RunStatus", clock.utc, ${run.processId}
      FROM clock, ok WHERE ok.yes RETURNING "id")
    SELECT clock.tz AS now, counts.started, counts.running, EXISTS (SELECT 1 FROM admitted) AS inserted
    FROM clock, counts`;
}

/** When the run at position `index` (oldest first) of those started since `since` started. */
export async function runStartedAt({
  tx,
  userId,
  since,
  index,
}: {
  tx: Tx;
  userId: string;
  since: Date;
  index: number;
}): Promise<Date | undefined> {
  const [run] = await tx.run.findMany({
    where: startedSince(userId, since),
    orderBy: { startedAt: "asc" },
    skip: index,
    take: 1,
    select: { startedAt: true },
  });
  return run?.startedAt;
}

/** Ends a RUNNING run (or, with `orInterrupted`, an INTERRUPTED one too); false when nothing changed. */
export async function endRunningRun({
  runId,
  status,
  orInterrupted = false,
}: {
  runId: string;
  status: RunStatus;
  orInterrupted?: boolean;
}): Promise<boolean> {
  const { count } = await getDb().run.updateMany({
    where: { id: runId, status: orInterrupted ? { in: ["RUNNING", "INTERRUPTED"] } : "RUNNING" },
    data: { status, endedAt: new Date() },
  });
  return count > 0;
}

/**
 * RUNNING runs with no owning process recorded, started before `cutoff`, with no model call
 * finished since then (runs with an owner are ended through its lease, lib/db/process-leases.ts).
 */
export async function findQuietRuns({ tx, cutoff, userId }: { tx: Tx; cutoff: Date; userId?: string }) {
  return tx.run.findMany({
    where: {
      status: "RUNNING",
      processId: null,
      startedAt: { lt: cutoff },
      usage: { none: { createdAt: { gte: cutoff } } },
      ...(userId ? { userId } : {}),
    },
    select: { id: true, assistantMessageId: true },
  });
}

type StoredError = { code: string; message: string };

/** Fails the given runs that still run, and their assistant messages that are still streaming. */
export async function failRuns({
  tx,
  runs,
  now,
  error,
}: {
  tx: Tx;
  runs: { id: string; assistantMessageId: string }[];
  now: Date;
  error: StoredError;
}): Promise<void> {
  await tx.run.updateMany({
    where: { id: { in: runs.map((r) => r.id) }, status: "RUNNING" },
    data: { status: "FAILED", endedAt: now },
  });
  await tx.message.updateMany({
    where: { id: { in: runs.map((r) => r.assistantMessageId) }, status: "STREAMING" },
    data: { status: "FAILED", error },
  });
}

/**
 * Marks INTERRUPTED the assistant messages still STREAMING created before `cutoff` with no RUNNING
 * run: nothing will ever finish them (their process died before admitting or saving them).
 */
export async function failOrphanedMessages({
  tx,
  cutoff,
  userId,
  error,
}: {
  tx: Tx;
  cutoff: Date;
  userId?: string;
  error: StoredError;
}): Promise<number> {
  const ofUser = userId
    ? Prisma.sql`AND m."conversationId" IN (SELECT c."id" FROM "Conversation" c WHERE c."userId" = ${userId})`
    : Prisma.empty;
  return tx.$executeRaw`
    UPDATE "Message" m SET "status" = 'INTERRUPTED', "error" = ${JSON.stringify(error)}::jsonb
    WHERE m."status" = 'STREAMING' AND m."role" = 'ASSISTANT' AND m."createdAt" < ${cutoff} ${ofUser}
      AND NOT EXISTS (SELECT 1 FROM "Run" r WHERE r."assistantMessageId" = m."id" AND r."status" = 'RUNNING')`;
}

/** The user's runs holding a concurrent-run slot (a paused run and a background task's hold none). */
export async function countRunningRuns({ tx, userId }: { tx: Tx; userId: string }) {
  const [row] = await tx.$queryRaw<{ running: number }[]>`
    SELECT count(*)::int AS running FROM "Run" r
    WHERE r."userId" = ${userId} AND r."status" = 'RUNNING' AND ${NOT_A_TASK}`;
  return Number(row?.running ?? 0);
}
