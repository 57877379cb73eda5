/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by function and by package.
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/engine.ts --w4 ours
 *   npx tsx bench/cpuprofile-summary.ts /tmp/prof/CPU.*.cpuprofile [top=25] [--match=RunTree|patchConfig]
 * `--match` adds the inclusive time of functions whose name matches the regular expression.
 */
import { readFileSync } from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function pkgOf(url: string): string {
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (m) return m[m.length - 1].replace("node_modules/", "");
  if (url.includes("/lib/agents/")) return "lib/agents";
  if (url.startsWith("node:") || url === "") return url || "(native/gc/idle)";
  return url.replace(/^file:\/\//, "").replace(process.cwd(), ".");
}

const args = process.argv.slice(2);
const match = args.find((a) => a.startsWith("--match="))?.slice(8);
const [file, topArg] = args.filter((a) => !a.startsWith("--"));
if (!file) {
  console.error("usage: tsx bench/cpuprofile-summary.ts <file.cpuprofile> [top]");
  process.exit(1);
}
const top = Number(topArg ?? 25);
const prof = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (let i = 0; i < prof.samples.length; i++) {
  const id = prof.samples[i];
  self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFn = new Map<string, number>();
const byPkg = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id);
  if (!n) continue;
  const { functionName, url, lineNumber } = n.callFrame;
  const key = `${functionName || "(anonymous)"}  ${pkgOf(url)}:${lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t);
  const p = functionName === "(garbage collector)" ? "(gc)" : pkgOf(url);
  byPkg.set(p, (byPkg.get(p) ?? 0) + t);
}
const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
console.log(`total sampled ${(total / 1000).toFixed(0)} ms\n\nself time by package:`);
for (const [k, t] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(t)}  ${k}`);
console.log("\nself time by function:");
for (const [k, t] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${k}`);

if (match) {
  const re = new RegExp(match);
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map<string, number>();
  for (let i = 0; i < prof.samples.length; i++) {
    const seen = new Set<string>();
    for (let id: number | undefined = prof.samples[i]; id !== undefined; id = parent.get(id)) {
      const n = byId.get(id);
      if (!n || !re.test(n.callFrame.functionName)) continue;
      const key = `${n.callFrame.functionName}  ${pkgOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
      if (!seen.has(key)) {
        seen.add(key);
        incl.set(key, (incl.get(key) ?? 0) + (prof.timeDeltas[i] ?? 0));
      }
    }
  }
  console.log(`\ninclusive time of functions matching /${match}/:`);
  for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${k}`);
}
