/**
 * LangChain and LangGraph are used through their public APIs only: an upgrade must not silently
 * change what a patch or an internal call does, and nothing else in the process that uses LangChain
 * may run under an engine's patch.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import { describe, expect, it } from "vitest";

const libDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Captured before the engine is loaded (it is imported dynamically below).
const provider = AsyncLocalStorageProviderSingleton;
const ownBefore = Object.getOwnPropertyNames(provider);
const runWithConfig = Object.getPrototypeOf(provider).runWithConfig;

describe("LangChain's singletons", () => {
  it("keep LangChain's own runWithConfig after the engine ran a delegating run", async () => {
    const { createRun } = await import("./run");
    const { agent, collect } = await import("./testing/fixtures");
    const { ScriptedChatModel } = await import("./testing/scripted-model");
    const parent = new ScriptedChatModel({
      script: (ctx) =>
        ctx.messages.some((m) => m.getType() === "tool")
          ? { text: "done" }
          : { toolCalls: [{ name: "subagent", args: { subagent_type: "self", description: "sub" } }] },
    });
    const child = new ScriptedChatModel({ script: [{ text: "child answer" }] });
    const run = await createRun({
      agents: [agent("a", {})],
      messages: [{ role: "user", content: "go" }],
      modelFactory: (spec) => (spec.isSubagent ? child : parent),
    });
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });

    expect(Object.getOwnPropertyNames(provider)).toEqual(ownBefore);
    expect(provider.runWithConfig).toBe(runWithConfig);
    // The prototype's method is the one LangChain's module defines, not a wrapper put there.
    expect(runWithConfig.toString()).toContain("RunTree");
    expect(Object.getOwnPropertySymbols(provider)).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "generated" && entry.name !== "node_modules") out.push(...sourceFiles(full));
    } else if (/\.(ts|tsx)$/.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * An underscore member reached on another object (`model._streamIterator(...)`, `x._mergeConfig`,
 * `Class._convertInputToPromptValue`) or assigned (`model._generate = ...`). A subclass may still
 * implement and call LangChain's documented extension hooks on itself (`_generate`,
 * `_streamResponseChunks`, `_llmType`, and `super.` for the class it extends): that is the
 * subclassing API those classes publish.
 */
const REACHED_IN = /(?<![\w$])(?!this\.|super\.)[\w$\])]+\s*\.\s*_[A-Za-z]\w*/g;
const ASSIGNED = /\.\s*_[A-Za-z]\w*\s*=(?!=)/g;
/** `model["_generate"]` on a value; `ChatOpenAI["_x"]` after a type name is a type lookup, allowed. */
const BRACKETED = /(?<!\b[A-Z][\w$]*)\[\s*["'`]_[A-Za-z]\w*["'`]\s*\]/g;

function violations(source: string): string[] {
  // Comments may name internals (to say why they are not used).
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  return [...code.matchAll(REACHED_IN), ...code.matchAll(ASSIGNED), ...code.matchAll(BRACKETED)].map(
    (m) => m[0],
  );
}

describe("sources under lib/", () => {
  const self = fileURLToPath(import.meta.url);
  const files = sourceFiles(libDir).filter(
    (f) => f !== self && /from "@langchain\//.test(readFileSync(f, "utf8")),
  );

  it("that use LangChain reach no underscore member of its objects", () => {
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((f) =>
      violations(readFileSync(f, "utf8")).map((v) => `${path.relative(libDir, f)}: ${v}`),
    );
    expect(found).toEqual([]);
  });

  it("the scan finds what it looks for", () => {
    expect(violations("for await (const c of model._streamIterator(input, o)) f(c);")).toHaveLength(1);
    expect(violations("const x = (m as Internals)._streamResponseChunks(messages, o);")).toHaveLength(1);
    expect(violations("BaseChatModel._convertInputToPromptValue(input)")).toHaveLength(1);
    expect(violations("paths._generate = (m) => m;")).toHaveLength(2);
    expect(violations('const f = model["_streamIterator"];')).toHaveLength(1);
    expect(violations('BaseChatModel.prototype["_streamIterator"] = f;')).toHaveLength(1);
    expect(
      violations('type P = Parameters<ChatOpenAICompletions["_convertCompletionsMessageToBaseMessage"]>;'),
    ).toEqual([]);
    expect(violations("for await (const c of this._streamResponseChunks(m, o)) yield c;")).toEqual([]);
    expect(violations("yield* super._streamResponseChunks(m, o, r);")).toEqual([]);
    expect(violations("// model._streamIterator is internal")).toEqual([]);
  });
});
