import "server-only";
import { getDb, type TransactionClient, type Tx } from "./client";
import type { BalanceEntryKind } from "./generated/enums";

/** The database's clock: one time source for every app process (rate windows, refills). */
export async function dbNow(tx: Tx = getDb()): Promise<Date> {
  const [row] = await tx.$queryRaw<Array<{ now: Date | string }>>`SELECT clock_timestamp() AS now`;
  return new Date(row.now);
}

/** Runs `fn` in one transaction; balance changes happen inside one, holding the row lock. */
export function inBalanceTransaction<T>(fn: (tx: TransactionClient) => Promise<T>): Promise<T> {
  return getDb().$transaction(fn, { maxWait: 10_000, timeout: 15_000 });
}

export interface BalanceRow {
  balance: number;
  lastRefillAt: Date;
}

/** Inserts the user's balance row unless it exists; true when this call created it. */
export async function createBalanceRow({
  tx,
  userId,
  balance,
  now,
}: {
  tx: Tx;
  userId: string;
  balance: number;
  now: Date;
}): Promise<boolean> {
  const created = await tx.tokenBalance.createMany({
    data: [{ userId, balance, lastRefillAt: now }],
    skipDuplicates: true,
  });
  return created.count > 0;
}

/** The balance row locked (FOR UPDATE) until the transaction ends; null when the user has none. */
export async function lockBalanceRow({ tx, userId }: { tx: Tx; userId: string }): Promise<BalanceRow | null> {
  await tx.$queryRaw`SELECT 1 FROM "TokenBalance" WHERE "userId" = ${userId} FOR UPDATE`;
  return readBalanceRow({ tx, userId });
}

/** The balance row as it stands, without locking or creating it. */
export async function readBalanceRow({ tx = getDb(), userId }: { tx?: Tx; userId: string }) {
  return tx.tokenBalance.findUnique({ where: { userId }, select: { balance: true, lastRefillAt: true } });
}

export async function updateBalanceRow({
  tx,
  userId,
  balance,
  lastRefillAt,
}: {
  tx: Tx;
  userId: string;
  balance: number;
  lastRefillAt?: Date;
}): Promise<void> {
  await tx.tokenBalance.update({ where: { userId }, data: { balance, lastRefillAt } });
}

export interface BalanceEntryInput {
  userId: string;
  kind: BalanceEntryKind;
  amount: number;
  balanceAfter: number;
  runId?: string;
  actorId?: string;
  note?: string;
}

export async function insertBalanceEntry({ tx, entry }: { tx: Tx; entry: BalanceEntryInput }): Promise<void> {
  await tx.balanceEntry.create({ data: entry });
}

export interface UsageRecordInput {
  runId: string;
  userId: string;
  agentId: string;
  spanId: string | null;
  parentSpanId: string | null;
  depth: number;
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  reasoningTokens: number;
  model: string | null;
  endpointId: string | null;
  /** null = the model had no price (unknown). */
  cost: number | null;
}

/** One model call in the usage ledger. */
export async function insertUsageRecord({
  tx = getDb(),
  data,
}: {
  tx?: Tx;
  data: UsageRecordInput;
}): Promise<{ id: string }> {
  return tx.usageRecord.create({ data, select: { id: true } });
}

/** The email of the user a balance or override change targets; null when the account is gone. */
export async function readTargetEmail({ tx, userId }: { tx: Tx; userId: string }): Promise<string | null> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
  return user?.email ?? null;
}
