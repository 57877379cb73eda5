// The judge of an eval case: a rubric graded 1–5 by a chosen endpoint and model. Pure (no I/O), so
// the results table shows the very prompt the judge was given (lib/evals/run-judge.ts sends it).
import { z } from "zod";

export const judgeSchema = z.object({
  /** What a good answer does, in the case author's words. */
  rubric: z.string().trim().min(1, "the rubric is empty").max(4000),
  /** An endpoint id the person running the eval may use (the builder's endpoint list). */
  endpoint: z.string().trim().min(1).max(200),
  model: z.string().trim().min(1).max(200),
});
export type JudgeSpec = z.infer<typeof judgeSchema>;

/** What a result stores of its judge: a grade, or why there is none. */
export type JudgeOutcome =
  | {
      score: number;
      reasoning: string;
      endpoint: string;
      model: string;
      inputTokens: number;
      outputTokens: number;
      cost: number | null;
    }
  | { error: string; endpoint: string; model: string };

export const JUDGE_INSTRUCTIONS =
  "You are an impartial judge of an AI agent's answer. Grade the answer against the rubric on a " +
  "scale of 1 (fails the rubric) to 5 (fully meets it). Reply with JSON only: " +
  '{"score": <1-5>, "reasoning": "<one or two sentences>"}.';

/** The first line of the judge's message: the demo model recognises a judge prompt by it. */
export const JUDGE_HEADING = "Grade this answer against the rubric.";

/** The judge's message: the rubric, the case's input and the answer to grade. */
export function judgeMessage({ rubric, input, output }: { rubric: string; input: string; output: string }) {
  return [
    JUDGE_HEADING,
    "",
    "## Rubric",
    rubric,
    "",
    "## The user's message",
    input,
    "",
    "## The answer",
    output,
  ].join("\n");
}

const replySchema = z.object({
  score: z.coerce.number().int().min(1).max(5),
  reasoning: z.string().trim().max(4000).default(""),
});

/**
 * The score and reasoning in the judge's reply: a JSON object (possibly in a code fence or among
 * other words), else a "Score: N" line; null when there is neither.
 */
export function parseJudgeReply(text: string): { score: number; reasoning: string } | null {
  const json = text.match(/\{[\s\S]*\}/)?.[0];
  if (json) {
    try {
      const parsed = replySchema.safeParse(JSON.parse(json));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON after all: try the plain form below.
    }
  }
  const score = text.match(/score\W{0,3}([1-5])\b/i)?.[1];
  return score ? { score: Number(score), reasoning: text.trim().slice(0, 4000) } : null;
}
