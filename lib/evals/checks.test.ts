import { describe, expect, it } from "vitest";
import { type MessageTree, reduceEvents } from "@/lib/agents";
import { type CaseRunOutput, type Check, checkSchema, evaluateCheck, evaluateChecks } from "./checks";

function tree(
  content: MessageTree["content"] = [],
  status: MessageTree["status"] = "completed",
): MessageTree {
  return { ...reduceEvents([]), status, content };
}

const subagent = (agentId: string, agentName: string, content: MessageTree["content"]) => ({
  type: "subagent" as const,
  id: `call-${agentId}`,
  subagentType: agentId,
  agentId,
  agentName,
  task: "t",
  mode: "isolated" as const,
  depth: 1,
  ancestry: [],
  status: "completed" as const,
  content,
  usage: { inputTokens: 0, outputTokens: 0 },
});
const toolCall = (name: string) => ({
  type: "tool_call" as const,
  id: `t-${name}`,
  name,
  args: {},
  status: "completed" as const,
});

function run(over: Partial<CaseRunOutput> = {}): CaseRunOutput {
  return { text: "Hello World", tree: tree(), modelCalls: 2, cost: 0.01, durationMs: 900, ...over };
}
const passes = (check: Check, r = run()) => evaluateCheck(check, r).passed;

describe("checks", () => {
  it("contains / not contains, case-sensitive unless asked", () => {
    expect(passes({ kind: "contains", value: "World" })).toBe(true);
    expect(passes({ kind: "contains", value: "world" })).toBe(false);
    expect(passes({ kind: "contains", value: "world", ignoreCase: true })).toBe(true);
    expect(passes({ kind: "not_contains", value: "World" })).toBe(false);
    expect(passes({ kind: "not_contains", value: "Bye" })).toBe(true);
  });

  it("regex with flags", () => {
    expect(passes({ kind: "regex", pattern: "^hello\\s+w" })).toBe(false);
    expect(passes({ kind: "regex", pattern: "^hello\\s+w", flags: "i" })).toBe(true);
  });

  it("valid JSON", () => {
    expect(passes({ kind: "valid_json" }, run({ text: '{"a":[1,2]}' }))).toBe(true);
    expect(passes({ kind: "valid_json" }, run({ text: "{a:1}" }))).toBe(false);
    expect(evaluateCheck({ kind: "valid_json" }, run({ text: "{a:1}" })).observed).toBe(
      "the answer is not valid JSON",
    );
  });

  it("valid JSON matching a schema, with each problem's place in plain words", () => {
    const schema = {
      type: "object",
      required: ["name", "items"],
      additionalProperties: false,
      properties: {
        name: { type: "string" },
        items: { type: "array", items: { type: "object", properties: { price: { type: "number" } } } },
      },
    };
    const check = checkSchema.parse({ kind: "valid_json", schema });
    expect(passes(check, run({ text: '{"name":"a","items":[{"price":2}]}' }))).toBe(true);
    const bad = evaluateCheck(check, run({ text: '{"items":[{"price":"2"}],"extra":1}' }));
    expect(bad.passed).toBe(false);
    expect(bad.observed).toBe(
      'the answer is missing "name"; the answer has "extra", which the schema does not allow; items[0].price must be number',
    );
    const many = evaluateCheck(
      checkSchema.parse({
        kind: "valid_json",
        schema: { type: "object", required: ["a", "b", "c", "d", "e"] },
      }),
      run({ text: "{}" }),
    );
    expect(many.observed).toBe(
      'the answer is missing "a"; the answer is missing "b"; the answer is missing "c"; and 2 more',
    );
  });

  it("refuses a schema that is not a JSON Schema, naming why", () => {
    const r = checkSchema.safeParse({ kind: "valid_json", schema: { type: "strnig" } });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toMatch(/^not a valid JSON Schema: .*type/);
    expect(checkSchema.safeParse({ kind: "valid_json", schema: "nope" }).success).toBe(false);
    const huge = { description: "x".repeat(20_001) };
    expect(checkSchema.safeParse({ kind: "valid_json", schema: huge }).error?.issues[0].message).toBe(
      "the schema is longer than 20000 characters",
    );
  });

  it("a named tool was called, also inside a subagent", () => {
    const r = run({
      tree: tree([toolCall("calculator"), subagent("c1", "Researcher", [toolCall("web_fetch")])]),
    });
    expect(passes({ kind: "tool_called", tool: "calculator" }, r)).toBe(true);
    expect(passes({ kind: "tool_called", tool: "web_fetch" }, r)).toBe(true);
    expect(passes({ kind: "tool_called", tool: "clock" }, r)).toBe(false);
  });

  it("a named subagent was used (by id or name, at any depth)", () => {
    const r = run({ tree: tree([subagent("c1", "Researcher", [subagent("c2", "Writer", [])])]) });
    expect(passes({ kind: "subagent_used", agent: "c1" }, r)).toBe(true);
    expect(passes({ kind: "subagent_used", agent: "Writer" }, r)).toBe(true);
    expect(passes({ kind: "subagent_used", agent: "Critic" }, r)).toBe(false);
  });

  it("at most N model calls, cost at most X, duration at most Y", () => {
    expect(evaluateCheck({ kind: "max_model_calls", max: 2 }, run())).toEqual({
      check: { kind: "max_model_calls", max: 2 },
      passed: true,
      observed: 2,
    });
    expect(passes({ kind: "max_model_calls", max: 1 })).toBe(false);
    expect(passes({ kind: "max_cost", max: 0.01 })).toBe(true);
    expect(passes({ kind: "max_cost", max: 0.009 })).toBe(false);
    // An unknown cost is not known to be under the limit.
    expect(passes({ kind: "max_cost", max: 100 }, run({ cost: null }))).toBe(false);
    expect(passes({ kind: "max_duration_ms", max: 900 })).toBe(true);
    expect(passes({ kind: "max_duration_ms", max: 899 })).toBe(false);
  });

  it("a case passes only when its run completed and every check passed", () => {
    const checks: Check[] = [{ kind: "contains", value: "Hello" }];
    expect(evaluateChecks(checks, run()).passed).toBe(true);
    expect(evaluateChecks(checks, run({ tree: tree([], "failed") })).passed).toBe(false);
    expect(evaluateChecks([...checks, { kind: "contains", value: "Bye" }], run()).passed).toBe(false);
  });

  it("refuses malformed checks", () => {
    expect(checkSchema.safeParse({ kind: "regex", pattern: "(" }).success).toBe(false);
    expect(checkSchema.safeParse({ kind: "regex", pattern: "a", flags: "g" }).success).toBe(false);
    expect(checkSchema.safeParse({ kind: "contains", value: "  " }).success).toBe(false);
    expect(checkSchema.safeParse({ kind: "max_model_calls", max: -1 }).success).toBe(false);
    expect(checkSchema.safeParse({ kind: "judge" }).success).toBe(false);
  });
});
