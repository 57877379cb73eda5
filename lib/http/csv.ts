// CSV downloads (usage, eval results): one escaping rule and one response shape for all of them.

/**
 * One CSV field: quoted when it holds a comma, quote or line break; text a spreadsheet would run
 * as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe (names and answers are user
 * text). Numbers are written as they are.
 */
function csvField(v: string | number | null): string {
  if (v === null) return "";
  if (typeof v === "number") return String(v);
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV text: a header line and one line per row, CRLF-terminated (RFC 4180). */
export function csvText(columns: readonly string[], rows: readonly (string | number | null)[][]): string {
  return `${[columns.join(","), ...rows.map((r) => r.map(csvField).join(","))].join("\r\n")}\r\n`;
}

export function csvResponse(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
