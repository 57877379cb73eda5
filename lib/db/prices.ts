import "server-only";
import { getDb } from "./client";

export interface StoredPrice {
  id: string;
  endpointId: string | null;
  model: string;
  inputPerMTok: number;
  cachedInputPerMTok: number;
  outputPerMTok: number;
  reasoningPerMTok: number;
  effectiveFrom: Date;
}

export type PriceInput = Omit<StoredPrice, "id">;

const select = {
  id: true,
  endpointId: true,
  model: true,
  inputPerMTok: true,
  cachedInputPerMTok: true,
  outputPerMTok: true,
  reasoningPerMTok: true,
  effectiveFrom: true,
} as const;

/**
 * What a send needs to price its run, in one statement (a send's statement count is budgeted,
 * tests/integration/chat-send.test.ts): the currency and every price row (pricesFor picks the one in force).
 */
export async function readPricing(): Promise<{ currency: string; prices: StoredPrice[] }> {
  const rows = await getDb().$queryRaw<
    Array<{ currency: string | null; prices: Array<Record<string, unknown>> }>
  >`
    SELECT (SELECT s."currency" FROM "PricingSettings" s WHERE s."id" = 1) AS currency,
      COALESCE((SELECT json_agg(json_build_object('id', p."id", 'endpointId', p."endpointId",
        'model', p."model", 'inputPerMTok', p."inputPerMTok", 'cachedInputPerMTok', p."cachedInputPerMTok",
        'outputPerMTok', p."outputPerMTok", 'reasoningPerMTok', p."reasoningPerMTok",
        'effectiveFrom', p."effectiveFrom")) FROM "ModelPrice" p), '[]'::json) AS prices`;
  const row = rows[0];
  return {
    currency: row?.currency ?? "USD",
    // json_build_object gives the timestamp as text (UTC, no zone): read it back as UTC.
    prices: (row?.prices ?? []).map((p) => ({
      ...(p as unknown as StoredPrice),
      effectiveFrom: new Date(`${String(p.effectiveFrom)}Z`),
    })),
  };
}

export function createPrice(data: PriceInput): Promise<StoredPrice> {
  return getDb().modelPrice.create({ data, select });
}

/** The installation's currency; USD until an admin sets one. */
export async function readCurrency(): Promise<string> {
  const row = await getDb().pricingSettings.findUnique({ where: { id: 1 }, select: { currency: true } });
  return row?.currency ?? "USD";
}

/** Cost of a conversation's model calls: the sum, or null when one of them had no price. */
export async function conversationCost(conversationId: string): Promise<number | null | undefined> {
  const rows = await getDb().$queryRaw<Array<{ priced: number | null; unknown: bigint; calls: bigint }>>`
    SELECT SUM(u."cost") AS priced, COUNT(*) FILTER (WHERE u."cost" IS NULL) AS unknown, COUNT(*) AS calls
    FROM "UsageRecord" u JOIN "Run" r ON r."id" = u."runId"
    WHERE r."conversationId" = ${conversationId}`;
  const r = rows[0];
  if (!r || Number(r.calls) === 0) return undefined;
  return Number(r.unknown) > 0 ? null : Number(r.priced ?? 0);
}

/** Sets the installation's currency; answers the one it replaces. */
export async function saveCurrency(currency: string): Promise<{ before: string }> {
  return getDb().$transaction(async (tx) => {
    const row = await tx.pricingSettings.findUnique({ where: { id: 1 }, select: { currency: true } });
    await tx.pricingSettings.upsert({ where: { id: 1 }, create: { id: 1, currency }, update: { currency } });
    return { before: row?.currency ?? "USD" };
  });
}

/** Every endpoint's id, name and offered models: for the price form and "models without a price". */
export function endpointModels(): Promise<Array<{ id: string; name: string; models: string[] }>> {
  return getDb().endpoint.findMany({
    select: { id: true, name: true, models: true },
    orderBy: { name: "asc" },
  });
}
