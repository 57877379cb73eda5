"use client";
import { useFormatter, useTranslations } from "next-intl";
import type { RunNotice } from "@/lib/agents/events";

/**
 * Words a run's notice in the active language: its catalog message with its values (lists as the
 * language writes them); the English sentence it brought when the catalog has no such key any
 * more; a notice stored by an older version (a sentence) as it is.
 */
export function useNoticeText(): (notice: RunNotice) => string {
  const t = useTranslations();
  const format = useFormatter();
  return (notice) => {
    if (typeof notice === "string") return notice;
    if (!t.has(notice.key)) return notice.message;
    const values = Object.fromEntries(
      Object.entries(notice.values ?? {}).map(([k, v]) => [k, Array.isArray(v) ? format.list(v) : v]),
    );
    return t(notice.key, values);
  };
}
