import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { env } from "@/lib/env";
import { PrismaClient } from "./generated/client";
import type { TransactionClient } from "./generated/internal/prismaNamespace";

// One client per process. Next.js dev reloads modules, so the instance lives on globalThis.
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; pgPool?: pg.Pool };

/**
 * The process's one PostgreSQL pool, used by Prisma and by the job engine (lib/jobs/boss.ts). On the
 * embedded database it has one connection (DATABASE_POOL_MAX=1): PGlite runs one session for every
 * connection, so two pools would interleave their transactions.
 */
export function getPool(): pg.Pool {
  globalForPrisma.pgPool ??= createPool();
  return globalForPrisma.pgPool;
}

function createPool(): pg.Pool {
  const { DATABASE_URL: connectionString, DATABASE_POOL_MAX: max, EMBEDDED_DATABASE } = env();
  if (!connectionString) {
    throw new Error(
      "DATABASE_URL is not set. Start the app with `npm start` (it provides an embedded database).",
    );
  }
  // No JIT compilation: PostgreSQL's planner overestimates recursive queries (the agent tree) and
  // compiled them on every send — 14 ms of JIT for a query that runs in under 1 ms. Short OLTP
  // queries never gain from it. (The embedded database has no JIT and no such setting.)
  const pool = new pg.Pool({
    connectionString,
    max,
    ...(EMBEDDED_DATABASE === "1" ? {} : { options: "-c jit=off" }),
  });
  // An idle connection the server dropped: the pool replaces it; unhandled, it would end the process.
  pool.on("error", (err) =>
    console.error(
      JSON.stringify({ level: "warn", msg: "idle database connection lost", error: String(err) }),
    ),
  );
  return pool;
}

function createClient(): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg(getPool()) });
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

/** The row an update or delete names is gone (e.g. deleted meanwhile). */
export function isRecordMissing(err: unknown): boolean {
  return (err as { code?: string })?.code === "P2025";
}

/** A foreign key refused the write (e.g. a linked row was deleted meanwhile). */
export function isForeignKeyViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === "P2003";
}

// Prisma's codes for "can't reach / lost / timed out waiting for the database", and the driver
// adapter's and Node's equivalents. P2028 is an interactive transaction that could not start in
// time or outlived its timeout: under saturation (bench:chat, 200 delegating sends at once on a
// loaded machine) that is the database being busy, worth a retry, not a fault of the request.
const UNAVAILABLE_PRISMA = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);
const UNAVAILABLE_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
const UNAVAILABLE_NODE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "57P01",
  "57P03",
]);

/** The database could not be reached or dropped the connection (not a problem with the query). */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== "object" || depth > 4) return false;
  const e = err as {
    code?: unknown;
    kind?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
    cause?: unknown;
  };
  if (typeof e.code === "string" && (UNAVAILABLE_PRISMA.has(e.code) || UNAVAILABLE_NODE.has(e.code)))
    return true;
  const kind = e.meta?.driverAdapterError?.cause?.kind ?? e.kind;
  if (typeof kind === "string" && UNAVAILABLE_KINDS.has(kind)) return true;
  if (err instanceof Error && /Connection terminated|Can't reach database server/i.test(err.message))
    return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
