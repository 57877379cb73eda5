import { describe, expect, it } from "vitest";
import { currencySchema, priceInputSchema } from "./schema";

const base = {
  endpointId: "",
  model: "gpt-4o*",
  inputPerMTok: "2.5",
  cachedInputPerMTok: "",
  outputPerMTok: "10",
  reasoningPerMTok: "",
  effectiveFrom: "",
};
const firstMessage = (input: Record<string, string>) => {
  const r = priceInputSchema.safeParse({ ...base, ...input });
  return r.success ? null : r.error.issues.map((i) => [i.path[0], i.message]);
};

describe("priceInputSchema", () => {
  it("fills cached input and reasoning from input and output; empty time = now; times are UTC", () => {
    expect(priceInputSchema.parse(base)).toEqual({
      endpointId: null,
      model: "gpt-4o*",
      inputPerMTok: 2.5,
      cachedInputPerMTok: 2.5,
      outputPerMTok: 10,
      reasoningPerMTok: 10,
      effectiveFrom: null,
    });
    expect(priceInputSchema.parse({ ...base, effectiveFrom: "2026-12-04T10:30" }).effectiveFrom).toEqual(
      new Date("2026-12-04T10:30:00Z"),
    );
    expect(priceInputSchema.parse({ ...base, inputPerMTok: "0" }).inputPerMTok).toBe(0);
  });

  it("refuses bad prices, names and times with catalog keys", () => {
    expect(firstMessage({ inputPerMTok: "" })?.[0]).toEqual(["inputPerMTok", "field.price_required"]);
    expect(firstMessage({ inputPerMTok: "abc" })?.[0]).toEqual(["inputPerMTok", "field.price_number"]);
    expect(firstMessage({ inputPerMTok: "-1" })?.[0]).toEqual(["inputPerMTok", "field.price_negative"]);
    expect(firstMessage({ outputPerMTok: "1e9" })?.[0]).toEqual(["outputPerMTok", "field.price_too_high"]);
    expect(firstMessage({ model: "gpt 4o" })).toEqual([["model", "field.model_pattern"]]);
    expect(firstMessage({ model: "" })?.[0]).toEqual(["model", "field.model_required"]);
    expect(firstMessage({ effectiveFrom: "2026-13-45T99:99" })).toEqual([
      ["effectiveFrom", "field.date_invalid"],
    ]);
  });
});

describe("currencySchema", () => {
  it("takes ISO 4217 codes in any case and refuses the rest", () => {
    expect(currencySchema.parse(" eur ")).toBe("EUR");
    expect(currencySchema.safeParse("XXQ").success).toBe(false);
    expect(currencySchema.safeParse("EURO").success).toBe(false);
  });
});
