// The OpenTelemetry SDK of this process, started on the first traced run. Only loaded (by a dynamic
// import in observer.ts) when OTEL_EXPORTER_OTLP_ENDPOINT is set.
import { randomBytes } from "node:crypto";
import type { Span } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor, type IdGenerator } from "@opentelemetry/sdk-trace-base";
import { ATTR_SERVICE_INSTANCE_ID, ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import type { ObservedRun } from "../run-observer";
import { RunSpans } from "./run-spans";

/**
 * A run's trace id is its run id (a UUID is 32 hex digits), so an operator goes from a run in the
 * database to its trace directly, and a run resumed after a pause continues the same trace.
 */
class RunTraceIds implements IdGenerator {
  next: string | undefined;
  generateTraceId(): string {
    return this.next ?? randomBytes(16).toString("hex");
  }
  generateSpanId(): string {
    return randomBytes(8).toString("hex");
  }
}

function traceIdOf(runId: string): string | undefined {
  const hex = runId.replace(/-/g, "").toLowerCase();
  return /^[0-9a-f]{32}$/.test(hex) && !/^0+$/.test(hex) ? hex : undefined;
}

export interface Telemetry {
  provider: BasicTracerProvider;
  /** `currency`: that of the run's costs. */
  traceRun(run: ObservedRun, currency: string): RunSpans;
}

export function startTelemetry({
  endpoint,
  serviceName,
}: {
  endpoint: string;
  serviceName: string;
}): Telemetry {
  const ids = new RunTraceIds();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: serviceName,
      // Several instances behind a load balancer: which process ran the run.
      [ATTR_SERVICE_INSTANCE_ID]: randomBytes(8).toString("hex"),
    }),
    idGenerator: ids,
    // Headers (OTEL_EXPORTER_OTLP_HEADERS) and timeouts come from the standard OTEL_* variables.
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces` })),
    ],
  });
  const tracer = provider.getTracer("delegate-chat/runs");
  return {
    provider,
    traceRun: (run, currency) =>
      new RunSpans(
        tracer,
        run,
        (start) => {
          // startSpan asks the generator for the trace id synchronously: nothing runs in between.
          ids.next = traceIdOf(run.runId);
          try {
            return start() as Span;
          } finally {
            ids.next = undefined;
          }
        },
        currency,
      ),
  };
}
