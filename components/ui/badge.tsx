import type { ReactNode } from "react";

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
