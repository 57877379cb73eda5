import type { ReactNode } from "react";
import type { ActionResult } from "@/lib/action-result";

/** A status line: green for what went well, red for what did not. */
export function StatusLine({ ok, message, code }: { ok?: boolean; message?: string | null; code?: string }) {
  if (!message) return null;
  return (
    <p
      role={ok ? "status" : "alert"}
      data-testid="form-status"
      data-code={code}
      className={`rounded-lg px-3 py-2 text-sm ${
        ok
          ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200"
          : "bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300"
      }`}
    >
      {message}
    </p>
  );
}

/** The outcome of a form's action: its message, green when it was saved, red when nothing was saved. */
export function FormStatus({ result }: { result: ActionResult<unknown> | null | undefined }) {
  if (!result) return null;
  if (result.ok) return <StatusLine ok message={result.message} />;
  return <StatusLine message={result.error.message} code={result.error.code} />;
}

/** A labelled form control with its hint or error message below it. */
export function FieldShell({
  label,
  name,
  error,
  hint,
  children,
}: {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={`f-${name}`} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      {children}
      {error ? (
        <p
          id={`${name}-error`}
          className="text-xs text-red-600 dark:text-red-400"
          data-testid={`error-${name}`}
        >
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-zinc-500">{hint}</p>
      ) : null}
    </div>
  );
}
