export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(n / 1000).toFixed(1)}k`;
  return `${Math.round(n / 1000)}k`;
}

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return "";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
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

export type DateGroup = "Today" | "Yesterday" | "Previous 7 days" | "Older";
export const DATE_GROUPS: DateGroup[] = ["Today", "Yesterday", "Previous 7 days", "Older"];

/** Whole local calendar days from `date` to `now` (0 = the same day). */
function daysBefore(date: Date, now: Date): number {
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((day(now) - day(date)) / 86_400_000);
}

/** Where a conversation last changed at `date` goes in the sidebar, in the browser's time zone. */
export function dateGroup(date: Date, now: Date): DateGroup {
  const days = daysBefore(date, now);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days <= 7) return "Previous 7 days";
  return "Older";
}

/** A short date for a sidebar item: time today and yesterday, weekday this week, else the date. */
export function shortWhen(date: Date, now: Date): string {
  const days = daysBefore(date, now);
  if (days <= 1) return date.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (days <= 7) return date.toLocaleDateString(undefined, { weekday: "short" });
  return date.toLocaleDateString(undefined, {
    day: "numeric",
    month: "short",
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
}
