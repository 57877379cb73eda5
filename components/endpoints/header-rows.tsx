"use client";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { inputClass, secondaryButton } from "@/components/ui/styles";

export interface HeaderRow {
  name: string;
  value: string;
  /** The server stores a value for this header; an empty value keeps it. */
  stored?: boolean;
}

/**
 * Secret name/value rows (HTTP headers by default; MCP stdio servers use it for environment
 * variables). Stored values are never sent back: empty = keep.
 */
export function HeaderRows({
  rows,
  onChange,
  error,
  legend,
  what = "header",
  namePlaceholder = "X-Header-Name",
  testPrefix = "header",
  hint,
}: {
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  error?: string;
  legend?: string;
  /** What a row is: names the rows' labels and buttons (endpoints.headers.row*.header / .variable). */
  what?: "header" | "variable";
  namePlaceholder?: string;
  testPrefix?: string;
  hint?: string;
}) {
  const t = useTranslations("endpoints.headers");
  const set = (i: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="space-y-2" data-testid={`${testPrefix}-rows`}>
      <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {legend ?? t("legend")}
      </legend>
      {rows.map((row, i) => (
        <div key={i} className="flex gap-2">
          <input
            aria-label={t(`rowName.${what}`, { n: i + 1 })}
            className={`${inputClass} font-mono`}
            placeholder={namePlaceholder}
            value={row.name}
            onChange={(e) => set(i, { name: e.target.value, stored: false })}
            data-testid={`${testPrefix}-name-${i}`}
          />
          <input
            aria-label={t(`rowValue.${what}`, { n: i + 1 })}
            type="password"
            autoComplete="off"
            className={inputClass}
            placeholder={row.stored ? t("storedPlaceholder") : t("valuePlaceholder")}
            value={row.value}
            onChange={(e) => set(i, { value: e.target.value })}
            data-testid={`${testPrefix}-value-${i}`}
          />
          <button
            type="button"
            className={secondaryButton}
            aria-label={t(`rowRemove.${what}`, { n: i + 1 })}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ))}
      <button
        type="button"
        className={secondaryButton}
        onClick={() => onChange([...rows, { name: "", value: "" }])}
        data-testid={`add-${testPrefix}`}
      >
        {t(`rowAdd.${what}`)}
      </button>
      {error ? (
        <p className="text-xs text-red-600 dark:text-red-400" data-testid={`error-${testPrefix}s`}>
          {error}
        </p>
      ) : (
        <p className="text-xs text-zinc-500">{hint ?? t("hint")}</p>
      )}
    </fieldset>
  );
}
