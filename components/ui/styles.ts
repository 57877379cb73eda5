// Class names of the app's form controls and cards: one look for every form (admin, endpoints,
// settings, agents). Plain strings, so server and client components can both use them.

export const inputClass =
  "block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs outline-none transition focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 aria-invalid:border-red-500 disabled:opacity-70 dark:border-zinc-700 dark:bg-zinc-900";
export const primaryButton =
  "rounded-lg bg-accent-600 px-4 py-2 text-sm font-medium text-white shadow-xs transition hover:bg-accent-700 disabled:opacity-60";
export const secondaryButton =
  "rounded-lg border border-zinc-300 px-3 py-2 text-sm font-medium text-zinc-700 transition hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800";
export const dangerButton =
  "rounded-lg border border-red-300 px-3 py-2 text-sm font-medium text-red-700 transition hover:bg-red-50 disabled:opacity-60 dark:border-red-900 dark:text-red-300 dark:hover:bg-red-950/50";
export const cardClass = "space-y-4 rounded-xl border border-zinc-200 p-4 md:p-6 dark:border-zinc-800";
