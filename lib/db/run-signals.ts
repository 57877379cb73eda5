import "server-only";
import pg from "pg";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getDb } from "./client";

// Runs live in the memory of the app process that started them. With several processes behind
// one database, a request for a run may reach another process: a Stop, or the decision on a tool
// call the run waits for. Without Redis it is relayed with PostgreSQL NOTIFY on this channel, and
// every process acts on it if it holds the run (lib/chat/run-bus/local.ts).
const CHANNEL = "delegate_run_stop";

/** What one process asks of the process that runs a run. Small: a NOTIFY payload holds 8000 bytes. */
export type RunSignal =
  | { type: "stop"; runId: string }
  | { type: "decided"; approvalId: string }
  | { type: "steer"; runId: string; text: string };

/** The signal in a payload (also used by the Redis bus), or null for anything else. */
export function parseRunSignal(payload: string): RunSignal | null {
  try {
    const s = JSON.parse(payload) as Partial<{
      type: string;
      runId: string;
      approvalId: string;
      text: string;
    }>;
    if (s.type === "stop" && typeof s.runId === "string") return { type: "stop", runId: s.runId };
    if (s.type === "steer" && typeof s.runId === "string" && typeof s.text === "string")
      return { type: "steer", runId: s.runId, text: s.text };
    if (s.type === "decided" && typeof s.approvalId === "string")
      return { type: "decided", approvalId: s.approvalId };
  } catch {
    // not ours
  }
  return null;
}

/** Status and owner of a run, for requests that reach a process which doesn't hold it. */
export async function getRunForUser({ runId, userId }: { runId: string; userId: string }) {
  const run = await getDb().run.findUnique({
    where: { id: runId },
    select: { userId: true, status: true, assistantMessageId: true },
  });
  // Someone else's run answers exactly as a missing one: run ids are not confirmed to others.
  if (!run || run.userId !== userId) throw new AppError("not_found:run");
  return run;
}

/** Status of the runs behind some assistant messages (RUNNING = alive in some process). */
export async function runStatusByMessage({ assistantMessageIds }: { assistantMessageIds: string[] }) {
  const out = new Map<string, { runId: string; status: string }>();
  if (!assistantMessageIds.length) return out;
  const rows = await getDb().run.findMany({
    where: { assistantMessageId: { in: assistantMessageIds } },
    select: { id: true, assistantMessageId: true, status: true },
  });
  for (const r of rows) out.set(r.assistantMessageId, { runId: r.id, status: r.status });
  return out;
}

export async function sendRunSignal(signal: RunSignal): Promise<void> {
  await getDb().$executeRaw`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(signal)})`;
}

const state = globalThis as unknown as { __runStopListener?: Promise<void> };

/**
 * Starts (once per process) a dedicated connection that LISTENs for run signals and calls
 * `onSignal`; it reconnects after errors. Skipped on the embedded database, which serves a
 * single app process anyway.
 */
export function listenForRunSignals(onSignal: (signal: RunSignal) => void): void {
  const { EMBEDDED_DATABASE, DATABASE_URL } = env();
  if (state.__runStopListener || EMBEDDED_DATABASE === "1" || !DATABASE_URL) return;
  const connect = async (attempt: number): Promise<void> => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    const retry = () => {
      client.removeAllListeners();
      client.end().catch(() => {});
      setTimeout(() => void connect(attempt + 1), Math.min(30_000, 500 * 2 ** attempt)).unref();
    };
    try {
      client.on("notification", (msg) => {
        const signal = msg.channel === CHANNEL && msg.payload ? parseRunSignal(msg.payload) : null;
        if (signal) onSignal(signal);
      });
      client.on("error", retry);
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      // Don't keep the process alive just for this connection.
      (
        client as unknown as { connection?: { stream?: { unref?: () => void } } }
      ).connection?.stream?.unref?.();
    } catch {
      retry();
    }
  };
  state.__runStopListener = connect(0);
}

/** Resolves once this process listens for relayed signals (or gave up for now). */
export function runSignalListenerReady(): Promise<void> {
  return state.__runStopListener ?? Promise.resolve();
}

/** Runs of a conversation still RUNNING in some process (of this user's). */
export async function runningRunsOfConversation({
  conversationId,
  userId,
}: {
  conversationId: string;
  userId: string;
}): Promise<string[]> {
  const rows = await getDb().run.findMany({
    where: { conversationId, userId, status: "RUNNING" },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}
