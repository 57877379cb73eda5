// What a load balancer asks before sending traffic to this process: can it reach its database,
// is that database at the schema this build expects, and (with REDIS_URL) can it reach the Redis
// that carries live runs between processes? Liveness (/api/health) asks nothing.
import "server-only";
import path from "node:path";
import { acceptingRuns } from "@/lib/chat/live-runs";
import { runBus } from "@/lib/chat/run-bus";
import { appliedMigrationNames } from "@/lib/db/health";
import { readMigrations } from "@/lib/db/migrate";
import { withTimeout } from "@/lib/util/with-timeout";

export interface ReadinessCheck {
  name: "database" | "migrations" | "redis" | "shutdown";
  ok: boolean;
  /** Why it is not ready, in words an operator can act on; never a connection string. */
  detail?: string;
}

export interface Readiness {
  ready: boolean;
  checks: ReadinessCheck[];
}

const TIMEOUT_MS = 2_000;

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

/** The migrations shipped with this build, read once per process (per folder). */
const shipped = new Map<string, Promise<string[]>>();
function shippedMigrations(dir: string): Promise<string[]> {
  let names = shipped.get(dir);
  if (!names) {
    names = readMigrations(dir).then((ms) => ms.map((m) => m.name));
    shipped.set(dir, names);
  }
  return names;
}

export async function readiness({
  migrationsDir = MIGRATIONS_DIR,
}: {
  migrationsDir?: string;
} = {}): Promise<Readiness> {
  const [db, bus] = await Promise.all([databaseReadiness(migrationsDir), runBus().check()]);
  const checks = [...db.checks];
  if (bus) checks.push({ name: "redis", ...bus });
  // Draining (SIGTERM): running answers finish here, new ones must go to another instance.
  if (!acceptingRuns())
    checks.push({
      name: "shutdown",
      ok: false,
      detail: "Shutting down: finishing the answers that run here.",
    });
  return { ready: checks.every((c) => c.ok), checks };
}

async function databaseReadiness(migrationsDir: string): Promise<Readiness> {
  let applied: string[];
  try {
    applied = await withTimeout(
      appliedMigrationNames(),
      TIMEOUT_MS,
      `The database did not answer within ${TIMEOUT_MS} ms`,
    );
  } catch (err) {
    const detail =
      err instanceof Error && /did not answer/.test(err.message)
        ? err.message
        : "The database is unreachable.";
    return {
      ready: false,
      checks: [
        { name: "database", ok: false, detail },
        { name: "migrations", ok: false, detail: "Not checked: no database." },
      ],
    };
  }
  const done = new Set(applied);
  const pending = (await shippedMigrations(migrationsDir)).filter((name) => !done.has(name));
  return {
    ready: pending.length === 0,
    checks: [
      { name: "database", ok: true },
      pending.length
        ? { name: "migrations", ok: false, detail: `Pending migrations: ${pending.join(", ")}.` }
        : { name: "migrations", ok: true },
    ],
  };
}
