/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by function and by package.
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/engine.ts --w4 ours
 *   npx tsx bench/cpuprofile-summary.ts /tmp/prof/CPU.*.cpuprofile [top=25] [--match=RunTree|patchConfig] [--files]
 * Frames of a bundle with a source map beside it (a `next build`'s server chunks) are reported at
 * their original file and line, so a profile of the production server reads like one of the sources.
 * `--match` adds the inclusive time of functions whose name matches the regular expression;
 * `--callers=RE` who calls the functions matching RE (their inclusive time by the stack above them,
 * 4 frames deep); `--files` the inclusive time of each source file of ours (lib/, app/) and of each package.
 * `--window=RE` keeps only the samples taken while a benchmark row whose label matches ran
 * (DIR/windows.json beside the profile, written by `bench:chat --profile=DIR`); `--within=RE` the
 * share of busy time whose stack has a frame of a package or file matching RE (each sample once).
 * The source maps read are those of the build in .next now: profile and summarise the same build.
 * Several files may be given (a process writes one per thread): the largest is read.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

function pkgOf(url: string): string {
  const m = decodeURIComponent(url).match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (m) return m[m.length - 1].replace("node_modules/", "");
  if (url.includes("/lib/agents/")) return "lib/agents";
  if (url.startsWith("node:") || url === "") return url || "(native/gc/idle)";
  return url.replace(/^file:\/\//, "").replace(process.cwd(), ".");
}

/** Source maps of bundled files, by the bundle's URL (null: none). */
const maps = new Map<string, SourceMap | null>();
function sourceMapOf(url: string): SourceMap | null {
  if (!maps.has(url)) {
    let map: SourceMap | null = null;
    if (url.startsWith("file://") && url.includes("/.next/")) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${new URL(url).pathname}.map`, "utf8")));
      } catch {}
    }
    maps.set(url, map);
  }
  return maps.get(url) ?? null;
}

/** The original file and line of a frame (through the bundle's source map when there is one). */
function origin(frame: Node["callFrame"]): { file: string; line: number } {
  const entry = sourceMapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry && "originalSource" in entry && entry.originalSource)
    return {
      file: entry.originalSource.replace(/^(\.\.\/)+/, "").replace(/^\[project\]\//, ""),
      line: entry.originalLine + 1,
    };
  return { file: frame.url, line: frame.lineNumber + 1 };
}

/** What `--files` groups by: our own source files one by one, packages as a whole. */
function fileOrPackage(file: string): string {
  const pkg = pkgOf(file);
  return pkg.includes("/lib/") || pkg.includes("/app/") ? pkg.replace(/^.*?\/((lib|app)\/)/, "$1") : pkg;
}

const args = process.argv.slice(2);
const match = args.find((a) => a.startsWith("--match="))?.slice(8);
const byFiles = args.includes("--files");
const positional = args.filter((a) => !a.startsWith("--"));
const files = positional.filter((a) => a.endsWith(".cpuprofile"));
const topArg = positional.find((a) => !a.endsWith(".cpuprofile"));
if (files.length === 0) {
  console.error("usage: tsx bench/cpuprofile-summary.ts <file.cpuprofile> [top] [--match=RE] [--files]");
  process.exit(1);
}
const file = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
const top = Number(topArg ?? 25);
const prof = JSON.parse(readFileSync(file, "utf8")) as Profile;
const windowRe = args.find((a) => a.startsWith("--window="))?.slice(9);
if (windowRe) {
  const windowsFile = path.join(path.dirname(file), "windows.json");
  if (!existsSync(windowsFile)) throw new Error(`--window needs ${windowsFile}`);
  const re = new RegExp(windowRe);
  const windows = (
    JSON.parse(readFileSync(windowsFile, "utf8")) as { label: string; start: number; end: number }[]
  ).filter((w) => re.test(w.label));
  console.log(`windows: ${windows.map((w) => w.label).join(", ") || "none"}`);
  // A sample left out keeps its time delta for the clock but counts nowhere (its node becomes -1).
  let t = prof.startTime;
  prof.samples = prof.samples.map((id, i) => {
    t += prof.timeDeltas[i] ?? 0;
    return windows.some((w) => t >= w.start && t <= w.end) ? id : -1;
  });
}
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
/** Each node's caller: stacks are walked from a sample's leaf up. */
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const where = new Map(prof.nodes.map((n) => [n.id, origin(n.callFrame)]));
const self = new Map<number, number>();
for (let i = 0; i < prof.samples.length; i++) {
  const id = prof.samples[i];
  if (id < 0) continue;
  self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFn = new Map<string, number>();
const byPkg = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id);
  const at = where.get(id);
  if (!n || !at) continue;
  const { functionName } = n.callFrame;
  const key = `${functionName || "(anonymous)"}  ${pkgOf(at.file)}:${at.line}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t);
  const p = functionName === "(garbage collector)" ? "(gc)" : pkgOf(at.file);
  byPkg.set(p, (byPkg.get(p) ?? 0) + t);
}
const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
console.log(`${file}: total sampled ${(total / 1000).toFixed(0)} ms\n\nself time by package:`);
for (const [k, t] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${pct(t)}  ${k}`);
console.log("\nself time by function:");
for (const [k, t] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${k}`);

/** Inclusive time per key: each sample counts once for every distinct key on its stack. */
function inclusive(keyOf: (n: Node) => string | undefined): Map<string, number> {
  const incl = new Map<string, number>();
  for (let i = 0; i < prof.samples.length; i++) {
    if (prof.samples[i] < 0) continue;
    const seen = new Set<string>();
    for (let id: number | undefined = prof.samples[i]; id !== undefined; id = parent.get(id)) {
      const n = byId.get(id);
      const key = n && keyOf(n);
      if (key && !seen.has(key)) {
        seen.add(key);
        incl.set(key, (incl.get(key) ?? 0) + (prof.timeDeltas[i] ?? 0));
      }
    }
  }
  return incl;
}

if (match) {
  const re = new RegExp(match);
  const incl = inclusive((n) => {
    if (!re.test(n.callFrame.functionName)) return undefined;
    const at = where.get(n.id);
    return `${n.callFrame.functionName}  ${pkgOf(at?.file ?? n.callFrame.url)}:${at?.line}`;
  });
  console.log(`\ninclusive time of functions matching /${match}/:`);
  for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${k}`);
}
if (byFiles) {
  const incl = inclusive((n) => {
    const at = where.get(n.id);
    return at?.file ? fileOrPackage(at.file) : undefined;
  });
  console.log("\ninclusive time by source file (ours) and package:");
  for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${k}`);
}

const callersRe = args.find((a) => a.startsWith("--callers="))?.slice(10);
if (callersRe) {
  const re = new RegExp(callersRe);
  const label = (id: number) => {
    const n = byId.get(id);
    const at = where.get(id);
    return n ? `${n.callFrame.functionName || "(anonymous)"} ${pkgOf(at?.file ?? "")}:${at?.line}` : "?";
  };
  const stacks = new Map<string, number>();
  for (let i = 0; i < prof.samples.length; i++) {
    if (prof.samples[i] < 0) continue;
    // The outermost matching frame of the sample, then the 4 frames that called it.
    let hit: number | undefined;
    for (let id: number | undefined = prof.samples[i]; id !== undefined; id = parent.get(id)) {
      const n = byId.get(id);
      if (n && re.test(n.callFrame.functionName)) hit = id;
    }
    if (hit === undefined) continue;
    const chain: string[] = [label(hit)];
    for (let id = parent.get(hit), k = 0; id !== undefined && k < 4; id = parent.get(id), k++)
      chain.push(label(id));
    const key = chain.join("  ←  ");
    stacks.set(key, (stacks.get(key) ?? 0) + (prof.timeDeltas[i] ?? 0));
  }
  console.log(`\ncallers of /${callersRe}/ (inclusive):`);
  for (const [k, t] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${k}`);
}

// `--within=RE`: the share of busy time (idle left out) whose stack has any frame in a package or
// source file matching RE — e.g. `--within=@langchain/` for what LangChain and LangGraph cost in all,
// each sample counted once however many of their frames it has (per-package inclusive times overlap).
const withinRe = args.find((a) => a.startsWith("--within="))?.slice(9);
if (withinRe) {
  const re = new RegExp(withinRe);
  const inside = inclusive((n) => {
    const file = where.get(n.id)?.file;
    return file && re.test(pkgOf(file)) ? "inside" : undefined;
  }).get("inside");
  let busy = total;
  for (const [id, t] of self) if (byId.get(id)?.callFrame.functionName === "(idle)") busy -= t;
  console.log(
    `\nbusy time with a frame of /${withinRe}/ on the stack: ${((100 * (inside ?? 0)) / busy).toFixed(1)}% of ${(busy / 1000).toFixed(0)} ms busy`,
  );
}
