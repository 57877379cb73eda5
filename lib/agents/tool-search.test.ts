import { describe, expect, it } from "vitest";
import type { ToolCallEndEvent, ToolCallStartEvent } from "./events";
import type { RunSnapshot } from "./graph/journal";
import { rankTools, SEARCH_TOOLS_NAME, searchTerms } from "./graph/tool-search";
import { buildAgentInput } from "./input";
import { createRun } from "./run";
import { agent, collect } from "./testing/fixtures";
import { type ScriptContext, type ScriptedTurn, scriptedModelFactory } from "./testing/scripted-model";
import { reduceEvents, rootText } from "./trace";
import type { RegistryTool } from "./types";

const user = (content: string) => ({ role: "user" as const, content });
const toolResults = (ctx: ScriptContext) => ctx.messages.filter((m) => m.getType() === "tool");

/** A GitHub-like MCP catalog; every call of a tool is recorded by name. */
function catalog() {
  const ran: string[] = [];
  const tool = (name: string, description: string): RegistryTool => ({
    name,
    description,
    source: "GitHub",
    parameters: { type: "object", properties: { repo: { type: "string" } } },
    execute: () => {
      ran.push(name);
      return `${name} done`;
    },
  });
  const tools = [
    tool("github__create_issue", "Create a new issue in a repository."),
    tool("github__list_issues", "List the issues of a repository, filtered by state and labels."),
    tool("github__create_pull_request", "Open a pull request from a branch."),
    tool("github__list_commits", "List the commits of a branch."),
    tool("github__get_file_contents", "Read a file or a directory of a repository."),
    tool("github__search_code", "Search code across repositories."),
  ];
  return { tools, ran, names: tools.map((t) => t.name) };
}

const MCP = catalog().names;

/** The lead: searches for "create issue", calls what it found, then answers. */
function searchingLead(ctx: ScriptContext): ScriptedTurn {
  const results = toolResults(ctx);
  if (results.length === 0)
    return { toolCalls: [{ name: SEARCH_TOOLS_NAME, args: { query: "create issue", limit: 1 } }] };
  if (results.length === 1) return { toolCalls: [{ name: "github__create_issue", args: { repo: "a/b" } }] };
  return { text: `done: ${results.at(-1)?.content}` };
}

describe("tool search", () => {
  it("below the threshold nothing changes: every definition is bound, no search_tools", async () => {
    const { tools } = catalog();
    const factory = scriptedModelFactory({ a: [{ text: "ok" }] });
    const run = await createRun({
      agents: [agent("a", undefined, { tools: ["calculator", ...MCP] })],
      tools,
      messages: [user("hi")],
      modelFactory: factory,
      limits: { toolSearchThreshold: MCP.length },
    });
    await collect(run);
    expect(factory.models.get("a")?.[0].calls[0].toolNames).toEqual(["calculator", ...MCP]);
  });

  it("0 turns it off, however many tools", async () => {
    const { tools } = catalog();
    const factory = scriptedModelFactory({ a: [{ text: "ok" }] });
    const run = await createRun({
      agents: [agent("a", undefined, { tools: MCP })],
      tools,
      messages: [user("hi")],
      modelFactory: factory,
      limits: { toolSearchThreshold: 0 },
    });
    await collect(run);
    expect(factory.models.get("a")?.[0].calls[0].toolNames).toEqual(MCP);
  });

  it("above it the model gets its built-in tools and search_tools, then what it found, and calls it", async () => {
    const { tools, ran } = catalog();
    const factory = scriptedModelFactory({ a: searchingLead });
    const run = await createRun({
      agents: [agent("a", undefined, { tools: ["calculator", ...MCP] })],
      tools,
      messages: [user("file a bug")],
      modelFactory: factory,
      limits: { toolSearchThreshold: 3 },
    });
    const events = await collect(run);
    expect(rootText(reduceEvents(events))).toBe("done: github__create_issue done");
    const calls = factory.models.get("a")?.[0].calls ?? [];
    expect(calls.map((c) => c.toolNames)).toEqual([
      ["calculator", SEARCH_TOOLS_NAME],
      ["calculator", SEARCH_TOOLS_NAME, "github__create_issue"],
      ["calculator", SEARCH_TOOLS_NAME, "github__create_issue"],
    ]);
    // The found tool's definition is the registry's, in full.
    const bound = calls[1].tools[2] as { function: { description: string; parameters: unknown } };
    expect(bound.function.description).toBe("Create a new issue in a repository.");
    expect(bound.function.parameters).toEqual(tools[0].parameters);
    expect(ran).toEqual(["github__create_issue"]);
    // The trace: the search is a tool call like the others, with its query and the names found.
    const start = events.find(
      (e): e is ToolCallStartEvent => e.type === "tool_call_start" && e.name === SEARCH_TOOLS_NAME,
    );
    expect(start?.args).toEqual({ query: "create issue", limit: 1 });
    const end = events.find(
      (e): e is ToolCallEndEvent => e.type === "tool_call_end" && e.name === SEARCH_TOOLS_NAME,
    );
    expect(end?.error).toBeUndefined();
    expect(end?.result).toContain("- github__create_issue (GitHub): Create a new issue in a repository.");
  });

  it("a deferred tool called before any search found it gets a clear tool error and does not run", async () => {
    const { tools, ran } = catalog();
    const factory = scriptedModelFactory({
      a: (ctx) =>
        toolResults(ctx).length
          ? { text: String(toolResults(ctx)[0].content) }
          : { toolCalls: [{ name: "github__list_commits", args: {} }] },
    });
    const run = await createRun({
      agents: [agent("a", undefined, { tools: MCP })],
      tools,
      messages: [user("commits?")],
      modelFactory: factory,
      limits: { toolSearchThreshold: 3 },
    });
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(ran).toEqual([]);
    const end = events.find((e): e is ToolCallEndEvent => e.type === "tool_call_end");
    expect(end?.error).toMatch(/^Tool "github__list_commits" is not loaded yet: call search_tools/);
  });

  it("bad or empty queries are tool errors; a query that matches nothing says so and loads nothing", async () => {
    const { tools } = catalog();
    const queries: unknown[] = [{}, { query: "   " }, { query: "weather forecast" }];
    const factory = scriptedModelFactory({
      a: (ctx) => {
        const n = toolResults(ctx).length;
        return n < queries.length
          ? { toolCalls: [{ name: SEARCH_TOOLS_NAME, args: queries[n] as Record<string, unknown> }] }
          : { text: "gave up" };
      },
    });
    const run = await createRun({
      agents: [agent("a", undefined, { tools: MCP })],
      tools,
      messages: [user("x")],
      modelFactory: factory,
      limits: { toolSearchThreshold: 3 },
    });
    const events = await collect(run);
    const ends = events.filter((e): e is ToolCallEndEvent => e.type === "tool_call_end");
    expect(ends.map((e) => e.error)).toEqual([
      "search_tools needs a query: words for the tool you need.",
      "search_tools needs a query: words for the tool you need.",
      undefined,
    ]);
    expect(ends[2].result).toBe(
      'No tool matched "weather forecast". Try other words: a name, a server, or what the tool does.',
    );
    for (const call of factory.models.get("a")?.[0].calls ?? [])
      expect(call.toolNames).toEqual([SEARCH_TOOLS_NAME]);
  });

  it("children never inherit what their parent found: a self-spawned copy and an explicit child start with none", async () => {
    const { tools } = catalog();
    const factory = scriptedModelFactory({
      a: (ctx) => {
        const n = toolResults(ctx).length;
        if (n === 0)
          return { toolCalls: [{ name: SEARCH_TOOLS_NAME, args: { query: "create issue", limit: 1 } }] };
        if (n === 1)
          return {
            toolCalls: [
              { name: "subagent", args: { subagent_type: "self", description: "self task" } },
              { name: "subagent", args: { subagent_type: "b", description: "b task" } },
            ],
          };
        return { text: "lead done" };
      },
      b: [{ text: "b done" }],
    });
    const run = await createRun({
      agents: [agent("a", { agent_ids: ["b"] }, { tools: MCP })],
      agentLookup: { b: agent("b", undefined, { tools: MCP }) },
      tools,
      messages: [user("go")],
      modelFactory: factory,
      limits: { toolSearchThreshold: 3 },
    });
    const events = await collect(run);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const aCalls = factory.models.get("a")?.flatMap((m) => m.calls) ?? [];
    const selfCall = aCalls.find((c) => c.messages.some((m) => m.content === "self task"));
    expect(selfCall?.toolNames).toEqual([SEARCH_TOOLS_NAME]);
    const bCall = factory.models.get("b")?.[0].calls[0];
    expect(bCall?.toolNames).toEqual([SEARCH_TOOLS_NAME]);
    // The lead (the only one that can delegate) keeps its own find after the delegation.
    const lead = aCalls.filter((c) => c.toolNames.includes("subagent"));
    expect(lead).toHaveLength(3);
    expect(lead.at(-1)?.toolNames).toEqual(["subagent", SEARCH_TOOLS_NAME, "github__create_issue"]);
  });

  it("a run resumed from its snapshot keeps what it found", async () => {
    const first = catalog();
    const checkpoints: RunSnapshot[] = [];
    const run = await createRun({
      agents: [agent("a", undefined, { tools: MCP })],
      tools: first.tools,
      messages: [user("file a bug")],
      modelFactory: scriptedModelFactory({ a: searchingLead }),
      limits: { toolSearchThreshold: 3 },
      onCheckpoint: (s) => void checkpoints.push(s),
    });
    await collect(run);
    // The snapshot right after the search's result: the process died before the next model turn.
    const afterSearch = checkpoints.find((c) => Object.keys(c.results).length === 1) as RunSnapshot;
    expect(afterSearch.discovered).toEqual({ "root#a": ["github__create_issue"] });

    const second = catalog();
    const factory = scriptedModelFactory({ a: searchingLead });
    const resumed = await createRun({
      agents: [agent("a", undefined, { tools: MCP })],
      tools: second.tools,
      messages: [user("file a bug")],
      modelFactory: factory,
      limits: { toolSearchThreshold: 3 },
      resume: afterSearch,
    });
    const events = await collect(resumed);
    expect(rootText(reduceEvents(events))).toBe("done: github__create_issue done");
    const calls = factory.models.get("a")?.[0].calls ?? [];
    expect(calls[0].toolNames).toEqual([SEARCH_TOOLS_NAME, "github__create_issue"]);
    expect(second.ran).toEqual(["github__create_issue"]);
  });
});

describe("tool search across an approval pause", () => {
  it("a subagent paused on a found tool that asks before running still has it bound after the resume", async () => {
    const lead = agent("a", { agent_ids: ["b"], allowSelf: false });
    const child = agent("b", undefined, { tools: MCP, askTools: ["github__create_issue"] });
    const factory = () =>
      scriptedModelFactory({
        a: (ctx) =>
          toolResults(ctx).length
            ? { text: `a: ${toolResults(ctx)[0].content}` }
            : { toolCalls: [{ name: "subagent", args: { subagent_type: "b", description: "file it" } }] },
        b: searchingLead,
      });
    let rest: (s: RunSnapshot) => void = () => {};
    const rested = new Promise<RunSnapshot>((r) => {
      rest = r;
    });
    const first = catalog();
    const run = await createRun({
      agents: [lead],
      agentLookup: { b: child },
      tools: first.tools,
      messages: [user("go")],
      modelFactory: factory(),
      limits: { toolSearchThreshold: 3 },
      approvals: { request: () => new Promise(() => {}), onIdle: (s) => rest(s) },
    });
    const done = collect(run);
    const stored = JSON.parse(JSON.stringify(await rested)) as RunSnapshot;
    run.suspend();
    await done;
    expect(Object.values(stored.pending).map((p) => p.name)).toEqual(["github__create_issue"]);
    // Found by the child's execution (its span), not the lead's.
    expect(Object.entries(stored.discovered ?? {})).toEqual([
      [expect.stringMatching(/#b$/), ["github__create_issue"]],
    ]);

    const second = catalog();
    const models = factory();
    const resumed = await createRun({
      agents: [lead],
      agentLookup: { b: child },
      tools: second.tools,
      messages: [user("go")],
      modelFactory: models,
      limits: { toolSearchThreshold: 3 },
      approvals: { request: () => Promise.resolve({ decision: "approve" }) },
      resume: stored,
    });
    const events = await collect(resumed);
    expect(rootText(reduceEvents(events))).toContain("a: done: github__create_issue done");
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(second.ran).toEqual(["github__create_issue"]);
    expect(models.models.get("b")?.[0].calls.map((c) => c.toolNames)).toEqual([
      [SEARCH_TOOLS_NAME, "github__create_issue"],
    ]);
    expect(models.models.get("a")?.[0].calls.map((c) => c.toolNames)).toEqual([["subagent"]]);
  });
});

describe("ranking", () => {
  const input = (threshold = 1) =>
    buildAgentInput(agent("a", undefined, { tools: MCP }), {
      isSubagent: false,
      tools: new Map(catalog().tools.map((t) => [t.name, t])),
      toolSearchThreshold: threshold,
    });

  it("splits names and camelCase into words, drops plurals and stop words, keeps Han characters apart", () => {
    expect(searchTerms("github__listPullRequests for the repos")).toEqual([
      "github",
      "list",
      "pull",
      "request",
      "repo",
    ]);
    expect(searchTerms("创建issue")).toEqual(["创", "建", "issue"]);
  });

  it("ranks by name, server and description, the best first, the same way every time", () => {
    const names = (q: string, n = 3) => rankTools(input(), q, n).map((t) => t.name);
    expect(names("create issue")).toEqual([
      "github__create_issue",
      "github__list_issues",
      "github__create_pull_request",
    ]);
    expect(names("pull requests", 1)).toEqual(["github__create_pull_request"]);
    expect(names("read a file", 1)).toEqual(["github__get_file_contents"]);
    expect(names("create issue")).toEqual(names("create issue"));
    // A tool's exact name wins over any word match; nothing matching gives nothing.
    expect(names("github__search_code", 1)).toEqual(["github__search_code"]);
    expect(names("weather")).toEqual([]);
    // The server's name matches every tool of it.
    expect(names("GitHub", 10)).toHaveLength(6);
  });

  it("defers only tools beyond the built-in ones, and only above the threshold", () => {
    expect(input(6).deferredTools).toBeUndefined();
    expect([...(input(5).deferredTools ?? [])]).toEqual(MCP);
    const withBuiltins = buildAgentInput(
      agent("a", undefined, { tools: ["calculator", "current_time", ...MCP] }),
      {
        isSubagent: false,
        tools: new Map(catalog().tools.map((t) => [t.name, t])),
        toolSearchThreshold: 5,
      },
    );
    expect([...(withBuiltins.deferredTools ?? [])]).toEqual(MCP);
  });
});
