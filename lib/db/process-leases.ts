import "server-only";
import { getDb, type Tx } from "./client";
import { Prisma } from "./generated/client";

// Process leases: one row per live app process, and the queries that find and close the runs of
// processes whose lease went stale. Timestamps come from the database clock (stored as UTC, like
// Prisma's), so processes on different machines agree on what "stale" means.

const utcNow = Prisma.sql`(clock_timestamp() AT TIME ZONE 'UTC')`;

/** Creates or refreshes this process's lease. */
export async function heartbeatLease({
  id,
  host,
  pid,
}: {
  id: string;
  host: string;
  pid: number;
}): Promise<void> {
  await getDb().$executeRaw`
    INSERT INTO "ProcessLease" ("id", "startedAt", "heartbeatAt", "host", "pid")
    VALUES (${id}, ${utcNow}, ${utcNow}, ${host}, ${pid})
    ON CONFLICT ("id") DO UPDATE SET "heartbeatAt" = ${utcNow}`;
}

export async function deleteLease({ id }: { id: string }): Promise<void> {
  await getDb().processLease.deleteMany({ where: { id } });
}

export type StoredError = { code: string; message: string };

/**
 * RUNNING runs owned by a process whose lease is older than `staleSeconds` or gone (of one user, or
 * everyone's), never those of `exceptProcessId`.
 */
export async function findRunsOfDeadProcesses({
  tx = getDb(),
  staleSeconds,
  exceptProcessId,
  userId,
}: {
  tx?: Tx;
  staleSeconds: number;
  exceptProcessId?: string;
  userId?: string;
}): Promise<{ id: string; assistantMessageId: string }[]> {
  const ofUser = userId ? Prisma.sql`AND r."userId" = ${userId}` : Prisma.empty;
  const notMine = exceptProcessId ? Prisma.sql`AND r."processId" <> ${exceptProcessId}` : Prisma.empty;
  return tx.$queryRaw<{ id: string; assistantMessageId: string }[]>`
    SELECT r."id", r."assistantMessageId" FROM "Run" r
    WHERE r."status" = 'RUNNING' AND r."processId" IS NOT NULL ${notMine} ${ofUser}
      AND NOT EXISTS (
        SELECT 1 FROM "ProcessLease" l WHERE l."id" = r."processId"
          AND l."heartbeatAt" > ${utcNow} - make_interval(secs => ${staleSeconds}::float8))`;
}

/** The leases recorded for processes on this host (its earlier lives among them), except `exceptId`. */
export async function leasesOnHost({
  host,
  exceptId,
}: {
  host: string;
  exceptId: string;
}): Promise<{ id: string; pid: number | null }[]> {
  return getDb().processLease.findMany({
    where: { host, id: { not: exceptId } },
    select: { id: true, pid: true },
  });
}

/** RUNNING runs owned by any of these processes. */
export async function findRunsOfProcesses({
  processIds,
}: {
  processIds: string[];
}): Promise<{ id: string; assistantMessageId: string }[]> {
  if (!processIds.length) return [];
  return getDb().run.findMany({
    where: { processId: { in: processIds }, status: "RUNNING" },
    select: { id: true, assistantMessageId: true },
  });
}

export async function deleteLeases({ ids }: { ids: string[] }): Promise<void> {
  if (ids.length) await getDb().processLease.deleteMany({ where: { id: { in: ids } } });
}

/** RUNNING runs recorded as this process's that it does not hold any more (e.g. a save gave up). */
export async function findRunsOfProcess({
  processId,
  except,
}: {
  processId: string;
  except: string[];
}): Promise<{ id: string; assistantMessageId: string }[]> {
  return getDb().run.findMany({
    where: { processId, status: "RUNNING", id: { notIn: except } },
    select: { id: true, assistantMessageId: true },
  });
}

/**
 * Marks runs INTERRUPTED (if still RUNNING) and their answers INTERRUPTED (if still STREAMING),
 * keeping the content saved so far; the stored tree's root status becomes "failed" so the page
 * stops showing it as running.
 */
export async function interruptRuns({
  tx = getDb(),
  runs,
  error,
}: {
  tx?: Tx;
  runs: { id: string; assistantMessageId: string }[];
  error: StoredError;
}): Promise<string[]> {
  if (!runs.length) return [];
  const ids = runs.map((r) => r.id);
  const changed = await tx.$queryRaw<{ id: string }[]>`
    UPDATE "Run" SET "status" = 'INTERRUPTED', "endedAt" = ${utcNow}
    WHERE "id" IN (${Prisma.join(ids)}) AND "status" = 'RUNNING' RETURNING "id"`;
  await tx.$executeRaw`
    UPDATE "Message" SET "status" = 'INTERRUPTED', "error" = ${JSON.stringify(error)}::jsonb,
      "parts" = CASE WHEN jsonb_typeof("parts") = 'object'
                     THEN jsonb_set("parts", '{status}', '"failed"') ELSE "parts" END
    WHERE "id" IN (${Prisma.join(runs.map((r) => r.assistantMessageId))}) AND "status" = 'STREAMING'`;
  return changed.map((r) => r.id);
}

/** Removes leases stale for longer than `olderThanSeconds` that own no RUNNING run any more. */
export async function deleteDeadLeases({ olderThanSeconds }: { olderThanSeconds: number }): Promise<number> {
  return getDb().$executeRaw`
    DELETE FROM "ProcessLease" l
    WHERE l."heartbeatAt" < ${utcNow} - make_interval(secs => ${olderThanSeconds}::float8)
      AND NOT EXISTS (SELECT 1 FROM "Run" r WHERE r."processId" = l."id" AND r."status" = 'RUNNING')`;
}
