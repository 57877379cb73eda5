"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState, useTransition } from "react";
import { EvalResults } from "./eval-results";
import type { CancelEvalAction, EvalRunJson, EvalRunSummaryRow, StartEvalAction } from "./types";

const POLL_MS = 1000;

/** Follows a running eval run with GET /api/evals/:id until it ends. */
function useLiveRun(initial: EvalRunJson | null) {
  const [run, setRun] = useState(initial);
  useEffect(() => setRun(initial), [initial]);
  useEffect(() => {
    if (run?.status !== "RUNNING") return;
    let stopped = false;
    const timer = setTimeout(async () => {
      const res = await fetch(`/api/evals/${run.id}`, { cache: "no-store" }).catch(() => null);
      if (!stopped && res?.ok) setRun((await res.json()) as EvalRunJson);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [run]);
  return run;
}

function VersionSelect({
  id,
  label,
  value,
  versions,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  versions: number[];
  onChange: (v: number) => void;
}) {
  const t = useTranslations("evals.run");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        data-testid={id}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="rounded-lg border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      >
        {versions.map((v) => (
          <option key={v} value={v}>
            {t("version", { version: v })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Pick two versions and run the suite against both; follow, cancel and compare; past eval runs. */
export function EvalRunner({
  agentId,
  versions,
  hasCases,
  history,
  run: initialRun,
  start,
  cancel,
}: {
  agentId: string;
  /** Saved versions, newest first. */
  versions: number[];
  hasCases: boolean;
  history: EvalRunSummaryRow[];
  run: EvalRunJson | null;
  start: StartEvalAction;
  cancel: CancelEvalAction;
}) {
  const t = useTranslations("evals.run");
  const format = useFormatter();
  const router = useRouter();
  const [a, setA] = useState(versions[1] ?? versions[0] ?? 1);
  const [b, setB] = useState(versions[0] ?? 1);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const run = useLiveRun(initialRun);

  const launch = () =>
    startTransition(async () => {
      setError(null);
      const res = await start({ agentId, versions: a === b ? [a] : [a, b] });
      if (!res.ok) setError(res.error.message);
      else router.push(`/agents/${agentId}/evals?run=${res.data.id}`);
    });
  const stop = (evalRunId: string) =>
    startTransition(async () => {
      const res = await cancel({ evalRunId });
      if (!res.ok) setError(res.error.message);
      router.refresh();
    });

  return (
    <section
      aria-labelledby="eval-run-title"
      className="space-y-4 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <h2 id="eval-run-title" className="text-lg font-semibold">
        {t("title")}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <VersionSelect
          id="eval-version-a"
          label={t("versionA")}
          value={a}
          versions={versions}
          onChange={setA}
        />
        <VersionSelect
          id="eval-version-b"
          label={t("versionB")}
          value={b}
          versions={versions}
          onChange={setB}
        />
        <button
          type="button"
          data-testid="eval-start"
          disabled={pending || !hasCases}
          onClick={launch}
          className="rounded-lg bg-accent-600 px-3 py-2 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-60"
        >
          {t("start")}
        </button>
      </div>
      {!hasCases && <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("noCases")}</p>}
      {error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      )}

      {run && (
        <div className="space-y-3" data-testid="eval-run" data-status={run.status}>
          <div className="flex flex-wrap items-center gap-3">
            <progress
              className="h-2 w-48 accent-accent-600"
              max={run.total}
              value={run.done}
              aria-label={t("progressLabel")}
              data-testid="eval-progress"
            />
            <span className="text-sm" data-testid="eval-status">
              {t("progress", { done: run.done, total: run.total, status: run.status })}
            </span>
            {run.status === "RUNNING" && (
              <button
                type="button"
                data-testid="eval-cancel"
                disabled={pending}
                onClick={() => stop(run.id)}
                className="rounded-md border border-zinc-300 px-2 py-1 text-sm hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                {t("cancel")}
              </button>
            )}
          </div>
          {run.done > 0 && (
            <p className="flex flex-wrap gap-3 text-sm">
              {(["csv", "json"] as const).map((format) => (
                <a
                  key={format}
                  href={`/api/evals/${run.id}/export?format=${format}`}
                  download
                  data-testid={`eval-export-${format}`}
                  className="text-accent-700 underline underline-offset-2 dark:text-accent-100"
                >
                  {t("export", { format })}
                </a>
              ))}
            </p>
          )}
          <EvalResults run={run} />
        </div>
      )}

      {history.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">{t("history")}</h3>
          <ul className="mt-2 space-y-1 text-sm" data-testid="eval-history">
            {history.map((h) => (
              <li key={h.id}>
                <Link
                  href={`/agents/${agentId}/evals?run=${h.id}`}
                  aria-current={h.id === run?.id ? "true" : undefined}
                  className="text-accent-700 underline-offset-2 hover:underline dark:text-accent-100"
                >
                  <time dateTime={h.createdAt} suppressHydrationWarning>
                    {format.dateTime(new Date(h.createdAt), { dateStyle: "medium", timeStyle: "short" })}
                  </time>
                </Link>{" "}
                <span className="text-zinc-600 dark:text-zinc-400">
                  {t("historyRow", {
                    versions: h.versions.map((v) => t("version", { version: v })).join(" · "),
                    done: h.done,
                    total: h.total,
                    status: h.status,
                  })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
