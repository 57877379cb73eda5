// What an admin may enter on Admin → Pricing; messages are catalog keys (errors.field.*).
import { z } from "zod";

/** Highest price per million tokens accepted: far above any real one, low enough to catch a typo of units. */
const MAX_PER_MTOK = 100_000;

const perMTok = z
  .string()
  .trim()
  .min(1, "field.price_required")
  .refine((s) => /^-?\d*\.?\d+(e[+-]?\d+)?$/i.test(s), "field.price_number")
  .transform(Number)
  .refine((n) => n >= 0, "field.price_negative")
  .refine((n) => Number.isFinite(n) && n <= MAX_PER_MTOK, "field.price_too_high");

/** Optional: empty = the same as `fallback`'s price (cached input as input, reasoning as output). */
const optionalPerMTok = z.union([z.literal("").transform(() => undefined), perMTok]);

// A model name or a pattern: letters, digits and . _ - : / @ + with * for any run of characters.
const MODEL = /^[A-Za-z0-9._\-:/@+*]+$/;

// "2026-12-04T10:30" from <input type="datetime-local">, read as UTC (the form says so).
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

export const priceInputSchema = z
  .object({
    endpointId: z.string().trim().max(100),
    model: z
      .string()
      .trim()
      .min(1, "field.model_required")
      .max(200, "field.model_long")
      .regex(MODEL, "field.model_pattern"),
    inputPerMTok: perMTok,
    cachedInputPerMTok: optionalPerMTok,
    outputPerMTok: perMTok,
    reasoningPerMTok: optionalPerMTok,
    effectiveFrom: z
      .string()
      .trim()
      .refine(
        (s) => s === "" || (LOCAL_TIME.test(s) && !Number.isNaN(Date.parse(`${s}Z`))),
        "field.date_invalid",
      ),
  })
  .transform((v) => ({
    endpointId: v.endpointId === "" ? null : v.endpointId,
    model: v.model,
    inputPerMTok: v.inputPerMTok,
    cachedInputPerMTok: v.cachedInputPerMTok ?? v.inputPerMTok,
    outputPerMTok: v.outputPerMTok,
    reasoningPerMTok: v.reasoningPerMTok ?? v.outputPerMTok,
    /** null = now (the server's clock when saved). */
    effectiveFrom: v.effectiveFrom === "" ? null : new Date(`${v.effectiveFrom}Z`),
  }));

/** An ISO 4217 code this runtime can format (USD, EUR, CNY…). */
export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "field.currency_invalid")
  .refine((c) => Intl.supportedValuesOf("currency").includes(c), "field.currency_invalid");
