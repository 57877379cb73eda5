/**
 * Multi-agent graph benchmark (npx tsx bench/handoff.ts [--quick]): the per-run overhead of the
 * graph several root agents share, with a scripted model and no latency.
 *   H1  a chain of 3 agents, one answer each (3 model calls, no tools)
 *   H2  a handoff: agent a calls transfer_to_b, b answers (2 model calls, 1 tools round)
 * µs per run (wall mean / p50 / p99) and CPU µs per run; see bench/README.md "Multi-agent graph".
 */
import os from "node:os";
import { createRun } from "../lib/agents";
import { agent } from "../lib/agents/testing/fixtures";
import { ScriptedChatModel } from "../lib/agents/testing/scripted-model";

const messages = [{ role: "user" as const, content: "Please help with this." }];
const answer = (text: string) =>
  new ScriptedChatModel({ script: [{ text, usage: { input: 20, output: 15 } }], record: false });

const chainModels = new Map(["a", "b", "c"].map((id) => [id, answer(`Agent ${id} answers.`)]));
const chainAgents = ["a", "b", "c"].map((id) => agent(id));

const handoffModels = new Map([
  [
    "a",
    new ScriptedChatModel({
      script: [{ toolCalls: [{ name: "transfer_to_b", args: {} }], usage: { input: 20, output: 5 } }],
      record: false,
    }),
  ],
  ["b", answer("Agent b takes over.")],
]);
const handoffAgents = [
  agent("a", undefined, { edges: [{ from: "a", to: "b", type: "handoff" }] }),
  agent("b"),
];

async function chain() {
  const run = await createRun({
    agents: chainAgents,
    messages,
    modelFactory: (spec) => chainModels.get(spec.agentId) as ScriptedChatModel,
  });
  for await (const _ of run.stream());
}

async function handoff() {
  const run = await createRun({
    agents: handoffAgents,
    messages,
    modelFactory: (spec) => handoffModels.get(spec.agentId) as ScriptedChatModel,
  });
  for await (const _ of run.stream());
}

async function measure(fn: () => Promise<void>, warmup: number, n: number) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    samples.push((performance.now() - t) * 1000);
  }
  const used = process.cpuUsage(cpu);
  const s = samples.sort((x, y) => x - y);
  const pct = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  const mean = s.reduce((a, b) => a + b, 0) / s.length;
  return { mean, p50: pct(50), p99: pct(99), cpu: (used.user + used.system) / n };
}

const quick = process.argv.includes("--quick");
const n = quick ? 300 : 2000;
console.log(
  `node ${process.version}, ${n} runs each, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log("| workload | wall µs mean | p50 | p99 | CPU µs/run |");
console.log("| -------- | ------------ | --- | --- | ---------- |");
for (const [name, fn] of [
  ["H1 chain of 3", chain],
  ["H2 handoff a→b", handoff],
] as const) {
  const r = await measure(fn, Math.min(200, n), n);
  console.log(
    `| ${name} | ${r.mean.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.cpu.toFixed(0)} |`,
  );
}
