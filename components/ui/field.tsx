import type { InputHTMLAttributes } from "react";
import { inputClass } from "./styles";

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
        className={inputClass}
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
