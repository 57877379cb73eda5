"use client";
import { useTranslations } from "next-intl";
import type { StopReason } from "@/lib/agents/trace";

const CODES: readonly string[] = [
  "balance",
  "failed",
  "interrupted",
  "budget",
  "answer_budget",
] satisfies StopReason[];
/** What trees stored before the engine gave codes say instead (still in the database). */
const STORED_SENTENCES: Record<string, StopReason> = {
  "balance ran out": "balance",
  "the run failed": "failed",
};

/** A stored stop reason as a code, or null for a text of unknown origin (shown as it is). */
export function stopReasonCode(stored: string): StopReason | null {
  if (CODES.includes(stored)) return stored as StopReason;
  return STORED_SENTENCES[stored] ?? null;
}

/** Words a block's or answer's stop reason in the active language ("balance ran out"). */
export function useStopReason(): (reason: string) => string {
  const t = useTranslations("chat");
  return (reason) => {
    const code = stopReasonCode(reason);
    return code ? t(`stopReason.${code}`) : reason;
  };
}
