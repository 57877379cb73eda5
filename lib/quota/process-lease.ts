// Process leases: who is still running which answer. Each app process keeps a ProcessLease row
// fresh (every RUN_LEASE_HEARTBEAT_SECONDS) and records its id on every run it admits. A run whose
// process's lease is older than RUN_LEASE_STALE_SECONDS (or gone) belongs to a dead process: it is
// marked INTERRUPTED, with the answer saved so far kept, by whoever notices first — the next
// process to start (its first heartbeat sweeps), another process's heartbeat, or that user's next
// send that their concurrency limit would refuse (admission sweeps the user's runs under their
// admission lock, then counts again).
//
// Why a heartbeat row and not a PostgreSQL advisory lock per process: a session lock needs one
// connection held for the process's whole life outside the pool, and the embedded database
// (PGlite, one connection) can't spare it; a lock also vanishes for every process at once when the
// database restarts, and nothing of it is visible to an admin. A row works the same on both
// databases, survives a database restart, and "how fresh" is a plain query.
//
// A process that starts also knows its own previous lives at once, without waiting for the stale
// window: a lease of this host whose process is gone (its pid is ours now, or no process has it)
// is a crashed earlier run of this server (a restart after a crash, a container restarted in
// place), so its runs are interrupted by the first heartbeat, before the server says it is ready,
// and that user's next send is admitted. A lease of this host whose pid is alive (another app
// process on the same machine) is judged by its staleness like any other. Hosts are told apart by
// name: app processes in separate PID namespaces (containers) must not share a hostname.
//
// A process that was itself cut off from the database does not judge others until it has been
// reconnected for a whole stale period: after an outage every lease looks stale, and the processes
// that are alive need that long to refresh theirs. Should a live process's run be interrupted
// anyway, its final save still writes the whole answer over it (saveAnswer, lib/db/conversations.ts).
import "server-only";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import type { Tx } from "@/lib/db/client";
import {
  deleteDeadLeases,
  deleteLease,
  deleteLeases,
  findRunsOfDeadProcesses,
  findRunsOfProcess,
  findRunsOfProcesses,
  heartbeatLease,
  interruptRuns,
  leasesOnHost,
} from "@/lib/db/process-leases";
import { env } from "@/lib/env";
import { INTERRUPTED } from "./runs";

interface LeaseState {
  id: string;
  /** Runs this process is admitting or running; anything else recorded as ours is an orphan. */
  held: Set<string>;
  timer?: NodeJS.Timeout;
  started?: Promise<void>;
  /** The heartbeat in flight, if any: releasing waits for it, or its upsert would bring the row back. */
  ticking?: Promise<void>;
  /** The last heartbeat failed (database unreachable). */
  degraded: boolean;
  /** When the database came back after an outage this process saw (ms, this process's clock). */
  recoveredAt: number | null;
  released: boolean;
  /** This host's leases of dead processes were swept (once, by the first heartbeat that got through). */
  sweptOwnPast: boolean;
}

/** Told the ids of runs a sweep ended as interrupted (after they were written). */
export type InterruptedRunsListener = (runIds: string[]) => Promise<unknown> | undefined;

const g = globalThis as unknown as {
  __processLease?: LeaseState;
  __interruptedRunsListeners?: Set<InterruptedRunsListener>;
};
const listeners = () => {
  g.__interruptedRunsListeners ??= new Set();
  return g.__interruptedRunsListeners;
};

/**
 * Work a dead process left (an eval case, a background task) is queued again by whoever ends its
 * runs: the first heartbeat of a starting process, a later heartbeat of any process (a dead process
 * on another host, or one on this host not yet reaped, is only known once its lease is stale), or an
 * admission sweep. Returns the unsubscribe.
 */
export function onRunsInterrupted(listener: InterruptedRunsListener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/** Tells the listeners which runs were just ended (call after the transaction that ended them). */
export async function announceInterruptedRuns(runIds: string[]): Promise<void> {
  if (!runIds.length) return;
  for (const listener of listeners()) {
    await Promise.resolve(listener(runIds)).catch((err: unknown) =>
      log("error", "re-queueing the work of interrupted runs failed", { error: String(err) }),
    );
  }
}
function state(): LeaseState {
  g.__processLease ??= {
    id: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
    held: new Set(),
    degraded: false,
    recoveredAt: null,
    released: false,
    sweptOwnPast: false,
  };
  return g.__processLease;
}

function log(level: "info" | "warn" | "error", msg: string, extra: Record<string, unknown> = {}) {
  const line = JSON.stringify({ level, msg, processId: state().id, ...extra });
  if (level === "info") console.log(line);
  else console.error(line);
}

/** This process's lease id (recorded as Run.processId). */
export function processLeaseId(): string {
  return state().id;
}

/**
 * Starts this process's lease (once): the first heartbeat is awaited, so a run admitted afterwards
 * is never owned by a lease that doesn't exist; then it is refreshed on a timer that doesn't keep
 * the process alive. The first heartbeat also sweeps runs of processes that died.
 */
export function ensureProcessLease(): Promise<void> {
  const s = state();
  if (!s.started) {
    s.released = false;
    s.started = tick().then(() => {
      if (s.degraded) throw new Error("The database is unreachable: could not start the process lease.");
    });
    s.started.catch(() => {
      // Try again on the next call.
      if (g.__processLease === s && !s.timer) s.started = undefined;
    });
    s.started.then(
      () => {
        if (s.timer || s.released) return;
        s.timer = setInterval(() => void tick(), env().RUN_LEASE_HEARTBEAT_SECONDS * 1000);
        s.timer.unref();
      },
      () => {},
    );
  }
  return s.started;
}

/** Marks a run as held by this process (before it is admitted) or no longer held (after its end). */
export function holdRun(runId: string) {
  state().held.add(runId);
}
export function releaseRun(runId: string) {
  state().held.delete(runId);
}

/** True when this process may take another process's stale lease as proof that it died. */
function mayJudgeOthers(): boolean {
  const s = state();
  if (s.degraded) return false;
  if (s.recoveredAt === null) return true;
  return Date.now() - s.recoveredAt >= env().RUN_LEASE_STALE_SECONDS * 1000;
}

/**
 * Interrupts the RUNNING runs of processes whose lease is stale (of one user inside `tx`, e.g. at
 * admission, or everyone's). Returns the ids of the runs it ended.
 */
export async function interruptRunsOfDeadProcesses({
  tx,
  userId,
}: {
  tx?: Tx;
  userId?: string;
} = {}): Promise<string[]> {
  if (!mayJudgeOthers()) return [];
  const runs = await findRunsOfDeadProcesses({
    tx,
    staleSeconds: env().RUN_LEASE_STALE_SECONDS,
    exceptProcessId: state().id,
    userId,
  });
  const ended = await interruptRuns({ tx, runs, error: INTERRUPTED });
  if (ended.length) log("warn", "interrupted runs of a dead app process", { runIds: ended });
  return ended;
}

function tick(): Promise<void> {
  const s = state();
  if (s.ticking || s.released) return s.ticking ?? Promise.resolve();
  s.ticking = beat(s).finally(() => {
    s.ticking = undefined;
  });
  return s.ticking;
}

async function beat(s: LeaseState): Promise<void> {
  try {
    await heartbeatLease({ id: s.id, host: os.hostname(), pid: process.pid });
    if (s.degraded) {
      s.degraded = false;
      s.recoveredAt = Date.now();
      log("info", "process lease renewed after a database outage");
    }
  } catch (err) {
    if (!s.degraded) log("error", "process lease heartbeat failed", { error: String(err) });
    s.degraded = true;
    return;
  }
  try {
    const interrupted: string[] = [];
    if (!s.sweptOwnPast) {
      interrupted.push(...(await interruptRunsOfEarlierLives(s)));
      s.sweptOwnPast = true;
    }
    interrupted.push(...(await interruptRunsOfDeadProcesses()));
    // Runs recorded as ours that we don't hold (a final save that gave up): nobody else will end them.
    const orphans = await findRunsOfProcess({ processId: s.id, except: [...s.held] });
    const ended = await interruptRuns({ runs: orphans, error: INTERRUPTED });
    if (ended.length) log("warn", "interrupted runs this process no longer holds", { runIds: ended });
    await announceInterruptedRuns([...interrupted, ...ended]);
    await deleteDeadLeases({ olderThanSeconds: Math.max(60, env().RUN_LEASE_STALE_SECONDS * 5) });
  } catch (err) {
    log("error", "sweeping runs of dead processes failed", { error: String(err) });
  }
}

/**
 * Whether a process with this pid runs on this machine (EPERM: it does, as another user). A zombie
 * (killed, not yet reaped by its parent — in a container whose init doesn't reap, for good) still
 * answers signal 0, so on Linux its state in /proc says it is dead.
 */
function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return false; // no /proc (not Linux): signal 0 is all we know
  }
  // "pid (comm) S …": the command may hold spaces and parentheses, the state follows the last ")".
  return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z";
}

/** Interrupts the runs of this host's leases whose process is gone, and deletes those leases. */
async function interruptRunsOfEarlierLives(s: LeaseState): Promise<string[]> {
  const leases = await leasesOnHost({ host: os.hostname(), exceptId: s.id });
  const dead = leases
    .filter((l) => l.pid !== null && (l.pid === process.pid || !pidAlive(l.pid)))
    .map((l) => l.id);
  if (!dead.length) return [];
  const ended = await interruptRuns({
    runs: await findRunsOfProcesses({ processIds: dead }),
    error: INTERRUPTED,
  });
  if (ended.length) log("warn", "interrupted runs of this server's previous process", { runIds: ended });
  await deleteLeases({ ids: dead });
  return ended;
}

/**
 * Stops the heartbeat and deletes the lease (graceful shutdown, after the runs were saved): any run
 * still recorded as this process's is then interrupted by the next process that looks.
 */
export async function releaseProcessLease(): Promise<void> {
  const s = state();
  s.released = true;
  if (s.timer) clearInterval(s.timer);
  s.timer = undefined;
  await s.ticking;
  await deleteLease({ id: s.id }).catch((err) =>
    log("error", "deleting the process lease failed", { error: String(err) }),
  );
}
