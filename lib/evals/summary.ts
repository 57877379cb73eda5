// Per-version figures of an eval run and their deltas (pure: over stored results).
import type { JudgeOutcome } from "./judge";

export interface SummaryInput {
  version: number;
  outcome: "passed" | "failed" | "error";
  cost: number | null;
  durationMs: number;
  judge: JudgeOutcome | null;
}

export interface VersionSummary {
  version: number;
  cases: number;
  passRate: number;
  /** Mean cost of the cases whose cost is known; null when none is. */
  meanCost: number | null;
  p50DurationMs: number;
  p95DurationMs: number;
  /** Mean of the judge's scores (1–5) over the graded cases; null when none was graded. */
  judgeMean: number | null;
  /** How many cases the judge graded. */
  judged: number;
}

/** The nearest-rank percentile of `values` (0 for none). */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(results: SummaryInput[], versions: number[]): VersionSummary[] {
  return versions.map((version) => {
    const rows = results.filter((r) => r.version === version);
    const costs = rows.flatMap((r) => (r.cost === null ? [] : [r.cost]));
    const durations = rows.map((r) => r.durationMs);
    const scores = rows.flatMap((r) => (r.judge && "score" in r.judge ? [r.judge.score] : []));
    return {
      version,
      cases: rows.length,
      passRate: rows.length ? rows.filter((r) => r.outcome === "passed").length / rows.length : 0,
      meanCost: costs.length ? costs.reduce((a, b) => a + b, 0) / costs.length : null,
      p50DurationMs: percentile(durations, 50),
      p95DurationMs: percentile(durations, 95),
      judgeMean: scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null,
      judged: scores.length,
    };
  });
}

/** The second version's figures minus the first's (null where either side's cost or judge mean is unknown). */
export function summaryDelta(a: VersionSummary, b: VersionSummary) {
  return {
    passRate: b.passRate - a.passRate,
    meanCost: a.meanCost === null || b.meanCost === null ? null : b.meanCost - a.meanCost,
    p50DurationMs: b.p50DurationMs - a.p50DurationMs,
    p95DurationMs: b.p95DurationMs - a.p95DurationMs,
    judgeMean: a.judgeMean === null || b.judgeMean === null ? null : b.judgeMean - a.judgeMean,
  };
}
