// Graceful shutdown of an app process (SIGTERM / SIGINT, installed by instrumentation.ts): stop
// starting answers, let running ones finish for RUN_SHUTDOWN_GRACE_SECONDS, interrupt the rest
// (their answers are saved as INTERRUPTED with the content so far, and can be regenerated), then
// release the process lease and exit. Next.js's own signal handler is switched off by
// NEXT_MANUAL_SIG_HANDLE (scripts/start.ts), so it can't exit before the answers are saved.
import "server-only";
import { env } from "@/lib/env";
import { flushTelemetry } from "@/lib/ops/telemetry/observer";
import { releaseProcessLease } from "@/lib/quota/process-lease";
import { serverShutdown, stopAcceptingRuns, unfinishedRuns } from "./live-runs";
import { runBus } from "./run-bus";

/** Longest wait for interrupted answers to be saved before exiting anyway. */
const SAVE_AFTER_INTERRUPT_MS = 15_000;

function log(msg: string, extra: Record<string, unknown> = {}) {
  console.log(JSON.stringify({ level: "info", msg, ...extra }));
}

function settledWithin(promises: Promise<void>[], ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    Promise.all(promises).then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Ends this process's runs cleanly; returns how many finished and how many were interrupted. */
export async function drainRuns({
  graceMs = env().RUN_SHUTDOWN_GRACE_SECONDS * 1000,
}: {
  graceMs?: number;
} = {}): Promise<{ finished: number; interrupted: number }> {
  stopAcceptingRuns();
  const running = unfinishedRuns();
  if (running.length) log("shutdown: waiting for running answers", { runs: running.length, graceMs });
  await settledWithin(
    running.map((r) => r.ended),
    graceMs,
  );
  const left = unfinishedRuns();
  for (const r of left) r.abort(serverShutdown());
  if (left.length) {
    log("shutdown: interrupting answers still running", { runIds: left.map((r) => r.meta.runId) });
    const saved = await settledWithin(
      left.map((r) => r.ended),
      SAVE_AFTER_INTERRUPT_MS,
    );
    if (!saved) log("shutdown: some interrupted answers were not saved in time");
  }
  // The runs' last spans are still in the batch processor's buffer.
  await flushTelemetry();
  await releaseProcessLease();
  await runBus().close();
  return { finished: running.length - left.length, interrupted: left.length };
}

const installed = globalThis as unknown as { __shutdownInstalled?: boolean };

/** Installs the SIGTERM / SIGINT handlers (once per process). */
export function installShutdownHandlers(): void {
  if (installed.__shutdownInstalled) return;
  installed.__shutdownInstalled = true;
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    log("shutdown: signal received", { signal });
    drainRuns()
      .catch((err: unknown) =>
        console.error(JSON.stringify({ level: "error", msg: "shutdown failed", error: String(err) })),
      )
      .finally(() => process.exit(0));
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
