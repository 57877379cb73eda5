import "server-only";
import { env } from "@/lib/env";
import { countRun } from "./metrics/count-run";
import type { ObservedRun, RunObserver } from "./run-observer";
import { traceRun } from "./telemetry/observer";

/**
 * What operators see of a run: its trace (OTEL_EXPORTER_OTLP_ENDPOINT) and its metrics
 * (METRICS_TOKEN). Undefined when both are off, so the run's pump does no work per event.
 */
export function observeRun(run: ObservedRun): RunObserver | undefined {
  const settings = env();
  const observers = [traceRun(run, settings), countRun(run, settings)].filter(
    (o): o is RunObserver => o !== undefined,
  );
  if (observers.length === 0) return undefined;
  if (observers.length === 1) return observers[0];
  return {
    event: (e) => {
      for (const o of observers) o.event(e);
    },
    end: (status) => {
      for (const o of observers) o.end(status);
    },
  };
}
