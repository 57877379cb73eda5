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

/** null when the row is gone. */
export async function updatePrice(id: string, data: PriceInput): Promise<StoredPrice | null> {
  const { count } = await getDb().modelPrice.updateMany({ where: { id }, data });
  return count ? getDb().modelPrice.findUnique({ where: { id }, select }) : null;
}

export async function deletePrice(id: string): Promise<boolean> {
  const { count } = await getDb().modelPrice.deleteMany({ where: { id } });
  return count > 0;
}

/** The installation's currency; USD until an admin sets one. */
export async function readCurrency(): Promise<string> {
  const row = await getDb().pricingSettings.findUnique({ where: { id: 1 }, select: { currency: true } });
  return row?.currency ?? "USD";
}

export async function writeCurrency(currency: string): Promise<void> {
  await getDb().pricingSettings.upsert({ where: { id: 1 }, create: { currency }, update: { currency } });
}

/** Every (endpoint, model) pair configured on an endpoint or seen in usage, for "which lack a price". */
export async function modelsInUse(): Promise<Array<{ endpointId: string; model: string }>> {
  const db = getDb();
  const [endpoints, used] = await Promise.all([
    db.endpoint.findMany({ select: { id: true, models: true } }),
    db.usageRecord.findMany({
      where: { model: { not: null }, endpointId: { not: null } },
      distinct: ["endpointId", "model"],
      select: { endpointId: true, model: true },
    }),
  ]);
  return [
    ...endpoints.flatMap((e) => e.models.map((model) => ({ endpointId: e.id, model }))),
    ...used.map((u) => ({ endpointId: u.endpointId as string, model: u.model as string })),
  ];
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
