import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { env } from "@/lib/env";
import { PrismaClient } from "./generated/client";
import type { TransactionClient } from "./generated/internal/prismaNamespace";

// One client per process. Next.js dev reloads modules, so the instance lives on globalThis.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function createClient(): PrismaClient {
  const { DATABASE_URL: connectionString, DATABASE_POOL_MAX: max } = env();
  if (!connectionString) {
    throw new Error(
      "DATABASE_URL is not set. Start the app with `npm start` (it provides an embedded database).",
    );
  }
  const adapter = new PrismaPg({ connectionString, max });
  return new PrismaClient({ adapter });
}

export function getDb(): PrismaClient {
  globalForPrisma.prisma ??= createClient();
  return globalForPrisma.prisma;
}

/** The client or an open transaction: query functions that take `tx` run in both. */
export type Tx = PrismaClient | TransactionClient;

export type { PrismaClient, TransactionClient };

/** A unique constraint refused the write (e.g. a name already taken). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === "P2002";
}

/** A foreign key refused the write (e.g. a linked row was deleted meanwhile). */
export function isForeignKeyViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === "P2003";
}
