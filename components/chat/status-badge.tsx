"use client";
import { useTranslations } from "next-intl";
import type { NodeStatus } from "@/lib/agents/trace";
import { useStopReason } from "./stop-reason";

const STYLES: Record<NodeStatus, string> = {
  running: "bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200",
  completed: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  failed: "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200",
  stopped: "bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200",
};

/** A run's or block's status; `reason` says why it stopped when that wasn't the user ("balance ran out"). */
export function StatusBadge({ status, reason }: { status: NodeStatus; reason?: string }) {
  const t = useTranslations("chat");
  const wordReason = useStopReason();
  const label = t(`status.${status}`);
  return (
    <span
      data-testid="trace-status"
      data-status={status}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-medium ${STYLES[status]}`}
    >
      {status === "running" && (
        <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden="true" />
      )}
      {reason ? t("statusWithReason", { status: label, reason: wordReason(reason) }) : label}
    </span>
  );
}

/** Said instead of a status while a call waits for the user (an approval or a question), at any depth. */
export function WaitingBadge() {
  const t = useTranslations("chat.trace");
  return (
    <span
      data-testid="waiting-badge"
      className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-900/50 dark:text-amber-200"
    >
      {t("waitingForYou")}
    </span>
  );
}
