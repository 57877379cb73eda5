// The bus of a single process (the embedded default) or of several processes without Redis:
// events stay in the process that runs the answer (another process's page follows it by polling
// the saved message), and a Stop or a decision that reaches another process is relayed with
// PostgreSQL NOTIFY.
import "server-only";
import { listenForRunSignals, sendRunSignal } from "@/lib/db/run-signals";
import type { RunBus } from "./types";

export function localRunBus(): RunBus {
  return {
    followsOtherProcesses: false,
    append() {},
    end() {},
    follow: async () => null,
    signal: sendRunSignal,
    onSignal: listenForRunSignals,
    check: async () => null,
    close: async () => {},
  };
}
