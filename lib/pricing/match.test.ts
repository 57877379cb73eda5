import { describe, expect, it } from "vitest";
import { DEFAULT_PRICES, modelMatches, pricesFor, resolvePrice } from ".";
import type { PriceRow } from "./match";

const row = (model: string, input: number, extra: Partial<PriceRow> = {}): PriceRow => ({
  endpointId: null,
  model,
  inputPerMTok: input,
  cachedInputPerMTok: 0,
  outputPerMTok: 0,
  reasoningPerMTok: 0,
  effectiveFrom: new Date("2026-01-01T00:00:00Z"),
  ...extra,
});
const at = new Date("2026-06-01T00:00:00Z");
const call = (model: string, endpointId = "ep1") => ({ endpointId, model });

describe("modelMatches", () => {
  it("matches exact names and * globs, nothing else", () => {
    expect(modelMatches("gpt-4o", "gpt-4o")).toBe(true);
    expect(modelMatches("gpt-4o", "gpt-4o-mini")).toBe(false);
    expect(modelMatches("gpt-4o*", "gpt-4o-mini")).toBe(true);
    expect(modelMatches("gpt-4o*", "xgpt-4o")).toBe(false);
    expect(modelMatches("gpt.4o*", "gpt-4o")).toBe(false);
    expect(modelMatches("*sonnet*", "claude-sonnet-4")).toBe(true);
  });
});

describe("resolvePrice", () => {
  it("prefers the most specific match: named endpoint, then exact name, then the longer pattern", () => {
    const rows = [
      row("gpt-4o*", 1),
      row("gpt-4o-mini*", 2),
      row("gpt-4o-mini", 3),
      row("gpt-4o*", 4, { endpointId: "ep1" }),
    ];
    expect(resolvePrice(rows, call("gpt-4o-mini", "ep2"), at)?.input).toBe(3);
    expect(resolvePrice(rows, call("gpt-4o-mini-2024", "ep2"), at)?.input).toBe(2);
    expect(resolvePrice(rows, call("gpt-4o-2024", "ep2"), at)?.input).toBe(1);
    expect(resolvePrice(rows, call("gpt-4o-mini", "ep1"), at)?.input).toBe(4);
  });

  it("takes the latest row already in force, never one from the future", () => {
    const rows = [
      row("m", 1, { effectiveFrom: new Date("2026-01-01T00:00:00Z") }),
      row("m", 2, { effectiveFrom: new Date("2026-05-01T00:00:00Z") }),
      row("m", 3, { effectiveFrom: new Date("2026-07-01T00:00:00Z") }),
    ];
    expect(resolvePrice(rows, call("m"), at)?.input).toBe(2);
    expect(resolvePrice(rows, call("m"), new Date("2026-02-01T00:00:00Z"))?.input).toBe(1);
    expect(resolvePrice(rows, call("m"), new Date("2025-12-01T00:00:00Z"))).toBeNull();
  });

  it("returns null for a model nothing matches (unknown, not 0)", () => {
    expect(resolvePrice([row("gpt-4o*", 1)], call("llama-3"), at)).toBeNull();
  });
});

describe("pricesFor", () => {
  it("uses an admin price over the defaults, the defaults otherwise, and null when neither knows", () => {
    const got = pricesFor(
      [call("gpt-4o"), call("gpt-4o-mini"), call("local-llm")],
      [row("gpt-4o", 9)],
      "USD",
      at,
    );
    expect(got.map((p) => p.price?.input ?? null)).toEqual([9, 0.15, null]);
  });

  it("prices the demo model at 0 in any currency and applies the USD defaults only to USD", () => {
    const got = pricesFor([call("demo-delegator"), call("gpt-4o")], [], "EUR", at);
    expect(got[0].price).toEqual({ input: 0, cachedInput: 0, output: 0, reasoning: 0 });
    expect(got[1].price).toBeNull();
  });

  it("ships defaults for OpenAI, Anthropic and Google models", () => {
    for (const m of ["gpt-4o", "claude-sonnet-4-5", "gemini-2.5-flash"])
      expect(resolvePrice(DEFAULT_PRICES, call(m), at), m).not.toBeNull();
  });
});
