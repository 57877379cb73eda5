// Tool calls waiting for a person and the runs paused for them: queries and transactions only
// (what to do with them is lib/chat/run-approvals.ts's and decide-approval.ts's).
import "server-only";
import { getDb, type Tx } from "./client";
import { Prisma } from "./generated/client";
import type { ToolApprovalStatus } from "./generated/enums";

type Json = Prisma.InputJsonValue;

export interface ApprovalRow {
  id: string;
  runId: string;
  userId: string;
  toolCallId: string;
  toolName: string;
  status: ToolApprovalStatus;
  editedArgs: unknown;
  reason: string | null;
  answer: string | null;
}

const approvalSelect = {
  id: true,
  runId: true,
  userId: true,
  toolCallId: true,
  toolName: true,
  status: true,
  editedArgs: true,
  reason: true,
  answer: true,
} as const;

/** Records a waiting call (once: a resumed run asks again with the same id); returns its row. */
export async function ensureApproval(input: {
  id: string;
  runId: string;
  userId: string;
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown>;
}): Promise<ApprovalRow> {
  const db = getDb();
  await db.toolApproval.createMany({
    data: [{ ...input, args: input.args as Json }],
    skipDuplicates: true,
  });
  return db.toolApproval.findUniqueOrThrow({ where: { id: input.id }, select: approvalSelect });
}

/** Decided rows among `ids` (a decision the run has not received yet). */
export async function decidedApprovals({ tx = getDb(), ids }: { tx?: Tx; ids: string[] }) {
  if (!ids.length) return [];
  return tx.toolApproval.findMany({
    where: { id: { in: ids }, status: { in: ["APPROVED", "EDITED", "DENIED", "ANSWERED"] } },
    select: approvalSelect,
  });
}

/** Locks a run's row for the rest of `tx` (pausing and deciding take turns on it). */
export async function lockRun({ tx, runId }: { tx: Tx; runId: string }) {
  const rows = await tx.$queryRaw<{ status: string; expiresAt: Date | null }[]>`
    SELECT "status"::text AS "status", "expiresAt" FROM "Run" WHERE "id" = ${runId} FOR UPDATE`;
  return rows[0] ?? null;
}

export interface PausedMessage {
  id: string;
  content: string;
  parts: unknown;
  usage: unknown;
}

/** RUNNING → PAUSED with what resumes it; the answer is saved as PAUSED. False when not RUNNING. */
export async function markRunPaused({
  tx,
  runId,
  checkpoint,
  expiresAt,
  message,
}: {
  tx: Tx;
  runId: string;
  checkpoint: unknown;
  expiresAt: Date;
  message: PausedMessage;
}): Promise<boolean> {
  const { count } = await tx.run.updateMany({
    where: { id: runId, status: "RUNNING" },
    data: { status: "PAUSED", checkpoint: checkpoint as Json, pausedAt: new Date(), expiresAt },
  });
  if (!count) return false;
  await tx.message.updateMany({
    where: { id: message.id },
    data: {
      status: "PAUSED",
      content: message.content,
      parts: message.parts as Json,
      usage: message.usage as Json,
    },
  });
  return true;
}

/** An approval with its run, only when it is `userId`'s. */
export async function findApprovalForUser({
  tx = getDb(),
  id,
  userId,
}: {
  tx?: Tx;
  id: string;
  userId: string;
}) {
  return tx.toolApproval.findFirst({
    where: { id, userId },
    select: {
      ...approvalSelect,
      run: { select: { id: true, status: true, expiresAt: true, assistantMessageId: true } },
    },
  });
}

/** PENDING → decided; false when it was no longer pending. */
export async function recordDecision({
  tx,
  id,
  status,
  editedArgs,
  reason,
  answer,
}: {
  tx: Tx;
  id: string;
  status: "APPROVED" | "EDITED" | "DENIED" | "ANSWERED";
  editedArgs?: Record<string, unknown>;
  reason?: string;
  answer?: string;
}): Promise<boolean> {
  const { count } = await tx.toolApproval.updateMany({
    where: { id, status: "PENDING" },
    data: {
      status,
      decidedAt: new Date(),
      ...(editedArgs ? { editedArgs: editedArgs as Json } : {}),
      ...(reason ? { reason } : {}),
      ...(answer !== undefined ? { answer } : {}),
    },
  });
  return count > 0;
}

/** PAUSED → RUNNING in `processId`; the answer streams again. */
export async function reopenPausedRun({
  tx,
  runId,
  processId,
}: {
  tx: Tx;
  runId: string;
  processId: string;
}) {
  const run = await tx.run.update({
    where: { id: runId },
    data: { status: "RUNNING", processId, pausedAt: null },
    select: { assistantMessageId: true, checkpoint: true },
  });
  await tx.message.updateMany({ where: { id: run.assistantMessageId }, data: { status: "STREAMING" } });
  return run;
}

/** Paused runs whose time to decide is over (their answers, to be ended). */
export async function listExpiredPausedRuns({ now, userId }: { now: Date; userId?: string }) {
  return getDb().run.findMany({
    where: { status: "PAUSED", expiresAt: { lte: now }, ...(userId ? { userId } : {}) },
    select: { id: true, assistantMessageId: true },
    take: 100,
  });
}

/** Ends a PAUSED run as STOPPED with its answer and approvals expired (`error` says why, if anything); false when no longer paused. */
export async function endPausedRun({
  tx,
  runId,
  message,
  error,
}: {
  tx: Tx;
  runId: string;
  message: { id: string; parts: unknown };
  error: { code: string; message: string } | null;
}): Promise<boolean> {
  const { count } = await tx.run.updateMany({
    where: { id: runId, status: "PAUSED" },
    data: { status: "STOPPED", endedAt: new Date(), checkpoint: Prisma.DbNull },
  });
  if (!count) return false;
  await tx.toolApproval.updateMany({
    where: { runId, status: "PENDING" },
    data: { status: "EXPIRED", decidedAt: new Date() },
  });
  await tx.message.updateMany({
    where: { id: message.id },
    data: { status: "STOPPED", parts: message.parts as Json, error: error ? (error as Json) : Prisma.DbNull },
  });
  return true;
}

/** The stored answer of a message (for rewriting its tree). */
export async function messageParts({ tx = getDb(), id }: { tx?: Tx; id: string }) {
  return tx.message.findUnique({ where: { id }, select: { parts: true, content: true, usage: true } });
}

/** The paused runs behind some answers: their ids and when each expires. */
export async function pausedRunsOf({ assistantMessageIds }: { assistantMessageIds: string[] }) {
  const out = new Map<string, { runId: string; expiresAt: Date | null }>();
  if (!assistantMessageIds.length) return out;
  const rows = await getDb().run.findMany({
    where: { assistantMessageId: { in: assistantMessageIds }, status: "PAUSED" },
    select: { id: true, assistantMessageId: true, expiresAt: true },
  });
  for (const r of rows) out.set(r.assistantMessageId, { runId: r.id, expiresAt: r.expiresAt });
  return out;
}

/** Clears a finished run's checkpoint (it can't resume any more). */
export async function clearCheckpoint({ runId }: { runId: string }) {
  await getDb().run.updateMany({ where: { id: runId }, data: { checkpoint: Prisma.DbNull } });
}
