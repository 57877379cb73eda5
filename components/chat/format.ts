import type { useFormatter } from "next-intl";

/** The active locale's formatter (next-intl's `useFormatter()`). */
export type Formatter = ReturnType<typeof useFormatter>;

/** A token count, short: 950, 1.2K, 12K (in Chinese 1234, 1.2万). */
export function formatTokens(format: Formatter, n: number): string {
  return format.number(n, { notation: "compact", maximumFractionDigits: n < 10_000 ? 1 : 0 });
}

/** A duration, short: 850ms, 1.2s (in Chinese 850ms, 1.2秒). */
export function formatDuration(format: Formatter, ms: number): string {
  if (ms < 1000)
    return format.number(Math.round(ms), { style: "unit", unit: "millisecond", unitDisplay: "narrow" });
  return format.number(ms / 1000, {
    style: "unit",
    unit: "second",
    unitDisplay: "narrow",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/**
 * Markdown as the plain text a reader sees: no code fences or backticks, no table pipes or
 * separator rows, no heading, quote or emphasis marks, links as their text, bullets as "•".
 * Line-based and forgiving: it is for glimpses of text still being written (the live tail).
 */
export function markdownToPlain(text: string): string {
  const out: string[] = [];
  for (const raw of text.split("\n")) {
    let line = raw;
    if (/^\s*(```|~~~)/.test(line)) continue;
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) continue;
    if (/^\s*\|.*\|\s*$/.test(line))
      line = line
        .trim()
        .replace(/^\||\|$/g, "")
        .split("|")
        .map((cell) => cell.trim())
        .join(" · ");
    line = line
      .replace(/^\s*#{1,6}\s+/, "")
      .replace(/^\s*(>\s?)+/, "")
      .replace(/^(\s*)[-*+]\s+/, "$1• ")
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
      .replace(/`+([^`]*)`+/g, "$1")
      .replace(/(\*\*|__)(\S(?:.*?\S)?)\1/g, "$2")
      .replace(/(^|[^\w*])\*(\S(?:.*?\S)?)\*(?!\w)/g, "$1$2")
      .replace(/(^|\W)_(\S(?:.*?\S)?)_(?!\w)/g, "$1$2")
      .replace(/~~(\S(?:.*?\S)?)~~/g, "$1")
      // Markers whose other half hasn't streamed in yet ("_Scripted offline…").
      .replace(/(^|\s)(\*{1,3}|_{1,3}|~~)(?=\S)/g, "$1")
      .replace(/(\S)(\*{1,3}|_{1,3}|~~)(?=\s|$)/g, "$1")
      .replace(/`/g, "");
    out.push(line);
  }
  return out.join("\n");
}

/** The last `n` non-empty lines of a markdown text, as plain text (the live tail of a running subagent). */
export function tail(text: string, n = 3): string {
  const lines = markdownToPlain(text)
    .split("\n")
    .filter((l) => l.trim());
  return lines.slice(-n).join("\n");
}

/** The sidebar's sections, newest first (their names: chat.list.group.*). */
export const DATE_GROUPS = ["today", "yesterday", "previous7", "older"] as const;
export type DateGroup = (typeof DATE_GROUPS)[number];

/** Whole local calendar days from `date` to `now` (0 = the same day). */
function daysBefore(date: Date, now: Date): number {
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((day(now) - day(date)) / 86_400_000);
}

/** Where a conversation last changed at `date` goes in the sidebar, in the browser's time zone. */
export function dateGroup(date: Date, now: Date): DateGroup {
  const days = daysBefore(date, now);
  if (days <= 0) return "today";
  if (days === 1) return "yesterday";
  if (days <= 7) return "previous7";
  return "older";
}

/** A short date for a sidebar item: time today and yesterday, weekday this week, else the date. */
export function shortWhen(format: Formatter, date: Date, now: Date): string {
  const days = daysBefore(date, now);
  if (days <= 1) return format.dateTime(date, { hour: "2-digit", minute: "2-digit" });
  if (days <= 7) return format.dateTime(date, { weekday: "short" });
  return format.dateTime(date, {
    day: "numeric",
    month: "short",
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
}

/** An amount, short: $0.004, $1.25, ¥0.03 — small amounts keep two significant digits. */
export function formatCost(format: Formatter, currency: string, amount: number): string {
  return format.number(
    amount,
    amount !== 0 && Math.abs(amount) < 1
      ? { style: "currency", currency, maximumSignificantDigits: 2 }
      : { style: "currency", currency, maximumFractionDigits: 2 },
  );
}
