// Message search on the embedded database (PGlite): the migration's pg_trgm extension loads (it is
// one of PGlite's bundled extensions, passed in lib/db/embedded.ts) and the same query finds an
// English word and a Chinese phrase.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

let embedded: EmbeddedPostgres;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "pglite-search-"));
  embedded = await startEmbeddedPostgres({ dataDir, port: 20000 + Math.floor(Math.random() * 10000) });
  await migrate({ databaseUrl: embedded.url });
  process.env.DATABASE_URL = embedded.url;
  process.env.EMBEDDED_DATABASE = "1";
  process.env.DATABASE_POOL_MAX = "1";
}, 60_000);

afterAll(async () => {
  const { getPool } = await import("@/lib/db/client");
  await getPool().end();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("message search on the embedded database", () => {
  it("finds words and Chinese text, only the user's", async () => {
    const client = new pg.Client({ connectionString: embedded.url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO "User" (id, email, "updatedAt") VALUES ('u1', 'a@x', now()), ('u2', 'b@x', now())`,
      );
      await client.query(
        `INSERT INTO "Conversation" (id, "userId", title, "updatedAt") VALUES ('c1', 'u1', 'Mine', now()), ('c2', 'u2', 'Theirs', now())`,
      );
      await client.query(
        `INSERT INTO "Message" (id, "conversationId", role, content) VALUES
          ('m1', 'c1', 'ASSISTANT', 'The trams in Lisbon are charming'),
          ('m2', 'c1', 'USER', '今天天气很好，我们去公园散步'),
          ('m3', 'c2', 'USER', 'Lisbon 公园散步 too')`,
      );
      const { rows } = await client.query<{ extname: string }>(
        `SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`,
      );
      expect(rows).toEqual([{ extname: "pg_trgm" }]);
    } finally {
      await client.end();
    }
    const { searchUserMessages } = await import("@/lib/search/messages");
    expect((await searchUserMessages("u1", "lisbon")).map((r) => r.messageId)).toEqual(["m1"]);
    expect((await searchUserMessages("u1", "公园散步")).map((r) => r.messageId)).toEqual(["m2"]);
  }, 60_000);
});
