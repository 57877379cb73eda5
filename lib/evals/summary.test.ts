import { describe, expect, it } from "vitest";
import { percentile, summarize, summaryDelta } from "./summary";

describe("eval summary", () => {
  it("nearest-rank percentiles", () => {
    expect(percentile([], 50)).toBe(0);
    expect(percentile([5], 95)).toBe(5);
    expect(percentile([4, 1, 3, 2], 50)).toBe(2);
    expect(
      percentile(
        [...Array(100).keys()].map((i) => i + 1),
        95,
      ),
    ).toBe(95);
  });

  it("pass rate, mean known cost and durations per version, and the delta", () => {
    const [a, b] = summarize(
      [
        { version: 1, outcome: "passed", cost: 0.2, durationMs: 100, judge: null },
        { version: 1, outcome: "failed", cost: null, durationMs: 300, judge: null },
        { version: 2, outcome: "passed", cost: 0.1, durationMs: 50, judge: null },
        { version: 2, outcome: "passed", cost: 0.3, durationMs: 70, judge: null },
      ],
      [1, 2],
    );
    expect(a).toEqual({
      version: 1,
      cases: 2,
      passRate: 0.5,
      meanCost: 0.2,
      p50DurationMs: 100,
      p95DurationMs: 300,
      judgeMean: null,
      judged: 0,
    });
    expect(b.passRate).toBe(1);
    expect(b.meanCost).toBeCloseTo(0.2);
    const d = summaryDelta(a, b);
    expect(d.passRate).toBe(0.5);
    expect(d.p95DurationMs).toBe(-230);
    expect(d.judgeMean).toBeNull();
  });

  it("the judge's mean over graded cases only, and its delta", () => {
    const graded = (score: number) => ({
      score,
      reasoning: "",
      endpoint: "e",
      model: "m",
      inputTokens: 1,
      outputTokens: 1,
      cost: null,
    });
    const row = { outcome: "passed" as const, cost: null, durationMs: 1 };
    const [a, b] = summarize(
      [
        { ...row, version: 1, judge: graded(2) },
        { ...row, version: 1, judge: { error: "refused", endpoint: "e", model: "m" } },
        { ...row, version: 2, judge: graded(4) },
        { ...row, version: 2, judge: graded(5) },
      ],
      [1, 2],
    );
    expect([a.judgeMean, a.judged, b.judgeMean, b.judged]).toEqual([2, 1, 4.5, 2]);
    expect(summaryDelta(a, b).judgeMean).toBe(2.5);
  });
});
