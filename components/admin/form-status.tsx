/** The outcome line of an admin form: green when saved, red when nothing was saved. */
export function FormStatus({ state }: { state: { ok?: boolean; message?: string } }) {
  if (!state.message) return null;
  return (
    <p
      role={state.ok ? "status" : "alert"}
      data-testid="form-status"
      className={`rounded-lg px-3 py-2 text-sm ${
        state.ok
          ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-200"
          : "bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300"
      }`}
    >
      {state.message}
    </p>
  );
}

export const buttonClass =
  "rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white shadow-xs transition hover:bg-accent-700 disabled:opacity-60";

export const cardClass = "space-y-4 rounded-xl border border-zinc-200 p-4 md:p-6 dark:border-zinc-800";
