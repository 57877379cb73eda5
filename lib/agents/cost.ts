import type { UsageMetadata } from "@langchain/core/messages";
import type { Usage } from "./events";

/**
 * What a model costs, per million tokens, in the installation's currency. The caller resolves
 * it (lib/pricing) and hands it to the run as plain data; the engine only multiplies.
 */
export interface ModelPrice {
  input: number;
  cachedInput: number;
  output: number;
  reasoning: number;
}

/** One resolved price per endpoint reference and model the run may call; `null` = no price known. */
export interface PricedModel {
  endpointId: string;
  model: string;
  price: ModelPrice | null;
}

export interface CallTokens {
  inputTokens: number;
  outputTokens: number;
  /** Part of `inputTokens` read from the provider's prompt cache. */
  cachedInputTokens: number;
  /** Part of `outputTokens` spent on reasoning. */
  reasoningTokens: number;
}

/**
 * Token counts from LangChain's standard `usage_metadata`: every client reports input including
 * cached tokens and output including reasoning tokens, with the details as sub-counts. A client
 * that leaves reasoning out of both (@langchain/google-genai: `thoughtsTokenCount` is only in
 * `total_tokens`) shows it as total − input − output; those tokens are billed as output, so they
 * are added to output as reasoning.
 */
export function tokensOf(usage: UsageMetadata | undefined): CallTokens {
  const inputTokens = usage?.input_tokens ?? 0;
  const reported = usage?.output_tokens ?? 0;
  const hidden = Math.max(0, (usage?.total_tokens ?? 0) - inputTokens - reported);
  const outputTokens = reported + hidden;
  return {
    inputTokens,
    outputTokens,
    cachedInputTokens: Math.min(inputTokens, usage?.input_token_details?.cache_read ?? 0),
    reasoningTokens: Math.min(outputTokens, (usage?.output_token_details?.reasoning ?? 0) + hidden),
  };
}

/**
 * A call's cost; `null` when the model has no price (unknown is never a silent 0). Cache writes
 * (Anthropic's `cache_creation`) are charged as plain input: the price table has no column for them.
 */
export function callCost(price: ModelPrice | null | undefined, t: CallTokens): number | null {
  if (!price) return null;
  const plainInput = t.inputTokens - t.cachedInputTokens;
  const plainOutput = t.outputTokens - t.reasoningTokens;
  return (
    (plainInput * price.input +
      t.cachedInputTokens * price.cachedInput +
      plainOutput * price.output +
      t.reasoningTokens * price.reasoning) /
    1_000_000
  );
}

/** Sum of two costs where one unknown part makes the whole unknown. */
export function addCost(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}

/** The usage a run or span starts with; cost fields only when the run accounts cost. */
export function emptyUsage(accounting: boolean): Usage {
  return accounting
    ? { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, cost: 0 }
    : { inputTokens: 0, outputTokens: 0 };
}

/** Adds one call to a running usage (in place). */
export function addToUsage(u: Usage, t: CallTokens, cost: number | null | undefined) {
  u.inputTokens += t.inputTokens;
  u.outputTokens += t.outputTokens;
  if (u.cost !== undefined) {
    u.cachedInputTokens = (u.cachedInputTokens ?? 0) + t.cachedInputTokens;
    u.reasoningTokens = (u.reasoningTokens ?? 0) + t.reasoningTokens;
    u.cost = addCost(u.cost, cost ?? null);
  }
}

/** A usage event's token and cost fields: details only when reported, cost only when accounted. */
export function usageEventFields(t: CallTokens, cost: number | null | undefined) {
  return {
    inputTokens: t.inputTokens,
    outputTokens: t.outputTokens,
    ...(t.cachedInputTokens ? { cachedInputTokens: t.cachedInputTokens } : {}),
    ...(t.reasoningTokens ? { reasoningTokens: t.reasoningTokens } : {}),
    ...(cost !== undefined ? { cost } : {}),
  };
}
