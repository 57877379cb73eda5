// What this process does with the signals other processes relay to it through the live run bus.
import "server-only";
import { deliverRelayedDecision } from "./approval-waiters";
import { getLiveRun } from "./live-runs";
import { runBus } from "./run-bus";

/**
 * Installs (once per process; the bus keeps one listener) what signals relayed from other processes
 * do here: a Stop aborts the run if this process runs it, a Steer reaches its root agent; a
 * decision on a tool call reaches the run waiting for it.
 */
export function handleRelayedSignals(): void {
  runBus().onSignal((signal) => {
    if (signal.type === "stop") getLiveRun(signal.runId)?.abort(new Error("Stopped by the user"));
    else if (signal.type === "steer") {
      const run = getLiveRun(signal.runId);
      if (run && !run.done) run.steer?.(signal.text);
    } else void deliverRelayedDecision(signal.approvalId);
  });
}
