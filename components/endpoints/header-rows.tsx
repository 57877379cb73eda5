"use client";
import { X } from "lucide-react";
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
  legend = "Extra headers",
  what = "Header",
  namePlaceholder = "X-Header-Name",
  testPrefix = "header",
  hint = "Sent with every request, e.g. HTTP-Referer for OpenRouter. Stored encrypted.",
}: {
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  error?: string;
  legend?: string;
  what?: string;
  namePlaceholder?: string;
  testPrefix?: string;
  hint?: string;
}) {
  const set = (i: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="space-y-2" data-testid={`${testPrefix}-rows`}>
      <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{legend}</legend>
      {rows.map((row, i) => (
        <div key={i} className="flex gap-2">
          <input
            aria-label={`${what} ${i + 1} name`}
            className={`${inputClass} font-mono`}
            placeholder={namePlaceholder}
            value={row.name}
            onChange={(e) => set(i, { name: e.target.value, stored: false })}
            data-testid={`${testPrefix}-name-${i}`}
          />
          <input
            aria-label={`${what} ${i + 1} value`}
            type="password"
            autoComplete="off"
            className={inputClass}
            placeholder={row.stored ? "•••• stored (leave empty to keep)" : "value"}
            value={row.value}
            onChange={(e) => set(i, { value: e.target.value })}
            data-testid={`${testPrefix}-value-${i}`}
          />
          <button
            type="button"
            className={secondaryButton}
            aria-label={`Remove ${what.toLowerCase()} ${i + 1}`}
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
        Add {what.toLowerCase()}
      </button>
      {error ? (
        <p className="text-xs text-red-600 dark:text-red-400" data-testid={`error-${testPrefix}s`}>
          {error}
        </p>
      ) : (
        <p className="text-xs text-zinc-500">{hint}</p>
      )}
    </fieldset>
  );
}
