/**
 * MCP tool-call overhead (npm run bench:mcp [-- --quick]): the same zero-latency call made through
 *   builtin      a built-in tool's RegistryTool.execute (calculator, "1+1")
 *   sdk http     the bare SDK client calling `echo` on the test server over streamable HTTP (server in
 *                another process): what the SDK and HTTP cost by themselves
 *   mcp http     the same call as an agent makes it: mcpRegistryTool → pooled connection → SDK → HTTP;
 *                minus `sdk http`, that is lib/mcp's share
 *   mcp stdio    the same over stdio (the test server as a child process)
 * Paths take turns in rounds, so a busy neighbour on this shared machine slows all of them alike.
 * Prints µs p50 / p99 / mean of sequential calls, then calls/s with 8 calls in flight.
 */

import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { builtinRegistryTool } from "../lib/agents/tools";
import { parseAddressPolicy } from "../lib/mcp/address-policy";
import type { McpSettings } from "../lib/mcp/config";
import { McpPool } from "../lib/mcp/pool";
import { mcpRegistryTool } from "../lib/mcp/registry-tool";
import type { McpServerConfig } from "../lib/mcp/types";

const quick = process.argv.includes("--quick");
const ROUNDS = 10;
const PER_ROUND = quick ? 30 : 300;
const WARMUP = quick ? 50 : 300;
const root = path.resolve(import.meta.dirname, "..");
const signal = new AbortController().signal;

type Call = () => Promise<unknown> | unknown;

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const pct = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { p50: pct(50), p99: pct(99), mean: s.reduce((a, b) => a + b, 0) / s.length };
}

async function timed(call: Call, n: number, into: number[]) {
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call();
    into.push((performance.now() - t0) * 1000);
  }
}

async function throughput(call: Call, n: number, width: number) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next++ < n) await call();
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}

function startHttpServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "bench/mcp-http-server.ts")], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", (d: Buffer) => resolve({ url: d.toString().trim(), child }));
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const echo = { name: "echo", description: "Echoes", inputSchema: { type: "object" } };
// Written out rather than read from lib/env (a server-only module); the defaults of .env.example.
const settings: McpSettings = {
  allowStdio: true,
  callTimeoutMs: 60_000,
  connectTimeoutMs: 10_000,
  maxResultChars: 20_000,
  notesUrl: "http://127.0.0.1:3000/api/mcp/notes",
  // The bench's server listens on loopback: opted in, as an operator would.
  addressPolicy: parseAddressPolicy("loopback"),
};
const pool = new McpPool({ settings: () => settings, log: () => {} });
const { url, child } = await startHttpServer();
const httpServer: McpServerConfig = {
  id: "http",
  name: "bench http",
  slug: "bench",
  transport: { type: "http", url, headers: {} },
};
const stdioServer: McpServerConfig = {
  id: "stdio",
  name: "bench stdio",
  slug: "bench",
  transport: {
    type: "stdio",
    command: process.execPath,
    args: ["--import", "tsx", path.join(root, "tests/helpers/mcp-stdio-server.ts")],
    env: {},
  },
};
const bare = new Client({ name: "bench", version: "1" });
await bare.connect(new StreamableHTTPClientTransport(new URL(url)));
const calculator = builtinRegistryTool("calculator");
const viaHttp = mcpRegistryTool(httpServer, echo, { pool, settings });
const viaStdio = mcpRegistryTool(stdioServer, echo, { pool, settings });
const paths: Record<string, Call> = {
  builtin: () => calculator?.execute({ expression: "1+1" }, { signal }),
  "sdk http": () => bare.callTool({ name: "echo", arguments: { text: "x" } }),
  "mcp http": () => viaHttp.execute({ text: "x" }, { signal }),
  "mcp stdio": () => viaStdio.execute({ text: "x" }, { signal }),
};

const samples = Object.fromEntries(Object.keys(paths).map((k) => [k, [] as number[]]));
for (const call of Object.values(paths)) await timed(call, WARMUP, []);
for (let r = 0; r < ROUNDS; r++) {
  for (const [label, call] of Object.entries(paths)) await timed(call, PER_ROUND, samples[label]);
}
const rows: string[][] = [];
for (const [label, call] of Object.entries(paths)) {
  const s = stats(samples[label]);
  const c8 = await throughput(call, ROUNDS * PER_ROUND, 8);
  rows.push([label, s.p50.toFixed(0), s.p99.toFixed(0), s.mean.toFixed(0), c8.toFixed(0)]);
}
await bare.close();
await pool.closeAll();
child.kill("SIGTERM");

console.log(
  `MCP tool-call overhead: ${ROUNDS * PER_ROUND} sequential calls per path in ${ROUNDS} interleaved rounds (µs), then calls/s 8 at a time. Load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs.`,
);
const header = ["path", "p50 µs", "p99 µs", "mean µs", "c8 calls/s"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const r of [header, ...rows]) console.log(r.map((c, i) => c.padStart(widths[i])).join("  "));
