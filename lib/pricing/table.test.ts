import { describe, expect, it } from "vitest";
import type { PriceRow } from "./match";
import { priceTable, unpricedModels } from "./table";

const row = (model: string, effectiveFrom: string, extra: Partial<PriceRow> = {}) => ({
  id: `${model}-${effectiveFrom}`,
  endpointId: null,
  model,
  inputPerMTok: 1,
  cachedInputPerMTok: 1,
  outputPerMTok: 1,
  reasoningPerMTok: 1,
  effectiveFrom: new Date(effectiveFrom),
  ...extra,
});
const now = new Date("2026-06-01T00:00:00Z");

describe("priceTable", () => {
  it("marks the admin row in force, the one it replaced and the one still to come", () => {
    const rows = [
      row("m", "2026-01-01T00:00:00Z"),
      row("m", "2026-05-01T00:00:00Z"),
      row("m", "2026-07-01T00:00:00Z"),
      row("m", "2026-01-01T00:00:00Z", { endpointId: "ep1" }),
    ];
    const admin = priceTable(rows, "USD", now).filter((r) => r.source === "admin");
    expect(admin.map((r) => [r.endpointId, r.effectiveFrom.toISOString().slice(0, 10), r.state])).toEqual([
      [null, "2026-07-01", "scheduled"],
      [null, "2026-05-01", "inForce"],
      [null, "2026-01-01", "superseded"],
      ["ep1", "2026-01-01", "inForce"],
    ]);
  });

  it("lists the shipped defaults as such: replaced by an admin row, not applied outside USD (but the demo)", () => {
    const usd = priceTable([row("gpt-4o*", "2026-01-01T00:00:00Z")], "USD", now).filter(
      (r) => r.source === "default",
    );
    expect(usd.find((r) => r.model === "gpt-4o*")?.state).toBe("superseded");
    expect(usd.find((r) => r.model === "claude-sonnet-4*")?.state).toBe("inForce");
    const eur = priceTable([], "EUR", now).filter((r) => r.source === "default");
    expect(eur.find((r) => r.model === "claude-sonnet-4*")?.state).toBe("notApplied");
    expect(eur.filter((r) => r.state === "inForce").map((r) => r.model)).toEqual(["demo-delegator"]);
  });
});

describe("unpricedModels", () => {
  it("names used and offered models no price matches, with their unpriced calls", () => {
    const got = unpricedModels(
      [
        { endpointId: "ep1", model: "llama-3", unpricedCalls: 4 },
        { endpointId: "ep1", model: "gpt-4o", unpricedCalls: 0 },
        { endpointId: null, model: "mystery", unpricedCalls: 1 },
      ],
      [{ endpointId: "ep1", models: ["llama-3", "qwen", "gpt-4o-mini"] }],
      [row("mystery", "2026-01-01T00:00:00Z", { endpointId: "ep9" })],
      "USD",
      now,
    );
    // gpt-4o* has a default price; a price for one endpoint doesn't cover a call of unknown endpoint.
    expect(got).toEqual([
      { endpointId: "ep1", model: "llama-3", unpricedCalls: 4, offered: true },
      { endpointId: null, model: "mystery", unpricedCalls: 1, offered: false },
      { endpointId: "ep1", model: "qwen", unpricedCalls: 0, offered: true },
    ]);
  });
});
