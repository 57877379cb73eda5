import "server-only";
import { getDb } from "./client";

/** Names of the migrations recorded as finished (and not rolled back) in this database. */
export async function appliedMigrationNames(): Promise<string[]> {
  const rows = await getDb().$queryRaw<Array<{ migration_name: string }>>`
    SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  return rows.map((r) => r.migration_name);
}
