// Which price applies to a model call: pure rules, no database (the rows come from lib/db/prices.ts).
import type { ModelPrice } from "@/lib/agents/cost";

/** A stored price (or a default one): per million tokens, in the installation's currency. */
export interface PriceRow {
  /** null = any endpoint. */
  endpointId: string | null;
  /** An exact model name or a glob where `*` stands for any run of characters (`gpt-4o*`). */
  model: string;
  inputPerMTok: number;
  cachedInputPerMTok: number;
  outputPerMTok: number;
  reasoningPerMTok: number;
  effectiveFrom: Date;
}

const isGlob = (pattern: string) => pattern.includes("*");

export function modelMatches(pattern: string, model: string): boolean {
  if (!isGlob(pattern)) return pattern === model;
  const parts = pattern.split("*").map((p) => p.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`).test(model);
}

/**
 * How specific a row is for a call; higher wins. A named endpoint beats "any endpoint", then an
 * exact name beats a pattern, then the pattern with more literal characters wins (`gpt-4o-mini*`
 * over `gpt-4o*`).
 */
function specificity(row: PriceRow): number {
  const literal = row.model.replaceAll("*", "").length;
  return (row.endpointId ? 1_000_000 : 0) + (isGlob(row.model) ? 0 : 100_000) + literal;
}

/**
 * The price of `model` on `endpointId` at time `at`: among the rows that match and are already
 * in force, the most specific pattern, and of its rows the latest effective one. null = no price.
 */
export function resolvePrice(
  rows: readonly PriceRow[],
  call: { endpointId: string; model: string },
  at: Date,
): ModelPrice | null {
  let best: PriceRow | undefined;
  let bestScore = -1;
  for (const row of rows) {
    if (row.effectiveFrom.getTime() > at.getTime()) continue;
    if (row.endpointId !== null && row.endpointId !== call.endpointId) continue;
    if (!modelMatches(row.model, call.model)) continue;
    const score = specificity(row);
    if (score > bestScore || (score === bestScore && best && row.effectiveFrom > best.effectiveFrom)) {
      best = row;
      bestScore = score;
    }
  }
  return best ? priceOf(best) : null;
}

export function priceOf(row: PriceRow): ModelPrice {
  return {
    input: row.inputPerMTok,
    cachedInput: row.cachedInputPerMTok,
    output: row.outputPerMTok,
    reasoning: row.reasoningPerMTok,
  };
}
