// The embedded default database: PGlite (PostgreSQL compiled to WASM) behind a real
// wire-protocol server, so Prisma, pg and psql connect to it exactly as to PostgreSQL.
// Used by `npm start` when DATABASE_URL is unset; the data lives in a local folder.
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedPostgres {
  url: string;
  stop: () => Promise<void>;
}

export async function startEmbeddedPostgres({
  dataDir,
  port,
  host = "127.0.0.1",
}: {
  dataDir: string;
  port: number;
  host?: string;
}): Promise<EmbeddedPostgres> {
  await mkdir(dataDir, { recursive: true });
  // pg_trgm: the trigram index message search uses for Chinese text (see the message_search migration).
  const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  // PGlite runs one query at a time for all connections; the app therefore uses a pool of one
  // connection against it (see DATABASE_POOL_MAX in scripts/start.mjs) so transactions never interleave.
  const server = new PGLiteSocketServer({ db, port, host, maxConnections: 16 });
  await server.start();
  return {
    url: `postgresql://postgres@${host}:${port}/postgres?sslmode=disable`,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}
