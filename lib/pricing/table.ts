// What Admin → Pricing shows: every price row (the admin's and the shipped defaults) with whether
// it is in force now, and the models that are used or offered but have no price (cost unknown).
import { DEMO_MODEL_ID } from "@/lib/providers/demo-constants";
import { pricesFor } from ".";
import { DEFAULT_PRICES, DEFAULT_PRICES_CURRENCY } from "./defaults";
import type { PriceRow } from "./match";

/**
 * `inForce`: the row a matching call would be charged at now (for its own endpoint and pattern);
 * `scheduled`: effective later; `superseded`: a later row of the same endpoint and pattern, or an
 * admin row of the same, replaced it; `notApplied`: a default while the currency isn't theirs.
 */
export type PriceState = "inForce" | "scheduled" | "superseded" | "notApplied";

export interface PriceTableRow extends PriceRow {
  id: string;
  source: "admin" | "default";
  state: PriceState;
}

const sameTarget = (a: PriceRow, b: PriceRow) => a.endpointId === b.endpointId && a.model === b.model;

export function priceTable(
  adminRows: ReadonlyArray<PriceRow & { id: string }>,
  currency: string,
  now: Date,
): PriceTableRow[] {
  const started = (r: PriceRow) => r.effectiveFrom.getTime() <= now.getTime();
  // Of the rows for one endpoint and pattern, the latest one already started is the one in force.
  const latest = (rows: readonly PriceRow[], r: PriceRow) =>
    rows.filter((o) => sameTarget(o, r) && started(o)).every((o) => o.effectiveFrom <= r.effectiveFrom);
  const admin = adminRows.map((r): PriceTableRow => {
    const state: PriceState = !started(r) ? "scheduled" : latest(adminRows, r) ? "inForce" : "superseded";
    return { ...r, source: "admin", state };
  });
  const usable = currency === DEFAULT_PRICES_CURRENCY;
  const defaults = DEFAULT_PRICES.map((r, i): PriceTableRow => {
    const state: PriceState =
      !usable && r.model !== DEMO_MODEL_ID
        ? "notApplied"
        : adminRows.some((a) => sameTarget(a, r) && started(a))
          ? "superseded"
          : "inForce";
    return { ...r, id: `default-${i}`, source: "default", state };
  });
  const order = (a: PriceTableRow, b: PriceTableRow) =>
    a.model.localeCompare(b.model) || b.effectiveFrom.getTime() - a.effectiveFrom.getTime();
  return [...admin.sort(order), ...defaults.sort(order)];
}

export interface UnpricedModel {
  endpointId: string | null;
  model: string;
  /** Calls of it recorded without a cost (all time). */
  unpricedCalls: number;
  /** Offered by an endpoint's model list (else only seen in the usage ledger). */
  offered: boolean;
}

/**
 * The models a call would get no price for now: those in the usage ledger and those the endpoints
 * offer. A ledger row with no endpoint (older than prices) is checked against "any endpoint" rows.
 */
export function unpricedModels(
  used: ReadonlyArray<{ endpointId: string | null; model: string; unpricedCalls: number }>,
  offered: ReadonlyArray<{ endpointId: string; models: readonly string[] }>,
  adminRows: readonly PriceRow[],
  currency: string,
  now: Date,
): UnpricedModel[] {
  const found = new Map<string, UnpricedModel>();
  const add = (endpointId: string | null, model: string, calls: number, isOffered: boolean) => {
    const key = `${endpointId ?? ""}\u0000${model}`;
    const seen = found.get(key);
    if (seen) {
      seen.unpricedCalls += calls;
      seen.offered ||= isOffered;
    } else found.set(key, { endpointId, model, unpricedCalls: calls, offered: isOffered });
  };
  for (const u of used) add(u.endpointId, u.model, u.unpricedCalls, false);
  for (const e of offered) for (const m of e.models) add(e.endpointId, m, 0, true);
  return [...found.values()]
    .filter((m) => {
      const [priced] = pricesFor(
        [{ endpointId: m.endpointId ?? "", model: m.model }],
        adminRows.filter((r) => m.endpointId !== null || r.endpointId === null),
        currency,
        now,
      );
      return priced.price === null;
    })
    .sort((a, b) => b.unpricedCalls - a.unpricedCalls || a.model.localeCompare(b.model));
}
