import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

// One client per process. Next.js dev reloads modules, so the instance lives on globalThis.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

function createClient(): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error(
      "DATABASE_URL is not set. Start the app with `npm start` (it provides an embedded database).",
    );
  }
  const max = Number(process.env.DATABASE_POOL_MAX ?? 10);
  const adapter = new PrismaPg({ connectionString, max });
  return new PrismaClient({ adapter });
}

export function getDb(): PrismaClient {
  globalForPrisma.prisma ??= createClient();
  return globalForPrisma.prisma;
}

export type { PrismaClient };
