"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import type { StartEvalAction } from "./types";

export interface VersionEvalPromptData {
  previous: number;
  current: number;
  last: {
    id: string;
    status: "RUNNING" | "COMPLETED" | "CANCELLED";
    createdAt: string;
    cases: number;
    done: number;
    passed: number;
  } | null;
}

/**
 * In the builder, under the form: how the previous version did in its last eval, and one click to
 * run the suite against it and the version just saved.
 */
export function VersionEvalPrompt({
  agentId,
  data,
  start,
}: {
  agentId: string;
  data: VersionEvalPromptData;
  start: StartEvalAction;
}) {
  const t = useTranslations("evals.versionPrompt");
  const format = useFormatter();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const { previous, current, last } = data;
  const run = () =>
    startTransition(async () => {
      setError(null);
      const res = await start({ agentId, versions: [previous, current] });
      if (!res.ok) setError(res.error.message);
      else router.push(`/agents/${agentId}/evals?run=${res.data.id}`);
    });
  return (
    <section
      aria-labelledby="version-eval-title"
      data-testid="version-eval-prompt"
      className="space-y-2 rounded-xl border border-zinc-200 bg-white p-4 text-sm dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <h2 id="version-eval-title" className="font-semibold">
        {t("title", { version: current })}
      </h2>
      <p data-testid="version-eval-last">
        {last ? (
          <Link
            href={`/agents/${agentId}/evals?run=${last.id}`}
            className="text-accent-700 underline underline-offset-2 dark:text-accent-100"
          >
            {t.rich("last", {
              version: previous,
              passed: last.passed,
              cases: last.cases,
              status: last.status,
              date: format.dateTime(new Date(last.createdAt), { dateStyle: "medium", timeStyle: "short" }),
              // The browser's time zone may differ from the server's render (as in the eval history).
              time: (chunks) => (
                <time dateTime={last.createdAt} suppressHydrationWarning>
                  {chunks}
                </time>
              ),
            })}
          </Link>
        ) : (
          t("none", { version: previous })
        )}
      </p>
      <button
        type="button"
        data-testid="version-eval-run"
        disabled={pending}
        onClick={run}
        className="rounded-lg bg-accent-600 px-3 py-2 font-medium text-white hover:bg-accent-700 disabled:opacity-60"
      >
        {t("run", { a: previous, b: current })}
      </button>
      {error && (
        <p role="alert" className="text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
