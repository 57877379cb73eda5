import { useFormatter, useTranslations } from "next-intl";

/**
 * The signed-in user's token balance as a small pill. Renders nothing when balances are off.
 * Presentational only (works in server and client components); `UserBalanceBadge` loads the data.
 */
export function BalanceBadge({
  enabled,
  balance,
  nextRefillAt,
  refillAmount,
}: {
  enabled: boolean;
  balance: number;
  /** ISO time of the next refill, or null when refills are off. */
  nextRefillAt: string | null;
  refillAmount?: number;
}) {
  const t = useTranslations("chat.balance");
  const format = useFormatter();
  if (!enabled) return null;
  const empty = balance <= 0;
  // A model call that ends past zero leaves the balance below it; the user is shown 0 ("ran out"),
  // the exact figure stays in the tooltip (and in the admin's ledger).
  const exact = empty && balance < 0 ? ` ${t("exact", { balance })}` : "";
  // In UTC, said so: the badge is rendered on the server too, which doesn't know the browser's zone.
  const refill = nextRefillAt
    ? t("refills", {
        amount: refillAmount ?? 0,
        time: format.dateTime(new Date(nextRefillAt), {
          year: "numeric",
          month: "short",
          day: "numeric",
          hour: "2-digit",
          minute: "2-digit",
          timeZone: "UTC",
          timeZoneName: "short",
        }),
      })
    : t("askAdmin");
  return (
    <span
      data-testid="balance-badge"
      data-balance={balance}
      title={`${empty ? t("empty") : t("yours")} ${refill}${exact}`}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium tabular-nums ${
        empty
          ? "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200"
          : "bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
      }`}
    >
      <svg viewBox="0 0 16 16" className="size-3" fill="currentColor" aria-hidden="true">
        <circle cx="8" cy="8" r="6" opacity="0.35" />
        <circle cx="8" cy="8" r="3" />
      </svg>
      {empty ? t("ranOut") : t("tokens", { count: balance })}
    </span>
  );
}
