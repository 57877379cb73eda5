import { query } from "./reset-db";

/** Rows in every application table, by table: compare before and after to prove nothing was written. */
export async function rowCounts(): Promise<Record<string, number>> {
  const tables = await query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename`,
  );
  const [row] = await query<Record<string, string>>(
    `SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t.tablename}") AS "${t.tablename}"`).join(", ")}`,
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}
