/**
 * MCP tool-call overhead (npx tsx bench/mcp.ts [--quick]): the same zero-latency call made through
 *   builtin      a built-in tool's RegistryTool.execute (calculator, "1+1")
 *   mcp http     an MCP tool (`echo`) through the pooled connection over streamable HTTP to a local
 *                server in another process (mcpRegistryTool → pool → SDK client → HTTP → SDK server)
 *   sdk http     the bare SDK client calling the same server (no pool, no adapter): what the SDK and
 *                HTTP cost by themselves, so `mcp http` minus this is our layer's share
 *   mcp stdio    the same over stdio (a child process)
 * Sequential calls print µs p50 / p99 / mean; `c8` runs 8 calls at a time and prints calls/s.
 * The machine is shared: compare figures from the same run only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { builtinRegistryTool } from "../lib/agents/tools";
import type { RegistryTool } from "../lib/agents/types";
import { mcpSettings } from "../lib/mcp/config";
import { McpPool } from "../lib/mcp/pool";
import { mcpRegistryTool } from "../lib/mcp/registry-tool";
import type { McpServerConfig } from "../lib/mcp/types";

const quick = process.argv.includes("--quick");
const N = quick ? 300 : 3000;
const WARMUP = quick ? 50 : 300;
const root = path.resolve(import.meta.dirname, "..");
const signal = new AbortController().signal;

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const pct = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { p50: pct(50), p99: pct(99), mean };
}

async function sequential(tool: RegistryTool, args: unknown) {
  for (let i = 0; i < WARMUP; i++) await tool.execute(args, { signal });
  const samples: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    await tool.execute(args, { signal });
    samples.push((performance.now() - t0) * 1000);
  }
  return stats(samples);
}

async function concurrent(tool: RegistryTool, args: unknown, width: number) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next++ < N) await tool.execute(args, { signal });
    }),
  );
  return N / ((performance.now() - t0) / 1000);
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

const echo = {
  name: "echo",
  description: "Echoes",
  inputSchema: { type: "object", properties: { text: { type: "string" } } },
};
const settings = mcpSettings({ MCP_ALLOW_STDIO: "true" });
const pool = new McpPool({ settings: () => settings, log: () => {} });
const { url, child } = await startHttpServer();
const servers: Record<string, McpServerConfig> = {
  "mcp http": {
    id: "http",
    name: "bench http",
    slug: "bench",
    transport: { type: "http", url, headers: {} },
  },
  "mcp stdio": {
    id: "stdio",
    name: "bench stdio",
    slug: "bench",
    transport: {
      type: "stdio",
      command: process.execPath,
      args: ["--import", "tsx", path.join(root, "tests/helpers/mcp-stdio-server.ts")],
      env: {},
    },
  },
};

const rows: string[][] = [];
const us = (n: number) => n.toFixed(0);
const calculator = builtinRegistryTool("calculator") as RegistryTool;
const b = await sequential(calculator, { expression: "1+1" });
rows.push([
  "builtin",
  us(b.p50),
  us(b.p99),
  us(b.mean),
  (await concurrent(calculator, { expression: "1+1" }, 8)).toFixed(0),
]);
const bare = new Client({ name: "bench", version: "1" });
await bare.connect(new StreamableHTTPClientTransport(new URL(url)));
const bareTool = {
  ...calculator,
  execute: async () => JSON.stringify(await bare.callTool({ name: "echo", arguments: { text: "x" } })),
};
const sdk = await sequential(bareTool, {});
rows.push([
  "sdk http",
  us(sdk.p50),
  us(sdk.p99),
  us(sdk.mean),
  (await concurrent(bareTool, {}, 8)).toFixed(0),
]);
await bare.close();
for (const [label, config] of Object.entries(servers)) {
  const tool = mcpRegistryTool(config, echo, { pool, settings });
  const s = await sequential(tool, { text: "x" });
  rows.push([label, us(s.p50), us(s.p99), us(s.mean), (await concurrent(tool, { text: "x" }, 8)).toFixed(0)]);
}
await pool.closeAll();
child.kill("SIGTERM");

const load = (await import("node:os")).loadavg()[0].toFixed(1);
console.log(
  `MCP tool-call overhead, ${N} sequential calls after ${WARMUP} warm-up (µs), calls/s 8 at a time; load ${load}`,
);
const header = ["path", "p50 µs", "p99 µs", "mean µs", "c8 calls/s"];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const r of [header, ...rows]) console.log(r.map((c, i) => c.padStart(widths[i])).join("  "));
