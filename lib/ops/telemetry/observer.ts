import "server-only";
import type { RunEvent } from "@/lib/agents/events";
import type { Env } from "@/lib/env";
import { currentCurrency } from "@/lib/pricing/current-currency";
import type { FinalRunStatus, ObservedRun, RunObserver } from "../run-observer";
import type { Telemetry } from "./exporter";

// One SDK per process, even when Next.js bundles this module twice.
const shared = globalThis as unknown as { __runTelemetry?: Promise<Telemetry> };

function telemetry(endpoint: string, serviceName: string): Promise<Telemetry> {
  shared.__runTelemetry ??= import("./exporter").then((m) => m.startTelemetry({ endpoint, serviceName }));
  return shared.__runTelemetry;
}

/**
 * The run's trace observer, or undefined when OTEL_EXPORTER_OTLP_ENDPOINT is unset (then nothing
 * of the SDK is loaded and the run pays nothing per event). The SDK loads on the first traced run;
 * events seen before it is ready wait in a queue (they carry their own times).
 */
export function traceRun(
  run: ObservedRun,
  settings: Pick<Env, "OTEL_EXPORTER_OTLP_ENDPOINT" | "OTEL_SERVICE_NAME">,
): RunObserver | undefined {
  const { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME } = settings;
  if (!endpoint) return undefined;
  // Read now, at the run's start (its prices were just read with it), not when the SDK is ready.
  const currency = currentCurrency();
  let spans: RunObserver | undefined;
  let queue: ((o: RunObserver) => void)[] | undefined = [];
  telemetry(endpoint, OTEL_SERVICE_NAME)
    .then((t) => {
      spans = t.traceRun(run, currency);
      for (const fn of queue ?? []) fn(spans);
    })
    .catch((err: unknown) =>
      console.error(JSON.stringify({ level: "error", msg: "starting telemetry failed", error: String(err) })),
    )
    .finally(() => {
      queue = undefined;
    });
  const safely = (fn: (o: RunObserver) => void) => {
    // A bug in tracing must never break a run.
    const call = (o: RunObserver) => {
      try {
        fn(o);
      } catch (err) {
        console.error(JSON.stringify({ level: "error", msg: "tracing a run failed", error: String(err) }));
      }
    };
    if (spans) call(spans);
    else queue?.push(call);
  };
  return {
    event: (e: RunEvent) => safely((o) => o.event(e)),
    end: (status: FinalRunStatus) => safely((o) => o.end(status)),
  };
}

/** Sends the spans still buffered (graceful shutdown); a no-op when tracing never started. */
export async function flushTelemetry(): Promise<void> {
  const t = await shared.__runTelemetry?.catch(() => undefined);
  await t?.provider
    .forceFlush()
    .catch((err: unknown) =>
      console.error(JSON.stringify({ level: "error", msg: "flushing traces failed", error: String(err) })),
    );
}
