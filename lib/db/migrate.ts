// Applies pending Prisma migrations without Prisma's native schema engine (it can't be
// downloaded on these machines). Bookkeeping matches `prisma migrate deploy`: the same
// `_prisma_migrations` table, columns and sha256 checksums, and the same advisory lock, so
// `prisma migrate status/deploy` agree with us wherever the engine exists.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

// The key Prisma's schema engine uses for pg_advisory_lock, so both never migrate at once.
const PRISMA_ADVISORY_LOCK = 72707369;

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: string[];
}

class MigrationError extends Error {
  readonly code = "db:migration";
}

// A function, not a constant: inside the Next.js bundle `import.meta.dirname` is undefined, and the
// app's readiness check (which passes its own folder) must be able to import this module.
const defaultMigrationsDir = () => path.resolve(import.meta.dirname, "../../prisma/migrations");

export async function readMigrations(dir = defaultMigrationsDir()): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

export async function migrate({
  databaseUrl,
  dir = defaultMigrationsDir(),
  log = () => {},
}: {
  databaseUrl: string;
  dir?: string;
  log?: (line: string) => void;
}): Promise<MigrateResult> {
  const migrations = await readMigrations(dir);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    await client.query(MIGRATIONS_TABLE);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`);
    const done = new Map(rows.filter((r) => !r.rolled_back_at).map((r) => [r.migration_name, r]));

    const failed = rows.find((r) => !r.finished_at && !r.rolled_back_at);
    if (failed) {
      throw new MigrationError(
        `Migration ${failed.migration_name} failed earlier and was not rolled back; fix the database, then mark it rolled back.`,
      );
    }

    const result: MigrateResult = { applied: [], alreadyApplied: [] };
    for (const m of migrations) {
      const prev = done.get(m.name);
      if (prev) {
        if (prev.checksum !== m.checksum) {
          // Prisma warns and carries on here; an edited migration is almost always a mistake.
          log(`warning: migration ${m.name} was edited after it was applied (checksum differs)`);
        }
        result.alreadyApplied.push(m.name);
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 0)`,
          [id, m.checksum, m.name],
        );
        await client.query(m.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new MigrationError(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
      log(`applied migration ${m.name}`);
      result.applied.push(m.name);
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]).catch(() => {});
    await client.end();
  }
}
