// The checks of an eval case and their evaluation: pure functions over what one run produced
// (its final text, its trace as lib/agents/trace.ts reduces it, and its usage). No I/O here.
import { z } from "zod";
import type { MessageTree, TraceNode } from "@/lib/agents";
import { schemaMismatches, schemaProblem } from "./json-schema";

const MAX_TEXT = 2000;
const nonEmpty = z.string().trim().min(1).max(MAX_TEXT);
const MAX_SCHEMA_CHARS = 20_000;

/** A JSON Schema (an object) that Ajv can compile, of bounded size. */
const jsonSchema = z.record(z.string(), z.unknown()).superRefine((schema, ctx) => {
  if (JSON.stringify(schema).length > MAX_SCHEMA_CHARS)
    ctx.addIssue({ code: "custom", message: `the schema is longer than ${MAX_SCHEMA_CHARS} characters` });
  else {
    const problem = schemaProblem(schema);
    if (problem) ctx.addIssue({ code: "custom", message: `not a valid JSON Schema: ${problem}` });
  }
});

export const checkSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("contains"), value: nonEmpty, ignoreCase: z.boolean().optional() }),
  z.object({ kind: z.literal("not_contains"), value: nonEmpty, ignoreCase: z.boolean().optional() }),
  z.object({
    kind: z.literal("regex"),
    pattern: nonEmpty.refine(isValidRegex, "not a valid regular expression"),
    flags: z
      .string()
      .regex(/^[imsu]*$/, "flags may only be i, m, s, u")
      .optional(),
  }),
  /** The answer parses as JSON and, with a schema, matches it. */
  z.object({ kind: z.literal("valid_json"), schema: jsonSchema.optional() }),
  z.object({ kind: z.literal("tool_called"), tool: nonEmpty }),
  /** An agent id or name that ran as a subagent at any depth. */
  z.object({ kind: z.literal("subagent_used"), agent: nonEmpty }),
  z.object({ kind: z.literal("max_model_calls"), max: z.number().int().min(0).max(10_000) }),
  z.object({ kind: z.literal("max_cost"), max: z.number().min(0) }),
  z.object({ kind: z.literal("max_duration_ms"), max: z.number().int().min(0) }),
]);
export type Check = z.infer<typeof checkSchema>;

function isValidRegex(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** What one run of a case produced, as the checks read it. */
export interface CaseRunOutput {
  text: string;
  tree: MessageTree;
  /** Model calls at every depth. */
  modelCalls: number;
  /** null: some model has no price (a cost check then fails: the cost is not known to be under). */
  cost: number | null;
  durationMs: number;
}

export interface CheckOutcome {
  check: Check;
  passed: boolean;
  /** What was observed, for the results table (a number, or the first mismatch). */
  observed?: string | number | null;
}

function includes(text: string, value: string, ignoreCase = false) {
  return ignoreCase ? text.toLowerCase().includes(value.toLowerCase()) : text.includes(value);
}

function* walk(nodes: TraceNode[]): Generator<TraceNode> {
  for (const node of nodes) {
    yield node;
    if (node.type === "subagent") yield* walk(node.content);
  }
}

/** Names of every tool called in the trace, at any depth. */
export function toolsCalled(tree: MessageTree): string[] {
  return [...walk(tree.content)].flatMap((n) => (n.type === "tool_call" ? [n.name] : []));
}

/** Ids and names of every agent that ran as a subagent, at any depth. */
export function subagentsUsed(tree: MessageTree): string[] {
  return [...walk(tree.content)].flatMap((n) => (n.type === "subagent" ? [n.agentId, n.agentName] : []));
}

export function evaluateCheck(check: Check, run: CaseRunOutput): CheckOutcome {
  switch (check.kind) {
    case "contains":
      return { check, passed: includes(run.text, check.value, check.ignoreCase) };
    case "not_contains":
      return { check, passed: !includes(run.text, check.value, check.ignoreCase) };
    case "regex":
      return { check, passed: new RegExp(check.pattern, check.flags).test(run.text) };
    case "valid_json": {
      let value: unknown;
      try {
        value = JSON.parse(run.text);
      } catch {
        return { check, passed: false, observed: "the answer is not valid JSON" };
      }
      const problems = check.schema ? schemaMismatches(check.schema, value) : [];
      return problems.length
        ? { check, passed: false, observed: problems.join("; ") }
        : { check, passed: true };
    }
    case "tool_called":
      return { check, passed: toolsCalled(run.tree).includes(check.tool) };
    case "subagent_used":
      return { check, passed: subagentsUsed(run.tree).includes(check.agent) };
    case "max_model_calls":
      return { check, passed: run.modelCalls <= check.max, observed: run.modelCalls };
    case "max_cost":
      return { check, passed: run.cost !== null && run.cost <= check.max, observed: run.cost };
    case "max_duration_ms":
      return { check, passed: run.durationMs <= check.max, observed: run.durationMs };
  }
}

/** Every check's outcome; a case passes when the run completed and all of them pass. */
export function evaluateChecks(
  checks: Check[],
  run: CaseRunOutput,
): { outcomes: CheckOutcome[]; passed: boolean } {
  const outcomes = checks.map((c) => evaluateCheck(c, run));
  return { outcomes, passed: run.tree.status === "completed" && outcomes.every((o) => o.passed) };
}
