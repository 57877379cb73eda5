import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, readMigrations } from "@/lib/db/migrate";
import { readSchema } from "../helpers/prisma-schema";
import { createDatabase, dropDatabase } from "../helpers/test-database";

describe("migrations", () => {
  let db: { name: string; url: string };
  beforeAll(async () => {
    db = await createDatabase("delegate_migrate");
  });
  afterAll(async () => {
    await dropDatabase(db.name);
  });

  it("apply to an empty database, record Prisma's bookkeeping, and are idempotent", async () => {
    const files = await readMigrations();
    const first = await migrate({ databaseUrl: db.url });
    expect(first.applied).toEqual(files.map((f) => f.name));
    const second = await migrate({ databaseUrl: db.url });
    expect(second.applied).toEqual([]);
    expect(second.alreadyApplied).toEqual(files.map((f) => f.name));

    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query(
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    await client.end();
    expect(rows).toHaveLength(files.length);
    for (const row of rows) {
      const sql = readFileSync(path.resolve("prisma/migrations", row.migration_name, "migration.sql"));
      // Same checksum `prisma migrate deploy` computes, so `prisma migrate status` agrees.
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.finished_at).not.toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("two processes migrating at once apply each migration exactly once", async () => {
    const fresh = await createDatabase("delegate_migrate_race");
    try {
      const results = await Promise.all([
        migrate({ databaseUrl: fresh.url }),
        migrate({ databaseUrl: fresh.url }),
      ]);
      const applied = results.flatMap((r) => r.applied);
      expect(applied.sort()).toEqual((await readMigrations()).map((f) => f.name).sort());
    } finally {
      await dropDatabase(fresh.name);
    }
  });

  it("a failing migration is rolled back and reported", async () => {
    const fresh = await createDatabase("delegate_migrate_bad");
    const { mkdtemp, mkdir, writeFile } = await import("node:fs/promises");
    const dir = await mkdtemp(path.join((await import("node:os")).tmpdir(), "mig-"));
    await mkdir(path.join(dir, "001_ok"));
    await writeFile(path.join(dir, "001_ok", "migration.sql"), `CREATE TABLE "T" ("id" INTEGER);`);
    await mkdir(path.join(dir, "002_bad"));
    await writeFile(
      path.join(dir, "002_bad", "migration.sql"),
      `CREATE TABLE "U" ("id" INTEGER); SELECT * FROM nowhere;`,
    );
    try {
      await expect(migrate({ databaseUrl: fresh.url, dir })).rejects.toMatchObject({ code: "db:migration" });
      const client = new pg.Client({ connectionString: fresh.url });
      await client.connect();
      const tables = await client.query(
        `SELECT tablename FROM pg_tables WHERE schemaname='public' ORDER BY 1`,
      );
      const recorded = await client.query(`SELECT migration_name FROM "_prisma_migrations"`);
      await client.end();
      expect(tables.rows.map((r) => r.tablename)).toEqual(["T", "_prisma_migrations"]);
      expect(recorded.rows.map((r) => r.migration_name)).toEqual(["001_ok"]);
    } finally {
      await dropDatabase(fresh.name);
    }
  });
});

describe("schema.prisma and the migrations agree (drift check)", () => {
  it("every model field is a column of the right type and nullability, and nothing else exists", async () => {
    const schema = readSchema();
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: "YES" | "NO";
    }>(
      `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
    );
    const enumRows = await client.query<{ typname: string }>(
      `SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE t.typtype = 'e' AND n.nspname = 'public'`,
    );
    await client.end();

    const actual = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r]));
    const expected = new Map(schema.columns.map((c) => [`${c.table}.${c.column}`, c]));

    const missing = [...expected.keys()].filter((k) => !actual.has(k));
    const extra = [...actual.keys()].filter((k) => !expected.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });

    const mismatched = schema.columns
      .map((c) => ({ c, a: actual.get(`${c.table}.${c.column}`) }))
      .filter(({ c, a }) => a && (a.data_type !== c.dbType || (a.is_nullable === "YES") !== c.nullable))
      .map(
        ({ c, a }) =>
          `${c.table}.${c.column}: schema ${c.dbType}${c.nullable ? "?" : ""}, db ${a?.data_type}${a?.is_nullable === "YES" ? "?" : ""}`,
      );
    expect(mismatched).toEqual([]);

    expect(new Set(rows.map((r) => r.table_name))).toEqual(new Set(schema.tables));
    expect(enumRows.rows.map((r) => r.typname).sort()).toEqual([...schema.enums].sort());
  });
});
