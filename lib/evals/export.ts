// An eval run's results as a CSV download: one line per case and version, the figures exactly as
// stored. Column names are a stable data format (for spreadsheets and scripts), not UI text.
import { csvText } from "@/lib/http/csv";
import type { CheckOutcome } from "./checks";
import type { JudgeOutcome } from "./judge";

const COLUMNS = [
  "case_id",
  "case_name",
  "input",
  "version",
  "outcome",
  "checks_passed",
  "checks_total",
  "failed_checks",
  "input_tokens",
  "output_tokens",
  "model_calls",
  "cost",
  "currency",
  "duration_ms",
  "judge_score",
  "judge_note",
  "feedback",
  "feedback_comment",
  "error",
  "output",
] as const;

interface ExportedRun {
  versions: number[];
  cases: { id: string; name: string; input: string }[];
  results: {
    caseId: string;
    version: number;
    outcome: string;
    checks: CheckOutcome[];
    output: string;
    error: { code: string; message: string } | null;
    inputTokens: number;
    outputTokens: number;
    modelCalls: number;
    cost: number | null;
    durationMs: number;
    judge: JudgeOutcome | null;
    /** Its starter's thumbs up/down on the case's answer (rated in the case's trace). */
    feedback?: { rating: "up" | "down"; comment: string | null } | null;
  }[];
}

/**
 * Cases in suite order, versions in run order; a case not run yet has no line. Unknown cost is
 * empty; judge_note is the judge's reasoning, or why it gave no score; feedback is the starter's
 * thumbs up/down ("up", "down" or empty) on the case's answer, with its comment.
 */
export function evalResultsCsv(run: ExportedRun, currency: string): string {
  const rows = run.cases.flatMap((c) =>
    run.versions.flatMap((version) => {
      const r = run.results.find((x) => x.caseId === c.id && x.version === version);
      if (!r) return [];
      return [
        [
          c.id,
          c.name,
          c.input,
          version,
          r.outcome,
          r.checks.filter((o) => o.passed).length,
          r.checks.length,
          r.checks
            .filter((o) => !o.passed)
            .map((o) => o.check.kind)
            .join(" "),
          r.inputTokens,
          r.outputTokens,
          r.modelCalls,
          r.cost,
          currency,
          r.durationMs,
          r.judge && "score" in r.judge ? r.judge.score : null,
          r.judge ? ("score" in r.judge ? r.judge.reasoning : r.judge.error) : null,
          r.feedback?.rating ?? null,
          r.feedback?.comment ?? null,
          r.error?.message ?? null,
          r.output,
        ],
      ];
    }),
  );
  return csvText(COLUMNS, rows);
}
