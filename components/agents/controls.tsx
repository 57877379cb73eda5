import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { inputClass } from "@/components/ui/styles";

/** A titled card of the agent form. */
export function Section({
  title,
  hint,
  children,
  testId,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section
      data-testid={testId}
      className="space-y-4 rounded-xl border border-zinc-200 bg-white p-4 shadow-xs md:p-5 dark:border-zinc-800 dark:bg-zinc-900/40"
    >
      <header className="space-y-0.5">
        <h2 className="text-base font-semibold">{title}</h2>
        {hint && <p className="text-sm text-zinc-500">{hint}</p>}
      </header>
      {children}
    </section>
  );
}

export function FieldError({ name, error }: { name: string; error?: string }) {
  if (!error) return null;
  return (
    <span
      id={`${name}-error`}
      role="alert"
      className="block text-xs text-red-600 dark:text-red-400"
      data-testid={`error-${name}`}
    >
      {error}
    </span>
  );
}

export function TextArea({
  label,
  name,
  error,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; name: string; error?: string }) {
  return (
    <label className="block space-y-1.5">
      <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{label}</span>
      <textarea
        name={name}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} min-h-20 font-sans`}
        {...props}
      />
      <FieldError name={name} error={error} />
    </label>
  );
}

export function Select({
  label,
  name,
  error,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; name: string; error?: string }) {
  return (
    <label className="block space-y-1.5">
      <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{label}</span>
      <select name={name} aria-invalid={error ? true : undefined} className={inputClass} {...props}>
        {children}
      </select>
      <FieldError name={name} error={error} />
    </label>
  );
}

/** An accessible on/off switch. */
export function Switch({
  label,
  checked,
  onChange,
  testId,
  disabled,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  testId: string;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <span className="text-sm font-medium">{label}</span>
        {hint && <p className="text-xs text-zinc-500">{hint}</p>}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        data-testid={testId}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:opacity-60 ${
          checked ? "bg-accent-600" : "bg-zinc-300 dark:bg-zinc-700"
        }`}
      >
        <span
          className={`inline-block size-5 rounded-full bg-white shadow transition ${checked ? "translate-x-5.5" : "translate-x-0.5"}`}
        />
      </button>
    </div>
  );
}
