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

export function listPrices(): Promise<StoredPrice[]> {
  return getDb().modelPrice.findMany({ select, orderBy: [{ model: "asc" }, { effectiveFrom: "desc" }] });
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
