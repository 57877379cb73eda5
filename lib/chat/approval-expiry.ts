// The end of a paused run that no decision resumed: its time is over (the server's sweep, or a
// decision that came too late) or the user pressed Stop. Its waiting calls are shown ended.
import "server-only";
import { applyEvent, type MessageTree, ROOT_SPAN_ID, type RunError } from "@/lib/agents";
import { getDb } from "@/lib/db/client";
import type { StoredMessage } from "@/lib/db/conversations";
import { endPausedRun, listExpiredPausedRuns, lockRun, messageParts } from "@/lib/db/tool-approvals";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

/** The refusal of a decision that came too late. */
export function expiredRefusal(): AppError {
  return new AppError("conflict:approval_expired", {
    key: "conflict.approval_timed_out",
    values: { hours: env().TOOL_APPROVAL_EXPIRE_HOURS },
  });
}

/**
 * The message of an answer that waited too long (stored, and shown before the sweep stored it):
 * background work with no request language, so in English (DEFAULT_LOCALE), with its catalog message.
 */
function expiredError(): RunError {
  const refusal = expiredRefusal();
  // With its catalog message: pages word it in the reader's language (lib/chat/stored-error.ts).
  return { code: refusal.code, message: refusal.message, text: refusal.text };
}

/** The tree of an answer ended while calls waited: waiting calls shown expired (one rule: applyEvent). */
function endedTree(parts: unknown, error?: RunError): MessageTree | null {
  if (!parts) return null;
  const tree = structuredClone(parts) as MessageTree;
  return applyEvent(tree, {
    type: "run_end",
    spanId: ROOT_SPAN_ID,
    parentSpanId: null,
    depth: 0,
    agentId: tree.rootAgentIds[0] ?? "",
    ts: Date.now(),
    status: "stopped",
    error,
    usage: tree.usage,
    durationMs: tree.durationMs ?? 0,
  });
}

/** A paused answer as pages show it once its time is over (read only: the sweep stores it). */
export function expiredView(m: StoredMessage): StoredMessage {
  const error = expiredError();
  return { ...m, status: "STOPPED", error, parts: endedTree(m.parts, error) as StoredMessage["parts"] };
}

/** Ends a paused run whose time is over: STOPPED, its waiting calls and its answer say expired. */
export function expirePausedRun(run: { runId: string; assistantMessageId: string }) {
  return endPaused({ ...run, error: expiredError() });
}

/** Ends a paused run on the user's Stop: STOPPED like any stopped answer; its calls can't be decided any more. */
export function stopPausedRun(run: { runId: string; assistantMessageId: string }) {
  return endPaused({ ...run, error: null });
}

/** Ends a paused run (false when it was no longer paused): its waiting calls are shown ended. */
async function endPaused({
  runId,
  assistantMessageId,
  error,
}: {
  runId: string;
  assistantMessageId: string;
  error: { code: string; message: string } | null;
}) {
  return getDb().$transaction(async (tx) => {
    await lockRun({ tx, runId });
    const stored = await messageParts({ tx, id: assistantMessageId });
    return endPausedRun({
      tx,
      runId,
      message: { id: assistantMessageId, parts: endedTree(stored?.parts, error ?? undefined) },
      error,
    });
  });
}

/** Ends every paused run whose time is over (the server's periodic sweep). */
export async function expirePausedRuns({ userId }: { userId?: string } = {}): Promise<number> {
  let ended = 0;
  for (const run of await listExpiredPausedRuns({ now: new Date(), userId })) {
    if (await expirePausedRun({ runId: run.id, assistantMessageId: run.assistantMessageId })) ended++;
  }
  return ended;
}
