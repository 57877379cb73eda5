import pg from "pg";

/**
 * Empties every application table (keeps the migrations bookkeeping) and the job engine's queued
 * jobs (pg-boss keeps its own schema; a job another test file queued must not run in this one).
 */
export async function resetDatabase(url = process.env.DATABASE_URL as string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
    );
    if (rows.length) {
      await client.query(
        `TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`,
      );
    }
    const boss = await client.query(`SELECT to_regclass('pgboss.job') AS job`);
    if (boss.rows[0]?.job) await client.query("DELETE FROM pgboss.job");
  } finally {
    await client.end();
  }
}

export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
