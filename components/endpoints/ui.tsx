import type { ReactNode } from "react";

// Small shared pieces of the endpoint pages (admin and personal settings).

export const inputClass =
  "block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs outline-none transition focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900";
export const primaryButton =
  "rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white shadow-xs transition hover:bg-accent-700 disabled:opacity-60";
export const secondaryButton =
  "rounded-lg border border-zinc-300 px-3 py-2 text-sm font-medium text-zinc-700 transition hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800";
export const dangerButton =
  "rounded-lg border border-red-300 px-3 py-2 text-sm font-medium text-red-700 transition hover:bg-red-50 disabled:opacity-60 dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950/50";
export const cardClass = "space-y-4 rounded-xl border border-zinc-200 p-4 md:p-6 dark:border-zinc-800";

export const PROTOCOL_LABELS: Record<string, string> = {
  openai: "OpenAI-compatible",
  anthropic: "Anthropic",
  google: "Google",
  demo: "Scripted demo",
};

const TONES = {
  zinc: "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300",
  accent: "bg-accent-50 text-accent-700 dark:bg-accent-500/15 dark:text-accent-100",
  amber: "bg-amber-50 text-amber-800 dark:bg-amber-500/15 dark:text-amber-200",
  green: "bg-emerald-50 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200",
};

export function Badge({
  tone = "zinc",
  children,
  testId,
}: {
  tone?: keyof typeof TONES;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** Green when saved, red when nothing was saved. */
export function StatusLine({ ok, message }: { ok?: boolean; message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role={ok ? "status" : "alert"}
      data-testid="form-status"
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
