"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import type { SaveCasesAction } from "./types";

const EXAMPLE = '{"name":"greets","input":"Say hello","checks":[{"kind":"contains","value":"Hello"}]}';

/**
 * The suite's cases as JSONL, one case per line — the same text the import reads and the export
 * writes, so editing, importing and exporting are one thing. Saving replaces all cases or none.
 */
export function CasesEditor({
  agentId,
  mayEdit,
  count,
  jsonl,
  save,
}: {
  agentId: string;
  mayEdit: boolean;
  count: number;
  jsonl: string;
  save: SaveCasesAction;
}) {
  const t = useTranslations("evals.cases");
  const router = useRouter();
  const [text, setText] = useState(jsonl);
  const [pending, start] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "application/jsonl" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "eval-cases.jsonl";
    a.click();
    URL.revokeObjectURL(url);
  };
  const readFile = async (file: File | undefined) => {
    if (file) setText(await file.text());
  };

  return (
    <section
      aria-labelledby="eval-cases-title"
      className="space-y-3 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <h2 id="eval-cases-title" className="text-lg font-semibold">
        {t("title", { count })}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("help")}</p>
      <label htmlFor="eval-cases-jsonl" className="block text-sm font-medium">
        {t("label")}
      </label>
      <textarea
        id="eval-cases-jsonl"
        data-testid="eval-cases"
        value={text}
        readOnly={!mayEdit}
        onChange={(e) => setText(e.target.value)}
        placeholder={EXAMPLE}
        rows={8}
        spellCheck={false}
        className="w-full rounded-lg border border-zinc-300 bg-white p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
      />
      {message && (
        <p
          role={message.ok ? "status" : "alert"}
          data-testid="eval-cases-message"
          className={
            message.ok
              ? "text-sm text-green-800 dark:text-green-300"
              : "text-sm text-red-800 dark:text-red-300"
          }
        >
          {message.text}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {mayEdit && (
          <>
            <button
              type="button"
              data-testid="eval-cases-save"
              disabled={pending}
              className="rounded-lg bg-accent-600 px-3 py-2 text-sm font-medium text-white hover:bg-accent-700 disabled:opacity-60"
              onClick={() =>
                start(async () => {
                  const res = await save({ agentId, jsonl: text });
                  setMessage(
                    res.ok
                      ? { ok: true, text: t("saved", { count: res.data.count }) }
                      : { ok: false, text: res.error.message },
                  );
                  if (res.ok) router.refresh();
                })
              }
            >
              {t("save")}
            </button>
            <label className="cursor-pointer rounded-lg border border-zinc-300 px-3 py-2 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800">
              {t("import")}
              <input
                type="file"
                accept=".jsonl,.json,.txt,application/jsonl"
                className="sr-only"
                onChange={(e) => void readFile(e.target.files?.[0])}
              />
            </label>
          </>
        )}
        <button
          type="button"
          disabled={!text}
          onClick={download}
          className="rounded-lg border border-zinc-300 px-3 py-2 text-sm hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          {t("export")}
        </button>
      </div>
    </section>
  );
}
