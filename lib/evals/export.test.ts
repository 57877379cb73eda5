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
  judge: null,
};

describe("evalResultsCsv", () => {
  it("writes one line per case and version with the stored figures, escaping text", () => {
    const csv = evalResultsCsv(
      {
        versions: [1, 2],
        cases: [{ id: "c1", name: "=SUM(A1)", input: "a, b" }],
        results: [
          result,
          {
            ...result,
            version: 2,
            outcome: "passed",
            cost: null,
            output: "ok",
            feedback: { rating: "down" as const, comment: "Too long, =cut it" },
            judge: {
              score: 4,
              reasoning: "Good, short.",
              endpoint: "e",
              model: "m",
              inputTokens: 1,
              outputTokens: 1,
              cost: null,
            },
          },
        ],
      },
      "EUR",
    );
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "case_id,case_name,input,version,outcome,checks_passed,checks_total,failed_checks,input_tokens,output_tokens,model_calls,cost,currency,duration_ms,judge_score,judge_note,feedback,feedback_comment,error,output",
    );
    expect(lines[1]).toBe(
      `c1,'=SUM(A1),"a, b",1,failed,1,2,max_cost,10,5,2,0.000123,EUR,42,,,,,,"He said ""hi"", then\nleft"`,
    );
    // Unknown cost stays empty (not 0); the judge's score and reasoning; the starter's thumbs down.
    expect(lines[2]).toBe(
      'c1,\'=SUM(A1),"a, b",2,passed,1,2,max_cost,10,5,2,,EUR,42,4,"Good, short.",down,"Too long, =cut it",,ok',
    );
    expect(lines[3]).toBe("");
  });

  it("a judge that gave no score leaves the score empty and says why", () => {
    const csv = evalResultsCsv(
      {
        versions: [1],
        cases: [{ id: "c1", name: "n", input: "i" }],
        results: [{ ...result, judge: { error: "refused", endpoint: "e", model: "m" } }],
      },
      "USD",
    );
    expect(csv.split("\r\n")[1]).toContain(",USD,42,,refused,,,,");
  });

  it("leaves out cases not run yet", () => {
    const csv = evalResultsCsv(
      { versions: [1], cases: [{ id: "c9", name: "", input: "x" }], results: [] },
      "USD",
    );
    expect(csv.split("\r\n")).toHaveLength(2);
  });
});
