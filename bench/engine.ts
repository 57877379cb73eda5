/**
 * Engine benchmark (npm run bench:engine). Scripted model, zero latency unless stated.
 *   W1  per-run overhead of a run with no delegation (µs mean / p50 / p99)
 *   W3  same for a run whose parent delegates 4 tasks in one turn
 *   W2  wall time of a 4-way fan-out whose children each take 200 ms (ideal ≈ 200 ms)
 *   W4  50 runs started together, 4-way fan-out with 50 ms children (wall time, peak RSS)
 *   buildSubagentConfigs on a 100-entry tree
 * W4 runs in a fresh child process per engine so peak RSS is not shared.
 * Peers (deepagents, @librechat/agents, @openai/agents) run from bench/peers when installed there; see bench/README.md.
 */
import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildAgentInput, buildSubagentConfigs, createRun, DEFAULT_LIMITS } from "../lib/agents";
import { agent } from "../lib/agents/testing/fixtures";
import { type ScriptContext, ScriptedChatModel } from "../lib/agents/testing/scripted-model";
import type { RunAgent } from "../lib/agents/types";

export interface EngineAdapter {
  name: string;
  /** One run, no delegation; resolves when the stream is fully consumed. */
  w1(): Promise<void>;
  /** One run whose parent delegates `fanout` tasks in one turn, children answering after `childDelayMs`. */
  fanout(childDelayMs: number, fanout: number): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const TEXT = "Here is a short answer from the scripted model, streamed in a few chunks.";

function parentScript(fanout: number) {
  return (ctx: ScriptContext) =>
    ctx.messages.some((m) => m.getType() === "tool")
      ? { text: "All subtasks are done.", usage: { input: 50, output: 6 } }
      : {
          toolCalls: Array.from({ length: fanout }, (_, i) => ({
            name: "subagent",
            args: { subagent_type: "self", description: `Subtask ${i + 1}: summarise part ${i + 1}` },
          })),
          usage: { input: 40, output: 30 },
        };
}

/** Our engine. Models are created once; the engine still binds tools and builds graphs per run. */
export function ourAdapter(): EngineAdapter {
  const plain = new ScriptedChatModel({
    script: [{ text: TEXT, usage: { input: 20, output: 15 } }],
    record: false,
  });
  const a = agent("a");
  const delegator = agent("a", {});
  const parents = new Map<number, ScriptedChatModel>();
  const children = new Map<number, ScriptedChatModel>();
  const messages = [{ role: "user" as const, content: "Please help with this." }];
  return {
    name: "ours",
    async w1() {
      const run = await createRun({ agents: [a], messages, modelFactory: () => plain });
      for await (const _ of run.stream());
    },
    async fanout(delayMs, n) {
      let parent = parents.get(n);
      if (!parent) {
        parent = new ScriptedChatModel({ script: parentScript(n), record: false });
        parents.set(n, parent);
      }
      let child = children.get(delayMs);
      if (!child) {
        child = new ScriptedChatModel({
          script: [{ text: TEXT, delayMs, usage: { input: 10, output: 15 } }],
          record: false,
        });
        children.set(delayMs, child);
      }
      const c = child;
      const p = parent;
      const run = await createRun({
        agents: [delegator],
        messages,
        modelFactory: (spec) => (spec.isSubagent ? c : p),
        limits: { maxParallelSubagents: Math.max(4, n) },
      });
      for await (const _ of run.stream());
    },
  };
}

function stats(samples: number[]) {
  const s = [...samples].sort((x, y) => x - y);
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  const pct = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  return { mean, p50: pct(50), p99: pct(99) };
}

/** CPU µs (user + system, GC threads included) since `from`. */
function cpuSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return d.user + d.system;
}

async function timeRuns(fn: () => Promise<void>, warmup: number, n: number) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push((performance.now() - t) * 1000);
  }
  // CPU per run is steadier than wall time on a shared machine (another process's time slice
  // lands in a wall sample, not in this process's CPU).
  return { ...stats(samples), cpu: cpuSince(cpu) / n };
}

async function w4(adapter: EngineAdapter) {
  // Same warm-up for every engine: JIT-compile the hot paths before the measured burst.
  for (let i = 0; i < 30; i++) await adapter.fanout(0, 4);
  await adapter.fanout(50, 4);
  globalThis.gc?.();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const cpu = process.cpuUsage();
  const t = performance.now();
  await Promise.all(Array.from({ length: 50 }, () => adapter.fanout(50, 4)));
  const wall = performance.now() - t;
  const cpuMs = cpuSince(cpu) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { wallMs: wall, cpuMs, peakRssMb: peak / 1024 / 1024 };
}

function expansionBench() {
  // 1 self + 9 mids × (1 + 10 leaves) = 100 entries.
  const leaves = Array.from({ length: 10 }, (_, i) => agent(`leaf${i}`));
  const mids = Array.from({ length: 9 }, (_, i) =>
    agent(`mid${i}`, { allowSelf: false, agent_ids: leaves.map((l) => l.id) }),
  );
  const root = agent("root", { agent_ids: mids.map((m) => m.id) });
  const lookup: Record<string, RunAgent> = Object.fromEntries([...leaves, ...mids].map((x) => [x.id, x]));
  const toInput = (x: RunAgent, o: { isSubagent: boolean }) => buildAgentInput(x, o);
  let count = 0;
  const once = () => {
    const state = { configCount: 0, rootAgentIds: ["root"], limits: { ...DEFAULT_LIMITS }, lookup };
    buildSubagentConfigs(root, toInput(root, { isSubagent: false }), toInput, state);
    count = state.configCount;
  };
  for (let i = 0; i < 200; i++) once();
  const samples: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const t = performance.now();
    once();
    samples.push((performance.now() - t) * 1000);
  }
  return { entries: count, ...stats(samples) };
}

/** Peers live in bench/peers (own package.json, git-ignored node_modules). */
async function loadPeers(only?: string): Promise<{ adapters: EngineAdapter[]; skipped: string[] }> {
  const skipped: string[] = [];
  const adapters: EngineAdapter[] = [];
  const file = path.join(here, "peers", "adapters.ts");
  if (!existsSync(path.join(here, "peers", "node_modules")) || !existsSync(file)) {
    skipped.push("peers not installed (npm --prefix bench/peers install)");
    return { adapters, skipped };
  }
  const mod = (await import(pathToFileURL(file).href)) as {
    loadPeerAdapters: (only?: string) => Promise<{ adapters: EngineAdapter[]; skipped: string[] }>;
  };
  return mod.loadPeerAdapters(only);
}

async function adapterByName(name: string): Promise<EngineAdapter | undefined> {
  if (name === "ours") return ourAdapter();
  // Only that peer is loaded, so the W4 child's RSS holds no other engine's modules.
  return (await loadPeers(name)).adapters.find((a) => a.name === name);
}

function w4InChild(
  name: string,
): Promise<{ wallMs: number; cpuMs: number; peakRssMb: number } | { error: string }> {
  return new Promise((resolve) => {
    const child = fork(fileURLToPath(import.meta.url), ["--w4", name], {
      execArgv: [...process.execArgv, "--expose-gc"],
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    });
    let out = "";
    child.stdout?.on("data", (d) => {
      out += d;
    });
    child.on("exit", () => {
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1) ?? ""));
      } catch {
        resolve({ error: `W4 child failed: ${out.slice(-300)}` });
      }
    });
  });
}

const fmt = (n: number) => n.toFixed(n >= 100 ? 0 : 1);

/** 1/5/15-minute load averages: the machines are shared, so every figure is printed with them. */
function loadavg(): string {
  return os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === "--w4") {
    const adapter = await adapterByName(args[1]);
    if (!adapter) {
      console.log(JSON.stringify({ error: `unknown engine ${args[1]}` }));
      return;
    }
    console.log(JSON.stringify(await w4(adapter)));
    return;
  }
  const quick = args.includes("--quick");
  const n = quick ? 200 : 1000;
  const { adapters: peers, skipped } = args.includes("--no-peers")
    ? { adapters: [], skipped: ["--no-peers"] }
    : await loadPeers();
  const engines = [ourAdapter(), ...peers];
  const rows: Record<string, Record<string, number>> = {};
  console.log(
    `node ${process.version}, ${quick ? "quick" : "full"} mode, ${n} runs per W1/W3 sample set, load average ${loadavg()}\n`,
  );
  for (const e of engines) {
    const r: Record<string, number> = {};
    try {
      const w1 = await timeRuns(() => e.w1(), 100, n);
      const w3 = await timeRuns(() => e.fanout(0, 4), 100, Math.floor(n / 2));
      const t = performance.now();
      await e.fanout(200, 4);
      const w2 = performance.now() - t;
      Object.assign(r, {
        w1Mean: w1.mean,
        w1P50: w1.p50,
        w1P99: w1.p99,
        w1Cpu: w1.cpu,
        w3Mean: w3.mean,
        w3P50: w3.p50,
        w3P99: w3.p99,
        w3Cpu: w3.cpu,
        w2,
      });
      const w4r = await w4InChild(e.name);
      if ("error" in w4r) console.log(`${e.name}: ${w4r.error}`);
      else Object.assign(r, { w4: w4r.wallMs, w4Cpu: w4r.cpuMs, w4Rss: w4r.peakRssMb });
      rows[e.name] = r;
    } catch (err) {
      console.log(`${e.name}: failed (${err instanceof Error ? err.message : String(err)}), skipped`);
    }
    const x = rows[e.name];
    if (!x) continue;
    console.log(`[${e.name}]`);
    console.log(
      `  W1 per-run overhead   mean ${fmt(x.w1Mean)} µs  p50 ${fmt(x.w1P50)} µs  p99 ${fmt(x.w1P99)} µs  CPU ${fmt(x.w1Cpu)} µs/run`,
    );
    console.log(
      `  W3 4-way delegation   mean ${fmt(x.w3Mean)} µs  p50 ${fmt(x.w3P50)} µs  p99 ${fmt(x.w3P99)} µs  CPU ${fmt(x.w3Cpu)} µs/run`,
    );
    console.log(`  W2 4×200 ms fan-out   ${fmt(x.w2)} ms (ideal ≈ 200 ms, ${(x.w2 / 200).toFixed(3)}×)`);
    if (x.w4 !== undefined)
      console.log(
        `  W4 50 runs × 4×50 ms  ${fmt(x.w4)} ms wall, CPU ${fmt(x.w4Cpu)} ms, peak RSS ${fmt(x.w4Rss)} MB`,
      );
  }
  const ex = expansionBench();
  console.log(
    `\nbuildSubagentConfigs (${ex.entries} entries): mean ${fmt(ex.mean)} µs  p50 ${fmt(ex.p50)} µs  p99 ${fmt(ex.p99)} µs`,
  );

  const ours = rows.ours;
  const peerRows = Object.entries(rows).filter(([k]) => k !== "ours");
  if (ours && peerRows.length) {
    console.log("\nRatios (ours / peer):");
    for (const [name, p] of peerRows) {
      const ratio = (k: string) => (p[k] && ours[k] !== undefined ? (ours[k] / p[k]).toFixed(2) : "n/a");
      console.log(
        `  vs ${name}: W1 ${ratio("w1Mean")}× (CPU ${ratio("w1Cpu")}×)  W3 ${ratio("w3Mean")}× (CPU ${ratio("w3Cpu")}×)  W2 ${ratio("w2")}×  W4 ${ratio("w4")}× (CPU ${ratio("w4Cpu")}×)  RSS ${ratio("w4Rss")}×`,
      );
    }
  }
  if (ours) {
    const better = (k: string) => Math.min(...peerRows.map(([, p]) => p[k] ?? Number.POSITIVE_INFINITY));
    const goal = (label: string, value: number | undefined, limit: number, unit: string) => {
      if (value === undefined || !Number.isFinite(value)) {
        console.log(`  ${label.padEnd(34)} n/a (no figure)`);
        return;
      }
      const ok = value <= limit;
      console.log(
        `  ${label.padEnd(34)} ${value.toFixed(2)}${unit} (goal ≤ ${limit}${unit})  ${ok ? "met" : "MISSED"}`,
      );
    };
    console.log("\nGoals (issue 7):");
    if (peerRows.length) {
      goal("W1 vs better peer", ours.w1Mean / better("w1Mean"), 0.4, "×");
      goal("W3 vs better peer", ours.w3Mean / better("w3Mean"), 0.4, "×");
      goal("W4 wall vs better peer", ours.w4 / better("w4"), 0.5, "×");
      goal("W4 peak RSS vs better peer", ours.w4Rss / better("w4Rss"), 0.75, "×");
    } else {
      console.log("  W1, W3, W4 ratios need at least one peer (none ran)");
    }
    const oa = rows["openai-agents"];
    if (oa) {
      console.log("\nGoals (issue 34, against @openai/agents):");
      goal("W1 CPU per run", ours.w1Cpu / oa.w1Cpu, 0.25, "×");
      goal("W3 CPU per run", ours.w3Cpu / oa.w3Cpu, 0.25, "×");
      goal("W4 CPU", ours.w4Cpu / oa.w4Cpu, 0.25, "×");
      goal("W4 peak RSS", ours.w4Rss / oa.w4Rss, 0.6, "×");
    }
    goal("W2 vs ideal 200 ms", ours.w2 / 200, 1.05, "×");
    goal("buildSubagentConfigs (100 entries)", ex.mean / 1000, 1, " ms");
  }
  console.log(`\nload average at end: ${loadavg()}`);
  for (const s of skipped) console.log(`peer skipped: ${s}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
