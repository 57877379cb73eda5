// The price table an installation starts with, used for a model no admin price matches.
//
// Source: the providers' public pricing pages (openai.com/api/pricing, anthropic.com/pricing,
// ai.google.dev/gemini-api/docs/pricing) as known to the author of this file, figures of 2025;
// written down on 2026-12-04 without being re-checked online. Prices change: an admin who relies
// on them should confirm them and enter their own as ModelPrice rows on Admin → Pricing (those
// always win).
// USD per million tokens, standard (non-batch) tier; reasoning tokens are billed as output by all
// three; Google's tiers above 200k-token prompts are not modelled.
import { DEMO_MODEL_ID } from "@/lib/providers/demo-constants";
import type { PriceRow } from "./match";

/** When the figures below were written down (Admin → Pricing shows it beside them). */
export const DEFAULT_PRICES_NOTED = "2026-12-04";

/** The currency of DEFAULT_PRICES; they apply only while the installation uses it. */
export const DEFAULT_PRICES_CURRENCY = "USD";

type Figures = [model: string, input: number, cachedInput: number, output: number];

const FIGURES: Figures[] = [
  // OpenAI
  ["gpt-4o*", 2.5, 1.25, 10],
  ["gpt-4o-mini*", 0.15, 0.075, 0.6],
  ["gpt-4.1*", 2, 0.5, 8],
  ["gpt-4.1-mini*", 0.4, 0.1, 1.6],
  ["gpt-4.1-nano*", 0.1, 0.025, 0.4],
  ["o3*", 2, 0.5, 8],
  ["o4-mini*", 1.1, 0.275, 4.4],
  ["gpt-5*", 1.25, 0.125, 10],
  ["gpt-5-mini*", 0.25, 0.025, 2],
  ["gpt-5-nano*", 0.05, 0.005, 0.4],
  // Anthropic (cached = cache read; cache writes are charged as plain input here)
  ["claude-opus-4*", 15, 1.5, 75],
  ["claude-sonnet-4*", 3, 0.3, 15],
  ["claude-3-7-sonnet*", 3, 0.3, 15],
  ["claude-3-5-haiku*", 0.8, 0.08, 4],
  ["claude-haiku-4*", 1, 0.1, 5],
  // Google (prompts up to 200k tokens)
  ["gemini-2.5-pro*", 1.25, 0.31, 10],
  ["gemini-2.5-flash*", 0.3, 0.075, 2.5],
  ["gemini-2.5-flash-lite*", 0.1, 0.025, 0.4],
  ["gemini-2.0-flash*", 0.1, 0.025, 0.4],
];

const EPOCH = new Date(0);

export const DEFAULT_PRICES: readonly PriceRow[] = [
  ...FIGURES.map(([model, input, cachedInput, output]) => ({
    endpointId: null,
    model,
    inputPerMTok: input,
    cachedInputPerMTok: cachedInput,
    outputPerMTok: output,
    reasoningPerMTok: output,
    effectiveFrom: EPOCH,
  })),
  // The offline demo model runs on this machine: it costs nothing, in any currency.
  {
    endpointId: null,
    model: DEMO_MODEL_ID,
    inputPerMTok: 0,
    cachedInputPerMTok: 0,
    outputPerMTok: 0,
    reasoningPerMTok: 0,
    effectiveFrom: EPOCH,
  },
];
