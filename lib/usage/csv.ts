import type { UsageCsvRow } from "@/lib/db/usage";
import { csvText } from "@/lib/http/csv";

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

/** The CSV text; an unpriced call's cost is left empty (unknown), and counted in unpriced_calls. */
export function usageCsv(rows: readonly UsageCsvRow[], currency: string): string {
  return csvText(
    COLUMNS,
    rows.map((r) => [
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
    ]),
  );
}
