// Counts the SQL statements the app's Prisma client sends to PostgreSQL: installs a client whose
// pg pool wraps every connection's `query`, so both pooled queries and transactions are seen.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/lib/db/generated/client";

export interface QueryCounter {
  /** Statements seen since the last reset. */
  readonly statements: string[];
  count(): number;
  reset(): void;
  /** Puts the previous client back and closes the pool. */
  restore(): Promise<void>;
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

/** Replaces the client `getDb()` returns with a counting one until `restore()`. */
export function installQueryCounter(url = process.env.DATABASE_URL as string): QueryCounter {
  const statements: string[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("connect", (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0];
      statements.push(typeof first === "string" ? first : String((first as { text?: string })?.text ?? ""));
      return original(...args);
    };
  });
  const previous = globalForPrisma.prisma;
  const client = new PrismaClient({ adapter: new PrismaPg(pool) });
  globalForPrisma.prisma = client;
  return {
    statements,
    count: () => statements.length,
    reset: () => {
      statements.length = 0;
    },
    restore: async () => {
      globalForPrisma.prisma = previous;
      await client.$disconnect();
      await pool.end().catch(() => {});
    },
  };
}
