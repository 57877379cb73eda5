import type { UsageCsvRow } from "@/lib/db/usage";

// The usage export: one line per UTC day, user, agent, endpoint and model. Column names are a
// stable data format (for spreadsheets and scripts), not UI text, so they are not translated.
const COLUMNS = [
  "day",
  "user_email",
  "agent_id",
  "agent_name",
  "endpoint_id",
  "model",
  "calls",
  "input_tokens",
  "cached_input_tokens",
  "output_tokens",
  "reasoning_tokens",
  "cost",
  "currency",
  "unpriced_calls",
] as const;

/**
 * One CSV field: quoted when it holds a comma, quote or line break; text a spreadsheet would run
 * as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe (an agent's name is user text).
 */
function field(v: string | number | null): string {
  if (v === null) return "";
  if (typeof v === "number") return String(v);
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV text; an unpriced call's cost is left empty (unknown), and counted in unpriced_calls. */
export function usageCsv(rows: readonly UsageCsvRow[], currency: string): string {
  const lines = rows.map((r) =>
    [
      r.day,
      r.email,
      r.agentId,
      r.agentName,
      r.endpointId,
      r.model,
      r.calls,
      r.inputTokens,
      r.cachedInputTokens,
      r.outputTokens,
      r.reasoningTokens,
      r.cost,
      currency,
      r.unpricedCalls,
    ]
      .map(field)
      .join(","),
  );
  return `${[COLUMNS.join(","), ...lines].join("\r\n")}\r\n`;
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
