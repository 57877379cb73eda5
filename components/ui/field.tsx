import type { InputHTMLAttributes } from "react";

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

/** A labelled input with its error message tied to it for screen readers. */
export function Field({ label, name, error, hint, ...input }: FieldProps) {
  const errorId = `${name}-error`;
  return (
    <label className="block space-y-1.5">
      <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{label}</span>
      <input
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs outline-none transition focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
        {...input}
      />
      {error ? (
        <span
          id={errorId}
          className="block text-xs text-red-600 dark:text-red-400"
          data-testid={`error-${name}`}
        >
          {error}
        </span>
      ) : hint ? (
        <span className="block text-xs text-zinc-500">{hint}</span>
      ) : null}
    </label>
  );
}
