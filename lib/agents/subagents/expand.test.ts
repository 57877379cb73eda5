import { describe, expect, it, vi } from "vitest";
import { buildAgentInput } from "../input";
import { DEFAULT_LIMITS, type Limits } from "../limits";
import { agent } from "../testing/fixtures";
import type { Logger, RunAgent } from "../types";
import { buildSubagentConfigs, type OverDepthEntry, type ToInput } from "./expand";

const toInput: ToInput = (a, { isSubagent }) => buildAgentInput(a, { isSubagent });

function expand(
  root: RunAgent,
  lookup: Record<string, RunAgent> = {},
  limits: Partial<Limits> = {},
  logger?: Logger,
) {
  const state = {
    configCount: 0,
    rootAgentIds: [root.id],
    limits: { ...DEFAULT_LIMITS, ...limits },
    lookup,
    logger,
  };
  const input = toInput(root, { isSubagent: false });
  return { configs: buildSubagentConfigs(root, input, toInput, state), state, input };
}

function silent(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const push = (l: Record<string, unknown>) => {
    lines.push(l);
  };
  return { lines, info: push, warn: push, error: push };
}

describe("buildSubagentConfigs", () => {
  it("returns nothing when subagents are disabled", () => {
    const a = agent("a", undefined);
    a.subagents = { enabled: false, allowSelf: true, agent_ids: ["b"] };
    expect(expand(a, { b: agent("b") }).configs).toEqual([]);
  });

  it("adds a self-spawn entry by default that reuses the parent's settings and cannot spawn further", () => {
    const a = agent("a", {}, { tools: ["calculator"] });
    const { configs, input } = expand(a);
    expect(configs).toHaveLength(1);
    const [self] = configs;
    expect(self).toMatchObject({ type: "self", self: true, name: a.name, mode: "isolated", depth: 1 });
    expect(self.description).toMatch(/^Spawn Agent A in an isolated context to handle a focused subtask/);
    expect(self.agentInputs).toMatchObject({
      model: input.model,
      instructions: input.instructions,
      isSubagent: true,
    });
    expect(self.agentInputs.toolNames).toEqual(["calculator"]);
    expect(self.agentInputs.subagentConfigs).toEqual([]);
  });

  it("has no self entry with allowSelf: false", () => {
    const { configs } = expand(agent("a", { allowSelf: false, agent_ids: ["b"] }), { b: agent("b") });
    expect(configs.map((c) => c.type)).toEqual(["b"]);
  });

  it("skips A→A", () => {
    const a = agent("a", { allowSelf: false, agent_ids: ["a"] });
    expect(expand(a, { a }).configs).toEqual([]);
  });

  it("skips A→B→A but keeps B", () => {
    const a = agent("a", { allowSelf: false, agent_ids: ["b"] });
    const b = agent("b", { allowSelf: false, agent_ids: ["a"] });
    const { configs, state } = expand(a, { a, b });
    expect(configs.map((c) => c.type)).toEqual(["b"]);
    expect(configs[0].agentInputs.subagentConfigs).toEqual([]);
    expect(state.configCount).toBe(1);
  });

  it("nests recursively: A→B→C gives [self, B] with B's configs = [C]", () => {
    const a = agent("a", { agent_ids: ["b"] });
    const b = agent("b", { allowSelf: false, agent_ids: ["c"] });
    const c = agent("c");
    const { configs } = expand(a, { b, c });
    expect(configs.map((x) => x.type)).toEqual(["self", "b"]);
    const bConfigs = configs[1].agentInputs.subagentConfigs;
    expect(bConfigs.map((x) => x.type)).toEqual(["c"]);
    expect(bConfigs[0].depth).toBe(2);
    expect(bConfigs[0].agentInputs.subagentConfigs).toEqual([]);
  });

  it("uses the configured context mode per child", () => {
    const a = agent("a", { agent_ids: ["b"], modes: { self: "fork", b: "isolated" } });
    const { configs } = expand(a, { b: agent("b") });
    expect(configs.map((c) => c.mode)).toEqual(["fork", "isolated"]);
  });

  it("throws a typed depth error for a chain one level deeper than the limit, naming agent and depth", () => {
    const max = 3;
    const lookup: Record<string, RunAgent> = {};
    // a0 → a1 → a2 → a3 is at the limit; a4 is one level deeper.
    for (let i = 0; i <= max + 1; i++) {
      lookup[`a${i}`] = agent(`a${i}`, i <= max ? { allowSelf: false, agent_ids: [`a${i + 1}`] } : undefined);
    }
    const log = silent();
    expect(() => expand(lookup.a0, lookup, { maxSubagentDepth: max }, log)).toThrow(
      expect.objectContaining({
        code: "limit:subagent_depth",
        message: expect.stringMatching(
          /"Agent A3" would delegate to "Agent A4" at depth 4, and the limit is 3/,
        ),
      }),
    );
    expect(log.lines[0]).toMatchObject({ event: "subagent_depth_exceeded", agentId: "a4", depth: 4, max });
    expect(() => expand(lookup.a0, lookup, { maxSubagentDepth: max }, log)).toThrow(
      /Remove "Agent A4" from the subagents of "Agent A3", or ask an administrator to raise the depth limit\./,
    );
    // Exactly at the limit is fine.
    lookup[`a${max}`] = agent(`a${max}`);
    expect(() => expand(lookup.a0, lookup, { maxSubagentDepth: max })).not.toThrow();
  });

  it("counts every entry and throws past the count limit, logging rootAgentIds and the count", () => {
    // Layered DAG: root → 4 mids (each with self) → each mid → 4 leaves (each with self).
    const leaves = ["l0", "l1", "l2", "l3"].map((id) => agent(id, {}));
    const mids = ["m0", "m1", "m2", "m3"].map((id) => agent(id, { agent_ids: leaves.map((l) => l.id) }));
    const root = agent("root", { agent_ids: mids.map((m) => m.id) });
    const lookup = Object.fromEntries([...leaves, ...mids].map((x) => [x.id, x]));
    // Entries: root self 1 + 4 mids × (1 + self 1 + 4 leaves × (1 + self 1)) = 1 + 4 × 10 = 41.
    expect(expand(root, lookup).state.configCount).toBe(41);

    const log = silent();
    let thrown: unknown;
    try {
      expand(root, lookup, { maxSubagentRunConfigs: 40 }, log);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({ code: "limit:subagent_run_configs", details: { count: 41, max: 40 } });
    expect((thrown as Error).message).toContain("41");
    expect(log.lines).toContainEqual(
      expect.objectContaining({ event: "subagent_run_configs_exceeded", rootAgentIds: ["root"], count: 41 }),
    );
  });

  it("writes the count-limit log as one JSON line without secrets by default", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const a = agent("a", { agent_ids: ["b"] });
    expect(() => expand(a, { b: agent("b") }, { maxSubagentRunConfigs: 1 })).toThrow();
    const line = JSON.parse(String(spy.mock.calls[0][0]));
    expect(line).toMatchObject({ level: "error", rootAgentIds: ["a"], count: 2 });
    spy.mockRestore();
  });

  it("throws when an agent lists more children than allowed", () => {
    const a = agent("a", { agent_ids: ["b", "c"] });
    expect(() => expand(a, { b: agent("b"), c: agent("c") }, { maxSubagentsPerAgent: 1 })).toThrow(
      expect.objectContaining({ code: "limit:subagents_per_agent" }),
    );
  });

  it("gives children their own tool registry: mutating the parent's later changes nothing", () => {
    const a = agent("a", { agent_ids: ["b"] }, { tools: ["calculator", "current_time"] });
    const b = agent("b", {}, { tools: ["calculator"] });
    const { configs, input } = expand(a, { b });
    const self = configs[0].agentInputs;
    const bIn = configs[1].agentInputs;
    const selfCalc = self.toolRegistry.get("calculator");
    const bCalc = bIn.toolRegistry.get("calculator");
    expect(self.toolRegistry).not.toBe(input.toolRegistry);
    expect(selfCalc).not.toBe(input.toolRegistry.get("calculator"));

    const parentCalc = input.toolRegistry.get("calculator");
    if (parentCalc) parentCalc.description = "changed by the parent";
    input.toolRegistry.delete("current_time");
    input.toolRegistry.set("injected", {
      name: "injected",
      description: "",
      parameters: {},
      execute: () => "",
    });

    expect([...self.toolRegistry.keys()]).toEqual(["calculator", "current_time"]);
    expect(self.toolRegistry.get("calculator")).toBe(selfCalc);
    expect(selfCalc?.description).not.toBe("changed by the parent");
    expect(bCalc?.description).not.toBe("changed by the parent");
    expect([...bIn.toolRegistry.keys()]).toEqual(["calculator"]);
    expect(self.initialSummary).toBeUndefined();
  });

  it("counts a 100-entry layered tree exactly (the benchmark times it)", () => {
    const leaves = Array.from({ length: 9 }, (_, i) => agent(`leaf${i}`, {}));
    const mids = Array.from({ length: 9 }, (_, i) =>
      agent(`mid${i}`, { allowSelf: false, agent_ids: leaves.map((l) => l.id) }),
    );
    const root = agent("root", { agent_ids: mids.map((m) => m.id) });
    const lookup = Object.fromEntries([...leaves, ...mids].map((x) => [x.id, x]));
    // 1 self + 9 mids + 81 leaves + 81 leaf selfs = 172 > 100, so trim to 1 + 9 × (1 + 10) = 100.
    for (const l of leaves) l.subagents = { enabled: false };
    for (const m of mids) m.subagents = { enabled: true, agent_ids: leaves.map((l) => l.id) };
    expect(expand(root, lookup).state.configCount).toBe(1 + 9 * 11);
  });

  it("names self-spawning as what to turn off when a copy would go too deep", () => {
    const lookup: Record<string, RunAgent> = {
      a0: agent("a0", { agent_ids: ["a1"], allowSelf: false }),
      a1: agent("a1", {}),
    };
    expect(() => expand(lookup.a0, lookup, { maxSubagentDepth: 1 }, silent())).toThrow(
      /"Agent A1" would spawn a copy of itself at depth 2, and the limit is 1\. Turn off self-spawning for "Agent A1"/,
    );
  });

  it("with overDepth, lists the entries the limit cuts off and expands the rest", () => {
    const lookup: Record<string, RunAgent> = {
      a0: agent("a0", { agent_ids: ["a1", "b1"], allowSelf: false }),
      a1: agent("a1", { agent_ids: ["a2"] }),
      a2: agent("a2", {}),
      b1: agent("b1"),
    };
    const root = lookup.a0;
    const state = {
      configCount: 0,
      rootAgentIds: [root.id],
      limits: { ...DEFAULT_LIMITS, maxSubagentDepth: 1 },
      lookup,
      overDepth: [] as OverDepthEntry[],
    };
    const configs = buildSubagentConfigs(root, toInput(root, { isSubagent: false }), toInput, state);
    expect(configs.map((c) => c.type)).toEqual(["a1", "b1"]);
    expect(state.overDepth).toEqual([
      expect.objectContaining({ parentId: "a1", childId: "a1", self: true, depth: 2 }),
      expect.objectContaining({ parentId: "a1", childId: "a2", self: false, depth: 2 }),
    ]);
    expect(state.configCount).toBe(2);
  });
});
