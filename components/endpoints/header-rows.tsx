"use client";
import { inputClass, secondaryButton } from "@/components/ui/styles";

export interface HeaderRow {
  name: string;
  value: string;
  /** The server stores a value for this header; an empty value keeps it. */
  stored?: boolean;
}

/** Extra HTTP headers as name/value rows. Stored values are never sent back: empty = keep. */
export function HeaderRows({
  rows,
  onChange,
  error,
}: {
  rows: HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
  error?: string;
}) {
  const set = (i: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="space-y-2" data-testid="header-rows">
      <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Extra headers</legend>
      {rows.map((row, i) => (
        <div key={i} className="flex gap-2">
          <input
            aria-label={`Header ${i + 1} name`}
            className={`${inputClass} font-mono`}
            placeholder="X-Header-Name"
            value={row.name}
            onChange={(e) => set(i, { name: e.target.value, stored: false })}
            data-testid={`header-name-${i}`}
          />
          <input
            aria-label={`Header ${i + 1} value`}
            type="password"
            autoComplete="off"
            className={inputClass}
            placeholder={row.stored ? "•••• stored (leave empty to keep)" : "value"}
            value={row.value}
            onChange={(e) => set(i, { value: e.target.value })}
            data-testid={`header-value-${i}`}
          />
          <button
            type="button"
            className={secondaryButton}
            aria-label={`Remove header ${i + 1}`}
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        className={secondaryButton}
        onClick={() => onChange([...rows, { name: "", value: "" }])}
        data-testid="add-header"
      >
        Add header
      </button>
      {error ? (
        <p className="text-xs text-red-600 dark:text-red-400" data-testid="error-headers">
          {error}
        </p>
      ) : (
        <p className="text-xs text-zinc-500">
          Sent with every request, e.g. HTTP-Referer for OpenRouter. Stored encrypted.
        </p>
      )}
    </fieldset>
  );
}
