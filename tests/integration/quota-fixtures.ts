// Shared set-up for the quota tests: users, conversations, settings, and a second Prisma client
// that stands in for another app process (its own pg pool, its own sessions and locks).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/db/generated/client";
import { query } from "../helpers/reset-db";

let seq = 0;

export async function makeUser(
  email = `u${++seq}-${Date.now()}@example.com`,
  role: "USER" | "ADMIN" = "USER",
) {
  const id = `user_${++seq}_${Math.random().toString(36).slice(2, 8)}`;
  await query(`INSERT INTO "User" (id, email, role, "updatedAt") VALUES ($1, $2, $3, now())`, [
    id,
    email,
    role,
  ]);
  return { id, email };
}

export async function makeConversation(userId: string) {
  const id = `conv_${++seq}_${Math.random().toString(36).slice(2, 8)}`;
  await query(`INSERT INTO "Conversation" (id, "userId", "updatedAt") VALUES ($1, $2, now())`, [id, userId]);
  return id;
}

/** Writes the global settings row directly (tests of enforcement, not of the admin forms). */
export async function setSettings(values: Record<string, number | boolean>) {
  const keys = Object.keys(values);
  const cols = keys.map((k) => `"${k}"`).join(", ");
  const params = keys.map((_, i) => `$${i + 1}`).join(", ");
  const updates = keys.map((k) => `"${k}" = EXCLUDED."${k}"`).join(", ");
  await query(
    `INSERT INTO "QuotaSettings" (id, ${cols}, "updatedAt") VALUES ('global', ${params}, now())
     ON CONFLICT (id) DO UPDATE SET ${updates}, "updatedAt" = now()`,
    Object.values(values),
  );
}

/** A separate client with its own pool: a second app process as far as PostgreSQL can tell. */
export function otherProcessClient(): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL as string, max: 10 }),
  });
}

const g = globalThis as unknown as { prisma?: PrismaClient };

/**
 * Calls `fn` with `getDb()` answering `client`. Quota functions call getDb() synchronously
 * before their first await, so concurrent calls can each be bound to a different "process".
 */
export function viaClient<T>(client: PrismaClient, fn: () => Promise<T>): Promise<T> {
  const saved = g.prisma;
  g.prisma = client;
  try {
    return fn();
  } finally {
    g.prisma = saved;
  }
}

export async function settle<T>(promises: Promise<T>[]) {
  const results = await Promise.allSettled(promises);
  const ok = results
    .filter((r): r is PromiseFulfilledResult<Awaited<T>> => r.status === "fulfilled")
    .map((r) => r.value);
  const errors = results
    .filter((r): r is PromiseRejectedResult => r.status === "rejected")
    .map((r) => r.reason as { code?: string; status?: number; retryAfter?: number; message?: string });
  return { ok, errors };
}
