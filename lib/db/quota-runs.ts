import "server-only";
import { getDb, type TransactionClient, type Tx } from "./client";
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
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADMIT_LOCK}::int, hashtext(${userId}))`;
      return fn(tx);
    },
    { maxWait: 15_000, timeout: 20_000 },
  );
}

const startedSince = (userId: string, since: Date) => ({ userId, startedAt: { gte: since } });

export async function countRunsStartedSince({ tx, userId, since }: { tx: Tx; userId: string; since: Date }) {
  return tx.run.count({ where: startedSince(userId, since) });
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

export async function countRunningRuns({ tx, userId }: { tx: Tx; userId: string }) {
  return tx.run.count({ where: { userId, status: "RUNNING" } });
}

export async function insertRunningRun({
  tx,
  run,
}: {
  tx: Tx;
  run: {
    id?: string;
    userId: string;
    conversationId: string;
    assistantMessageId: string;
    agentId: string | null;
    processId?: string | null;
    startedAt: Date;
  };
}): Promise<{ id: string }> {
  return tx.run.create({ data: { ...run, status: "RUNNING" }, select: { id: true } });
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
