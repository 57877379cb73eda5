/**
 * The demo as an eval judge: a message that starts with the judge's heading (lib/evals/judge.ts)
 * gets a fixed grade, 4 of 5, as the JSON the judge is asked for — deterministic, so an eval with
 * a judge can be checked end to end offline. It does not read the rubric.
 */
import { JUDGE_HEADING } from "../../evals/judge";
import type { Locale } from "../../i18n/locales";
import { demoT } from "./i18n";

export const DEMO_JUDGE_SCORE = 4;

export function isJudgePrompt(request: string): boolean {
  return request.startsWith(JUDGE_HEADING);
}

export function judgeReply(locale: Locale): string {
  return JSON.stringify({
    score: DEMO_JUDGE_SCORE,
    reasoning: demoT(locale)("demo.judge.reasoning", { score: DEMO_JUDGE_SCORE }),
  });
}
