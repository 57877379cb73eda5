"use client";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { Fragment } from "react";
import { useCostText } from "@/components/chat/cost";
import { JudgeGrade } from "./judge-grade";
import { OutputDiff } from "./output-diff";
import type { EvalRunJson } from "./types";

type Result = EvalRunJson["results"][number];
type Case = EvalRunJson["cases"][number];

function Outcome({ outcome }: { outcome: Result["outcome"] }) {
  const t = useTranslations("evals.results");
  const style =
    outcome === "passed"
      ? "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100"
      : outcome === "failed"
        ? "bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100"
        : "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100";
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${style}`}>{t(`outcome.${outcome}`)}</span>
  );
}

function Cell({ result, evalCase, mine }: { result: Result | undefined; evalCase: Case; mine: boolean }) {
  const t = useTranslations("evals.results");
  const format = useFormatter();
  const costText = useCostText();
  if (!result) return <span className="text-sm text-zinc-600 dark:text-zinc-400">{t("pending")}</span>;
  return (
    <div
      className="space-y-1 text-sm"
      data-testid={`eval-cell-${result.caseId}-${result.version}`}
      data-outcome={result.outcome}
    >
      <Outcome outcome={result.outcome} />
      {result.error && result.outcome === "error" && (
        <p className="text-xs text-red-800 dark:text-red-300">{result.error.message}</p>
      )}
      {result.checks.length > 0 && (
        <ul className="space-y-0.5 text-xs">
          {result.checks.map((c, i) => (
            <li key={i}>
              <span aria-hidden="true">{c.passed ? "✓" : "✗"}</span>{" "}
              {t("check", { kind: c.check.kind, passed: String(c.passed) })}
              {/* A failed check's report in words (e.g. where a JSON answer breaks its schema). */}
              {!c.passed && typeof c.observed === "string" && (
                <span className="block text-zinc-600 dark:text-zinc-400" data-testid="eval-check-observed">
                  {t("observed", { observed: c.observed })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {result.judge && (
        <JudgeGrade
          judge={result.judge}
          spec={evalCase.judge}
          input={evalCase.input}
          output={result.output}
        />
      )}
      <p className="line-clamp-3 text-xs text-zinc-700 dark:text-zinc-300" data-testid="eval-output">
        {result.output}
      </p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {t("figures", {
          tokens: format.number(result.inputTokens + result.outputTokens),
          calls: result.modelCalls,
          cost: costText(result.cost),
          seconds: format.number(result.durationMs / 1000, { maximumFractionDigits: 2 }),
        })}
      </p>
      {mine && result.conversationId && (
        <Link
          href={`/chat/${result.conversationId}`}
          data-testid="eval-trace"
          className="text-xs text-accent-700 underline dark:text-accent-100"
        >
          {t("trace")}
        </Link>
      )}
    </div>
  );
}

/** Under a case's row: its answer at version A against version B, once both are in. */
function DiffRow({ run, caseId }: { run: EvalRunJson; caseId: string }) {
  if (run.versions.length !== 2) return null;
  const [va, vb] = run.versions;
  const a = run.results.find((r) => r.caseId === caseId && r.version === va);
  const b = run.results.find((r) => r.caseId === caseId && r.version === vb);
  if (!a || !b) return null;
  return (
    <tr className="border-b border-zinc-100 dark:border-zinc-800">
      <td colSpan={3} className="py-2 pr-3">
        <OutputDiff a={a.output} b={b.output} versions={[va, vb]} />
      </td>
    </tr>
  );
}

/** The table case × version with each check, figures and a link to the run's trace; summary deltas. */
export function EvalResults({ run }: { run: EvalRunJson }) {
  const t = useTranslations("evals.results");
  const format = useFormatter();
  const costText = useCostText();
  const pct = (x: number) => format.number(x, { style: "percent", maximumFractionDigits: 0 });
  const ms = (x: number) => format.number(x / 1000, { maximumFractionDigits: 2 });
  const signed = (x: string, n: number) => (n > 0 ? `+${x}` : x);
  const score = (x: number) => format.number(x, { maximumFractionDigits: 2 });
  // The judge's column only where some case has a judge.
  const judged = run.cases.some((c) => c.judge);
  return (
    <div className="space-y-4">
      {/* Scrolls sideways on a phone: focusable so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1) */}
      <section className="overflow-x-auto" tabIndex={0} aria-label={t("caption")}>
        <table className="w-full min-w-[36rem] border-collapse text-left" data-testid="eval-results">
          <caption className="sr-only">{t("caption")}</caption>
          <thead>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <th scope="col" className="py-2 pr-3 text-sm font-semibold">
                {t("case")}
              </th>
              {run.versions.map((v) => (
                <th key={v} scope="col" className="py-2 pr-3 text-sm font-semibold">
                  {t("version", { version: v })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {run.cases.map((c) => (
              <Fragment key={c.id}>
                <tr className="border-b border-zinc-100 align-top dark:border-zinc-800">
                  <th scope="row" className="max-w-48 py-2 pr-3 text-sm font-medium">
                    {c.name || c.input}
                    {c.files?.length ? (
                      <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">
                        {t("caseFiles", { names: c.files.join(", ") })}
                      </span>
                    ) : null}
                  </th>
                  {run.versions.map((v) => (
                    <td key={v} className="py-2 pr-3">
                      <Cell
                        result={run.results.find((r) => r.caseId === c.id && r.version === v)}
                        evalCase={c}
                        mine={run.mine}
                      />
                    </td>
                  ))}
                </tr>
                <DiffRow run={run} caseId={c.id} />
              </Fragment>
            ))}
          </tbody>
        </table>
      </section>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1) */}
      <section className="overflow-x-auto" tabIndex={0} aria-label={t("summaryCaption")}>
        <table className="w-full min-w-[30rem] border-collapse text-left text-sm" data-testid="eval-summary">
          <caption className="sr-only">{t("summaryCaption")}</caption>
          <thead>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <th scope="col" className="py-1 pr-3 font-semibold">
                {t("versionColumn")}
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {t("passRate")}
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {t("meanCost")}
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {t("p50")}
              </th>
              <th scope="col" className="py-1 pr-3 font-semibold">
                {t("p95")}
              </th>
              {judged && (
                <th scope="col" className="py-1 pr-3 font-semibold">
                  {t("judgeMean")}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {run.summaries.map((s) => (
              <tr key={s.version} className="border-b border-zinc-100 dark:border-zinc-800">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {t("version", { version: s.version })}
                </th>
                <td className="py-1 pr-3">{pct(s.passRate)}</td>
                <td className="py-1 pr-3">{costText(s.meanCost)}</td>
                <td className="py-1 pr-3">{t("seconds", { seconds: ms(s.p50DurationMs) })}</td>
                <td className="py-1 pr-3">{t("seconds", { seconds: ms(s.p95DurationMs) })}</td>
                {judged && (
                  <td className="py-1 pr-3" data-testid={`eval-judge-mean-${s.version}`}>
                    {s.judgeMean === null ? t("notGraded") : score(s.judgeMean)}
                  </td>
                )}
              </tr>
            ))}
            {run.delta && (
              <tr data-testid="eval-delta">
                <th scope="row" className="py-1 pr-3 font-medium">
                  {t("delta")}
                </th>
                <td className="py-1 pr-3">{signed(pct(run.delta.passRate), run.delta.passRate)}</td>
                <td className="py-1 pr-3">
                  {run.delta.meanCost === null
                    ? costText(null)
                    : signed(costText(run.delta.meanCost), run.delta.meanCost)}
                </td>
                <td className="py-1 pr-3">
                  {t("seconds", { seconds: signed(ms(run.delta.p50DurationMs), run.delta.p50DurationMs) })}
                </td>
                <td className="py-1 pr-3">
                  {t("seconds", { seconds: signed(ms(run.delta.p95DurationMs), run.delta.p95DurationMs) })}
                </td>
                {judged && (
                  <td className="py-1 pr-3">
                    {run.delta.judgeMean === null
                      ? t("notGraded")
                      : signed(score(run.delta.judgeMean), run.delta.judgeMean)}
                  </td>
                )}
              </tr>
            )}
          </tbody>
        </table>
      </section>
    </div>
  );
}
