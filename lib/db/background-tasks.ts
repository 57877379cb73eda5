import "server-only";
import type { MessageTree, RunError } from "@/lib/agents";
import { getDb } from "./client";
import type { MessageUsage, UsageRow } from "./conversations";
import { type BackgroundTask, type BackgroundTaskStatus, Prisma, type RunStatus } from "./generated/client";

// Background subagent tasks (lib/tasks holds the policy): queries and transactions only.

export type { BackgroundTask, BackgroundTaskStatus };

// Namespace of the per-user advisory lock that counts and inserts tasks atomically.
const TASK_LOCK = 4_242_031;
const utcNow = Prisma.sql`(clock_timestamp() AT TIME ZONE 'UTC')`;

export interface NewTask {
  userId: string;
  conversationId: string;
  parentRunId: string;
  parentMessageId: string;
  toolCallId: string;
  agentId: string;
  agentName: string;
  self: boolean;
  task: string;
}

/**
 * Inserts a QUEUED task unless the user already has `max` queued or running ones. The same call
 * (parent run, tool call) returns its existing task, so a resumed parent never starts it twice.
 */
export async function insertTaskWithinLimit({
  task,
  max,
}: {
  task: NewTask;
  max: number;
}): Promise<{ task: BackgroundTask; created: boolean } | { refused: { active: number } }> {
  return getDb().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${TASK_LOCK}::int, hashtext(${task.userId}))`;
    const existing = await tx.backgroundTask.findUnique({
      where: { parentRunId_toolCallId: { parentRunId: task.parentRunId, toolCallId: task.toolCallId } },
    });
    if (existing) return { task: existing, created: false };
    const active = await tx.backgroundTask.count({
      where: { userId: task.userId, status: { in: ["QUEUED", "RUNNING"] } },
    });
    if (active >= max) return { refused: { active } };
    return { task: await tx.backgroundTask.create({ data: task }), created: true };
  });
}

/** The user's tasks of one conversation (only `ids` when given), oldest first. */
export function tasksOfConversation({
  userId,
  conversationId,
  ids,
}: {
  userId: string;
  conversationId: string;
  ids?: string[];
}): Promise<BackgroundTask[]> {
  return getDb().backgroundTask.findMany({
    where: { userId, conversationId, ...(ids ? { id: { in: ids } } : {}) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 100,
  });
}

/** The user's tasks, newest first, with their conversation's title. */
export function tasksOfUser({ userId, take = 100 }: { userId: string; take?: number }) {
  return getDb().backgroundTask.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    include: { conversation: { select: { title: true } } },
  });
}

/** One of the user's tasks with its conversation's title; null for another user's or an unknown id. */
export function taskOfUser({ id, userId }: { id: string; userId: string }) {
  return getDb().backgroundTask.findFirst({
    where: { id, userId },
    include: { conversation: { select: { title: true } } },
  });
}

export function readTask({ id }: { id: string }): Promise<BackgroundTask | null> {
  return getDb().backgroundTask.findUnique({ where: { id } });
}

/**
 * Takes a task for one attempt in `processId`: a QUEUED one, or a RUNNING one whose process's lease
 * is stale or gone (its process died) or whose deadline passed. Records the attempt's run and
 * deadline; null when the task is finished, cancelled or alive elsewhere (nothing to do).
 */
export async function claimTask({
  id,
  processId,
  runId,
  minutes,
  staleSeconds,
}: {
  id: string;
  processId: string;
  runId: string;
  minutes: number;
  staleSeconds: number;
}): Promise<BackgroundTask | null> {
  const rows = await getDb().$queryRaw<{ id: string }[]>`
    UPDATE "BackgroundTask" t SET "status" = 'RUNNING', "attempts" = t."attempts" + 1,
      "processId" = ${processId}, "runId" = ${runId}, "startedAt" = COALESCE(t."startedAt", ${utcNow}),
      "deadlineAt" = ${utcNow} + make_interval(mins => ${minutes}::int)
    WHERE t."id" = ${id} AND (t."status" = 'QUEUED' OR (t."status" = 'RUNNING' AND (
      t."deadlineAt" < ${utcNow} OR t."processId" IS NULL OR NOT EXISTS (
        SELECT 1 FROM "ProcessLease" l WHERE l."id" = t."processId"
          AND l."heartbeatAt" > ${utcNow} - make_interval(secs => ${staleSeconds}::float8)))))
    RETURNING t."id"`;
  return rows.length ? readTask({ id }) : null;
}

/**
 * Tasks to hand to a live process again: RUNNING ones whose process's lease is stale or gone, and
 * QUEUED ones older than `queuedSeconds` (their job may never have been sent).
 */
export async function tasksToRequeue({
  staleSeconds,
  queuedSeconds,
}: {
  staleSeconds: number;
  queuedSeconds: number;
}) {
  return getDb().$queryRaw<{ id: string; attempts: number }[]>`
    SELECT t."id", t."attempts" FROM "BackgroundTask" t
    WHERE (t."status" = 'RUNNING' AND NOT EXISTS (
        SELECT 1 FROM "ProcessLease" l WHERE l."id" = t."processId"
          AND l."heartbeatAt" > ${utcNow} - make_interval(secs => ${staleSeconds}::float8)))
      OR (t."status" = 'QUEUED' AND t."createdAt" < ${utcNow} - make_interval(secs => ${queuedSeconds}::float8))
    LIMIT 200`;
}

/** The Run row of a task's attempt: RUNNING in `processId` (so a dead process's attempt is interrupted). */
export async function insertTaskRun(run: {
  id: string;
  userId: string;
  conversationId: string;
  assistantMessageId: string;
  agentId: string | null;
  processId: string;
}): Promise<void> {
  await getDb().run.create({ data: { ...run, status: "RUNNING" } });
}

/**
 * Stores an attempt's progress and the ledger rows of the model calls it covers, in one
 * transaction (a turn is in both or in neither). The checkpoint is written only while the task is
 * still this attempt's; the rows always (the calls were made).
 */
export async function saveTaskCheckpoint({
  taskId,
  runId,
  checkpoint,
  usageRows,
}: {
  taskId: string;
  runId: string;
  checkpoint: Prisma.InputJsonValue;
  usageRows: UsageRow[];
}): Promise<void> {
  await getDb().$transaction(async (tx) => {
    if (usageRows.length) await tx.usageRecord.createMany({ data: usageRows });
    await tx.backgroundTask.updateMany({
      where: { id: taskId, runId, status: "RUNNING" },
      data: { checkpoint },
    });
  });
}

/** The status of a task (cancel is seen by its running attempt through this). */
export async function taskStatus({ id }: { id: string }): Promise<BackgroundTaskStatus | null> {
  const row = await getDb().backgroundTask.findUnique({ where: { id }, select: { status: true } });
  return row?.status ?? null;
}

export interface TaskOutcome {
  taskId: string;
  runId: string;
  status: "COMPLETED" | "FAILED" | "CANCELLED";
  runStatus: RunStatus;
  result: string | null;
  error: RunError | null;
  /** The follow-up message (absent when the task was cancelled: nothing to say). */
  message?: {
    id: string;
    agentId: string | null;
    content: string;
    parts: MessageTree;
    status: "COMPLETE" | "FAILED" | "STOPPED";
    usage: MessageUsage;
  };
  usageRows: UsageRow[];
}

/**
 * Ends a task's attempt in one transaction: its run closed with its usage rows, and — only while
 * the task is still this attempt's (RUNNING with this run) — the follow-up message after the
 * conversation's newest message and the task's end. False when the task had moved on (cancelled,
 * or taken by another attempt): then only the run and its usage are recorded.
 */
export async function finishTaskAttempt(o: TaskOutcome): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    if (o.usageRows.length) await tx.usageRecord.createMany({ data: o.usageRows });
    await tx.run.updateMany({
      where: { id: o.runId, status: { in: ["RUNNING", "INTERRUPTED"] } },
      data: { status: o.runStatus, endedAt: new Date() },
    });
    const [task] = await tx.$queryRaw<{ conversationId: string; status: string; runId: string | null }[]>`
      SELECT "conversationId", "status"::text AS "status", "runId" FROM "BackgroundTask"
      WHERE "id" = ${o.taskId} FOR UPDATE`;
    if (task?.status !== "RUNNING" || task.runId !== o.runId) return false;
    let resultMessageId: string | null = null;
    if (o.message) {
      const newest = await tx.message.findFirst({
        where: { conversationId: task.conversationId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        select: { id: true },
      });
      await tx.message.create({
        data: {
          id: o.message.id,
          conversationId: task.conversationId,
          parentId: newest?.id ?? null,
          role: "ASSISTANT",
          content: o.message.content,
          parts: o.message.parts as unknown as Prisma.InputJsonValue,
          status: o.message.status,
          error: o.error ? (o.error as unknown as Prisma.InputJsonValue) : Prisma.DbNull,
          usage: o.message.usage as unknown as Prisma.InputJsonValue,
          agentId: o.message.agentId,
        },
      });
      await tx.conversation.update({ where: { id: task.conversationId }, data: { updatedAt: new Date() } });
      resultMessageId = o.message.id;
    }
    await tx.backgroundTask.update({
      where: { id: o.taskId },
      data: {
        status: o.status,
        result: o.result,
        error: o.error ? { code: o.error.code, message: o.error.message } : Prisma.DbNull,
        resultMessageId,
        endedAt: new Date(),
        processId: null,
        checkpoint: Prisma.DbNull,
      },
    });
    return true;
  });
}

/** Ends a task that could not run at all (its agent is gone, ...): FAILED with why. */
export async function failTask({ id, error }: { id: string; error: { code: string; message: string } }) {
  await getDb().backgroundTask.updateMany({
    where: { id, status: { in: ["QUEUED", "RUNNING"] } },
    data: { status: "FAILED", error, endedAt: new Date(), processId: null, checkpoint: Prisma.DbNull },
  });
}

/** Cancels the user's own queued or running task; false when there is none to cancel. */
export async function cancelOwnTask({ id, userId }: { id: string; userId: string }): Promise<boolean> {
  const { count } = await getDb().backgroundTask.updateMany({
    where: { id, userId, status: { in: ["QUEUED", "RUNNING"] } },
    data: { status: "CANCELLED", endedAt: new Date(), checkpoint: Prisma.DbNull },
  });
  return count > 0;
}

/** The user's queued and running tasks (id and conversation), for the sidebar's count. */
export function activeTasksOfUser({ userId }: { userId: string }) {
  return getDb().backgroundTask.findMany({
    where: { userId, status: { in: ["QUEUED", "RUNNING"] } },
    orderBy: { createdAt: "asc" },
    take: 100,
    select: { id: true, conversationId: true },
  });
}

/** The user's tasks that ended after `since` (id and conversation): an open chat shows their follow-ups. */
export function tasksEndedSince({ userId, since }: { userId: string; since: Date }) {
  return getDb().backgroundTask.findMany({
    where: { userId, endedAt: { gt: since } },
    orderBy: { endedAt: "asc" },
    take: 100,
    select: { id: true, conversationId: true },
  });
}
