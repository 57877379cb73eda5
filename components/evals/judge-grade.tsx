"use client";
import { useTranslations } from "next-intl";
import { JUDGE_INSTRUCTIONS, type JudgeOutcome, type JudgeSpec, judgeMessage } from "@/lib/evals/judge";

/**
 * A case's grade by its judge (score, reasoning, which model) and, folded, the exact prompt it was
 * given: the same instructions and message lib/evals/run-judge.ts sends.
 */
export function JudgeGrade({
  judge,
  spec,
  input,
  output,
}: {
  judge: JudgeOutcome;
  spec: JudgeSpec | undefined;
  input: string;
  output: string;
}) {
  const t = useTranslations("evals.judge");
  return (
    <div className="space-y-1 text-xs" data-testid="eval-judge">
      {"score" in judge ? (
        <>
          <p className="font-semibold" data-testid="eval-judge-score" data-score={judge.score}>
            {t("score", { score: judge.score })}
          </p>
          <p className="text-zinc-700 dark:text-zinc-300">{judge.reasoning}</p>
        </>
      ) : (
        <p className="text-red-800 dark:text-red-300">{t("failed", { reason: judge.error })}</p>
      )}
      <p className="text-zinc-600 dark:text-zinc-400">
        {t("by", { model: judge.model, endpoint: judge.endpoint })}
      </p>
      {spec && (
        <details>
          <summary className="cursor-pointer text-accent-700 underline-offset-2 hover:underline dark:text-accent-100">
            {t("prompt")}
          </summary>
          <pre
            className="mt-1 whitespace-pre-wrap break-words rounded border border-zinc-200 p-2 font-mono dark:border-zinc-800"
            data-testid="eval-judge-prompt"
          >
            {`${JUDGE_INSTRUCTIONS}\n\n${judgeMessage({ rubric: spec.rubric, input, output })}`}
          </pre>
        </details>
      )}
    </div>
  );
}
