/**
 * Tool search (issue 33): tokens of tool definitions sent per model call by an agent with 200
 * GitHub-like MCP tools, without tool search (every definition bound, threshold 0) and with it
 * (the default threshold 40: `search_tools` plus what the agent found). The engine runs for real on
 * the scripted model; the tools each call was given are what the model node bound. Tokens are
 * counted with js-tiktoken (o200k_base, GPT-4o's encoding) over the definitions' JSON, and with the
 * app's own budget estimate (one token per two characters, lib/agents/budget.ts) beside it.
 *
 *   npx tsx bench/tool-search.ts
 */
import { Tiktoken } from "js-tiktoken/lite";
import o200k from "js-tiktoken/ranks/o200k_base";
import { createRun, DEFAULT_LIMITS, type RegistryTool } from "../lib/agents";
import { rankTools } from "../lib/agents/graph/tool-search";
import { buildAgentInput } from "../lib/agents/input";
import { agent, collect } from "../lib/agents/testing/fixtures";
import {
  type ScriptContext,
  type ScriptedTurn,
  scriptedModelFactory,
} from "../lib/agents/testing/scripted-model";
import { githubLikeCatalog } from "../tests/helpers/github-like-catalog";

const COUNT = 200;
const encoder = new Tiktoken(o200k);

const tools: RegistryTool[] = githubLikeCatalog(COUNT).map((t) => ({
  name: `github__${t.name}`,
  description: t.description,
  parameters: t.inputSchema,
  source: "GitHub",
  execute: () => JSON.stringify({ ok: true }),
}));
const names = tools.map((t) => t.name);
const searchResultTokens: number[] = [];

/** A lead that searches for each query in turn (when it has search_tools), calls each find's best match, then answers. */
function lead(queries: { query: string; call: string }[]) {
  return (ctx: ScriptContext): ScriptedTurn => {
    const done = ctx.messages.filter((m) => m.getType() === "tool").length;
    const searching = ctx.toolNames.includes("search_tools");
    const steps = queries.flatMap((q) => [
      ...(searching ? [{ name: "search_tools", args: { query: q.query } }] : []),
      { name: q.call, args: { owner: "acme", repo: "app", title: "x" } },
    ]);
    const next = steps[done];
    return next ? { toolCalls: [next] } : { text: "Done." };
  };
}

async function definitionTokens(threshold: number, queries: { query: string; call: string }[]) {
  const factory = scriptedModelFactory({ lead: lead(queries) });
  const run = await createRun({
    agents: [agent("lead", undefined, { tools: names })],
    tools,
    messages: [{ role: "user", content: "Work on the repository." }],
    modelFactory: factory,
    limits: { toolSearchThreshold: threshold },
  });
  const events = await collect(run);
  const end = events.at(-1);
  if (end?.type !== "run_end" || end.status !== "completed")
    throw new Error(`run ended ${JSON.stringify(end)}`);
  // Every call found its tool (a refused call would make "after" look cheaper than it is).
  const failed = events.filter((e) => e.type === "tool_call_end" && e.error);
  if (failed.length) throw new Error(`tool calls failed: ${JSON.stringify(failed)}`);
  // What the searches answered: tokens in the conversation, not in the definitions.
  for (const e of events)
    if (e.type === "tool_call_end" && e.name === "search_tools")
      searchResultTokens.push(encoder.encode(e.result).length);
  const calls = factory.models.get("lead")?.[0].calls ?? [];
  return calls.map((c) => {
    const json = JSON.stringify(c.tools);
    return {
      bound: c.tools.length,
      tokens: encoder.encode(json).length,
      estimate: Math.ceil(json.length / 2),
    };
  });
}

function report(title: string, before: Awaited<ReturnType<typeof definitionTokens>>, after: typeof before) {
  const sum = (xs: typeof before, k: "tokens" | "estimate") => xs.reduce((n, x) => n + x[k], 0);
  console.log(`\n${title}`);
  console.log("| call | before: tools / tokens (estimate) | after: tools / tokens (estimate) |");
  console.log("| ---- | --------------------------------- | -------------------------------- |");
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const cell = (x?: (typeof before)[number]) => (x ? `${x.bound} / ${x.tokens} (${x.estimate})` : "—");
    console.log(`| ${i + 1} | ${cell(before[i])} | ${cell(after[i])} |`);
  }
  const perCall = (xs: typeof before) => Math.round(sum(xs, "tokens") / xs.length);
  console.log(
    `| answer | ${before.length} calls, ${sum(before, "tokens")} tokens (${perCall(before)}/call) | ${after.length} calls, ${sum(after, "tokens")} tokens (${perCall(after)}/call) |`,
  );
}

const one = [{ query: "create issue", call: "github__create_issue" }];
const three = [
  { query: "create issue", call: "github__create_issue" },
  { query: "list pull requests", call: "github__list_pull_requests" },
  { query: "read a file", call: "github__get_file" },
];
const threshold = DEFAULT_LIMITS.toolSearchThreshold;
report(
  `${COUNT} tools, one task (file an issue): threshold 0 (off) vs ${threshold}`,
  await definitionTokens(0, one),
  await definitionTokens(threshold, one),
);
report(
  `${COUNT} tools, three tasks (issue, pull requests, a file): threshold 0 (off) vs ${threshold}`,
  await definitionTokens(0, three),
  await definitionTokens(threshold, three),
);

// What one search costs over the 200 tools (the index is built once per agent input, first search).
const input = buildAgentInput(agent("lead", undefined, { tools: names }), {
  isSubagent: false,
  tools: new Map(tools.map((t) => [t.name, t])),
  toolSearchThreshold: threshold,
});
console.log(
  `\nsearch_tools results (in the conversation): ${Math.min(...searchResultTokens)}–${Math.max(...searchResultTokens)} tokens each`,
);
let t = performance.now();
rankTools(input, "create issue", 5);
const first = performance.now() - t;
const queries = ["create issue", "list pull requests", "read a file", "delete webhook", "dependabot alerts"];
const N = 2000;
t = performance.now();
for (let i = 0; i < N; i++) rankTools(input, queries[i % queries.length], 5);
const each = ((performance.now() - t) / N) * 1000;
console.log(
  `\nsearch over ${COUNT} tools: first ${first.toFixed(2)} ms (builds the index), then ${each.toFixed(1)} µs each`,
);
