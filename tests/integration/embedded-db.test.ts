import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

async function run<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded PostgreSQL (the default when DATABASE_URL is unset)", () => {
  it("keeps its data across a restart", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "pglite-"));
    // Below Linux's ephemeral range (32768+), so an outgoing connection can't hold it between the
    // two starts.
    const port = 20000 + Math.floor(Math.random() * 10000);
    try {
      const first = await startEmbeddedPostgres({ dataDir, port });
      const applied = await migrate({ databaseUrl: first.url });
      expect(applied.applied.length).toBeGreaterThan(0);
      await run(
        first.url,
        `INSERT INTO "User" (id, email, name, "updatedAt") VALUES ('u1', 'keep@example.com', 'Keep', now())`,
      );
      await first.stop();

      const second = await startEmbeddedPostgres({ dataDir, port });
      const again = await migrate({ databaseUrl: second.url });
      expect(again.applied).toEqual([]);
      const rows = await run<{ email: string }>(second.url, `SELECT email FROM "User"`);
      await second.stop();
      expect(rows).toEqual([{ email: "keep@example.com" }]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
