import { describe, expect, it } from "vitest";
import { evalResultsCsv } from "./export";

const result = {
  caseId: "c1",
  version: 1,
  outcome: "failed",
  checks: [
    { check: { kind: "contains" as const, value: "x" }, passed: true },
    { check: { kind: "max_cost" as const, max: 0 }, passed: false, observed: 0.25 },
  ],
  output: 'He said "hi", then\nleft',
  error: null,
  inputTokens: 10,
  outputTokens: 5,
  modelCalls: 2,
  cost: 0.000123,
  durationMs: 42,
};

describe("evalResultsCsv", () => {
  it("writes one line per case and version with the stored figures, escaping text", () => {
    const csv = evalResultsCsv(
      {
        versions: [1, 2],
        cases: [{ id: "c1", name: "=SUM(A1)", input: "a, b" }],
        results: [result, { ...result, version: 2, outcome: "passed", cost: null, output: "ok" }],
      },
      "EUR",
    );
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "case_id,case_name,input,version,outcome,checks_passed,checks_total,failed_checks,input_tokens,output_tokens,model_calls,cost,currency,duration_ms,error,output",
    );
    expect(lines[1]).toBe(
      `c1,'=SUM(A1),"a, b",1,failed,1,2,max_cost,10,5,2,0.000123,EUR,42,,"He said ""hi"", then\nleft"`,
    );
    // Unknown cost stays empty (not 0).
    expect(lines[2]).toBe('c1,\'=SUM(A1),"a, b",2,passed,1,2,max_cost,10,5,2,,EUR,42,,ok');
    expect(lines[3]).toBe("");
  });

  it("leaves out cases not run yet", () => {
    const csv = evalResultsCsv(
      { versions: [1], cases: [{ id: "c9", name: "", input: "x" }], results: [] },
      "USD",
    );
    expect(csv.split("\r\n")).toHaveLength(2);
  });
});
