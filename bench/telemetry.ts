// What a run pays for operators' telemetry: the same realistic event log (lib/agents/testing/
// trace-events.ts: tools, parallel children, a grandchild, a failure, a handoff) fed through the
// run's observers as pump() does, with tracing off, on (real SDK, BatchSpanProcessor, OTLP/HTTP
// JSON export to a local receiver) and metrics on. Prints µs per run and per event.
//   npm run bench:telemetry [-- --runs 2000 --events 400]
import http from "node:http";
import type { AddressInfo } from "node:net";
import { syntheticRunEvents } from "../lib/agents/testing/trace-events";
import type { RunObserver } from "../lib/ops/run-observer";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg("runs", 2000);
const EVENTS = arg("events", 400);

let received = 0;
const server = http.createServer((req, res) => {
  req.on("data", (c: Buffer) => {
    received += c.length;
  });
  req.on("end", () => res.writeHead(200).end("{}"));
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
process.env.METRICS_TOKEN = "bench-token-0123456789";

const { traceRun, flushTelemetry } = await import("../lib/ops/telemetry/observer");
const { countRun } = await import("../lib/ops/metrics/count-run");
const { observeRun } = await import("../lib/ops/observe-run");
const { env } = await import("../lib/env");

const events = syntheticRunEvents(EVENTS, "completed");
const run = (i: number) => ({
  runId: `${i.toString(16).padStart(8, "0")}-0000-4000-8000-000000000000`,
  rootId: "lead",
  agents: [{ id: "lead", name: "Team Lead", model: "demo-1" }],
  resumed: false,
});

async function measure(label: string, make: (i: number) => RunObserver | undefined) {
  // Warm up (and load the SDK once).
  for (let i = 0; i < 50; i++) {
    const o = make(i);
    for (const e of events) o?.event(e);
    o?.end("COMPLETED");
  }
  await flushTelemetry();
  await new Promise((r) => setTimeout(r, 50));
  let feedNs = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    const o = make(i);
    for (const e of events) o?.event(e);
    o?.end("COMPLETED");
    feedNs += Number(process.hrtime.bigint() - t);
    // Export as a real server would between runs (the batch queue holds 2048 spans, then drops).
    if (i % 20 === 19) await flushTelemetry();
  }
  await flushTelemetry();
  const totalNs = Number(process.hrtime.bigint() - start);
  const perRun = (ns: number) => (ns / RUNS / 1000).toFixed(1);
  console.log(
    `${label.padEnd(34)} ${perRun(feedNs).padStart(8)} µs/run in the pump  ${(feedNs / RUNS / events.length).toFixed(0).padStart(5)} ns/event  ${perRun(totalNs).padStart(8)} µs/run incl. export`,
  );
}

console.log(`${RUNS} runs × ${events.length} events (${process.version})`);
const on = env();
await measure("no observer", () => undefined);
delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
delete process.env.METRICS_TOKEN;
await measure("observeRun, both off", (i) => observeRun(run(i)));
await measure("metrics on (prom-client)", (i) => countRun(run(i), on));
await measure("traces on (OTLP/HTTP JSON, batch)", (i) => traceRun(run(i), on));
console.log(`exported ${(received / 1024 / 1024).toFixed(1)} MB of OTLP JSON`);
server.close();
process.exit(0);
