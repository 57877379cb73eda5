"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { wordDiff } from "@/lib/evals/diff";

/**
 * Version A's answer against version B's, word by word. Removed words are struck through and added
 * ones underlined (not colour alone), and a screen reader hears "removed:"/"added:" before each.
 * Computed only once opened: the diff is quadratic in the answers' length.
 */
export function OutputDiff({ a, b, versions }: { a: string; b: string; versions: [number, number] }) {
  const t = useTranslations("evals.diff");
  const [open, setOpen] = useState(false);
  const parts = open ? wordDiff(a, b) : [];
  const same = a === b;
  return (
    <details
      className="text-xs"
      data-testid="eval-diff"
      onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="cursor-pointer text-accent-700 underline-offset-2 hover:underline dark:text-accent-100">
        {same
          ? t("summarySame", { a: versions[0], b: versions[1] })
          : t("summary", { a: versions[0], b: versions[1] })}
      </summary>
      {open && (
        <div className="mt-2 space-y-2">
          <p className="text-zinc-600 dark:text-zinc-400">{t("legend")}</p>
          {parts === null ? (
            <p data-testid="eval-diff-too-long">{t("tooLong")}</p>
          ) : (
            <p
              className="whitespace-pre-wrap break-words rounded border border-zinc-200 p-2 dark:border-zinc-800"
              data-testid="eval-diff-text"
            >
              {parts.map((p, i) =>
                p.kind === "same" ? (
                  <span key={i}>{p.text}</span>
                ) : p.kind === "removed" ? (
                  <del
                    key={i}
                    className="bg-red-100 text-red-900 line-through dark:bg-red-900/40 dark:text-red-100"
                  >
                    <span className="sr-only">{t("removed")}</span>
                    {p.text}
                  </del>
                ) : (
                  <ins
                    key={i}
                    className="bg-green-100 text-green-900 underline dark:bg-green-900/40 dark:text-green-100"
                  >
                    <span className="sr-only">{t("added")}</span>
                    {p.text}
                  </ins>
                ),
              )}
            </p>
          )}
        </div>
      )}
    </details>
  );
}
