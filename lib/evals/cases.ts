// An eval case as it is written, stored and exported (JSONL: one case per line).
import { z } from "zod";
import { checkSchema } from "./checks";
import { judgeSchema } from "./judge";

export const MAX_CASES_PER_SUITE = 200;
const MAX_INPUT = 20_000;

export const caseSchema = z.object({
  name: z.string().trim().max(120).default(""),
  input: z.string().trim().min(1, "the input message is empty").max(MAX_INPUT),
  checks: z.array(checkSchema).max(20).default([]),
  /** Optional: a rubric graded 1–5 by a chosen endpoint and model. */
  judge: judgeSchema.optional(),
  /**
   * Files attached to the input message, by name among the suite owner's uploads (My files): names,
   * not ids, so an exported suite imports on another installation or for another owner who has
   * files of those names. Whether each exists is checked when the cases are saved (case-files.ts).
   */
  files: z.array(z.string().trim().min(1, "a file name is empty").max(255)).max(20).default([]),
});
export type CaseInput = z.input<typeof caseSchema>;
export type EvalCaseData = z.output<typeof caseSchema>;

export interface JsonlProblem {
  /** 1-based line number in the file. */
  line: number;
  message: string;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  const path = issue.path.length ? `${issue.path.join(".")}: ` : "";
  return `${path}${issue.message}`;
}

/**
 * Parses a JSONL file of cases: every bad line is reported (its number and what is wrong), and
 * no case is returned unless all lines are good, so an import is all or nothing. Blank lines are skipped.
 */
export function parseCasesJsonl(
  text: string,
): { ok: true; cases: EvalCaseData[]; lines: number[] } | { ok: false; problems: JsonlProblem[] } {
  const cases: EvalCaseData[] = [];
  /** The line of each case, for problems found after parsing (a missing file). */
  const caseLines: number[] = [];
  const problems: JsonlProblem[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (!raw.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      problems.push({ line, message: "not valid JSON" });
      return;
    }
    const parsed = caseSchema.safeParse(value);
    if (parsed.success) {
      cases.push(parsed.data);
      caseLines.push(line);
    } else problems.push({ line, message: parsed.error.issues.map(issueMessage).join("; ") });
  });
  if (!problems.length && cases.length > MAX_CASES_PER_SUITE)
    problems.push({ line: lines.length, message: `more than ${MAX_CASES_PER_SUITE} cases` });
  if (!problems.length && !cases.length) problems.push({ line: 1, message: "no cases in the file" });
  return problems.length ? { ok: false, problems } : { ok: true, cases, lines: caseLines };
}

/** One line per case, in the same shape the import reads. */
export function casesToJsonl(cases: EvalCaseData[]): string {
  return `${cases
    .map((c) =>
      JSON.stringify({
        name: c.name,
        input: c.input,
        checks: c.checks,
        ...(c.judge ? { judge: c.judge } : {}),
        ...(c.files?.length ? { files: c.files } : {}),
      }),
    )
    .join("\n")}\n`;
}
