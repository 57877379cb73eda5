"use client";
import { Timer } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";

/** On a new chat: start it as a temporary one (not listed, deleted after the admin's hours). */
export function TemporaryToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const t = useTranslations("chat.temporary");
  return (
    <label className="ml-auto inline-flex cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        data-testid="temporary-toggle"
        className="size-4 accent-accent-600"
      />
      {t("toggle")}
    </label>
  );
}

/** Said for as long as a temporary chat is open: it is not kept. */
export function TemporaryBanner({ until, hours }: { until: string | null; hours: number }) {
  const t = useTranslations("chat.temporary");
  const format = useFormatter();
  return (
    <p
      role="status"
      data-testid="temporary-banner"
      className="flex items-center gap-2 border-b border-violet-200 bg-violet-50 px-4 py-2 text-sm text-violet-900 dark:border-violet-900 dark:bg-violet-950/40 dark:text-violet-100"
    >
      <Timer className="size-4 shrink-0" aria-hidden="true" />
      {until
        ? t("bannerUntil", {
            date: format.dateTime(new Date(until), { dateStyle: "medium", timeStyle: "short" }),
          })
        : t("banner", { hours })}
    </p>
  );
}
