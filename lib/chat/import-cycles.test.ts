// The chat path is read top-down (load → resolve → admit → run → pump → save; approvals and resume
// build on the pump): an import that points back up makes a cycle, and the modules stop reading as
// steps. Every import counts here, type-only and dynamic ones too, since each ties two files
// together as much as a value import does.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const FOLDERS = ["lib/chat", "lib/chat/run-bus"];

// `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

/** The files of the folders (tests left out) and, for each, the files of the folders it imports. */
function importGraph(sources: Map<string, string>): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, code] of sources) {
    const targets = new Set<string>();
    for (const [, spec] of code.matchAll(IMPORT)) {
      const target = resolveInside(file, spec, sources);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

function resolveInside(from: string, spec: string, sources: Map<string, string>): string | undefined {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.join(path.posix.dirname(from), spec);
  else return undefined;
  return [`${base}.ts`, `${base}/index.ts`].find((f) => sources.has(f));
}

/** Groups of files that import each other, directly or around a loop (Tarjan's components). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return found;
}

function chatSources(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const folder of FOLDERS) {
    for (const name of readdirSync(path.join(ROOT, folder))) {
      if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
      const file = `${folder}/${name}`;
      sources.set(file, readFileSync(path.join(ROOT, file), "utf8"));
    }
  }
  return sources;
}

describe("lib/chat imports", () => {
  it("form no cycle", () => {
    const graph = importGraph(chatSources());
    expect(graph.size).toBeGreaterThan(20);
    expect(cycles(graph)).toEqual([]);
  });

  it("are all read: static, type-only, re-exports and dynamic imports", () => {
    const sources = new Map([
      ["lib/chat/a.ts", 'import { b } from "./b";\nexport type { C } from "@/lib/chat/c";'],
      ["lib/chat/b.ts", 'import type { D } from "./run-bus";'],
      ["lib/chat/c.ts", 'const e = await import("./e");'],
      ["lib/chat/run-bus/index.ts", 'import "../c";'],
      ["lib/chat/e.ts", 'import { z } from "zod";'],
    ]);
    const graph = importGraph(sources);
    expect(graph.get("lib/chat/a.ts")).toEqual(["lib/chat/b.ts", "lib/chat/c.ts"]);
    expect(graph.get("lib/chat/b.ts")).toEqual(["lib/chat/run-bus/index.ts"]);
    expect(graph.get("lib/chat/c.ts")).toEqual(["lib/chat/e.ts"]);
    expect(graph.get("lib/chat/run-bus/index.ts")).toEqual(["lib/chat/c.ts"]);
    expect(graph.get("lib/chat/e.ts")).toEqual([]);
    expect(cycles(graph)).toEqual([]);
  });

  it("name the files of a cycle when one import points back", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts", "d.ts"]],
      ["c.ts", []],
      ["d.ts", ["e.ts"]],
      ["e.ts", ["b.ts"]],
      ["f.ts", ["f.ts"]],
    ]);
    expect(cycles(graph)).toEqual([["b.ts", "d.ts", "e.ts"], ["f.ts"]]);
    graph.set("e.ts", []);
    graph.set("f.ts", []);
    expect(cycles(graph)).toEqual([]);
  });
});
