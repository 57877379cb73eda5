// The process's job engine: pg-boss on the app's own PostgreSQL, through the app's one pool
// (lib/db/client.ts getPool), so on the embedded database it shares the single connection with
// Prisma. Started once per process (instrumentation.ts); queues register their workers on it.
import "server-only";
import PgBoss from "pg-boss";
import { getPool } from "@/lib/db/client";

const g = globalThis as unknown as { __boss?: Promise<PgBoss> };

/** The started job engine (started on first use; one per process). */
export function getBoss(): Promise<PgBoss> {
  g.__boss ??= start().catch((err) => {
    g.__boss = undefined;
    throw err;
  });
  return g.__boss;
}

async function start(): Promise<PgBoss> {
  const pool = getPool();
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    // Jobs are kept a week, then removed; results live in the app's own tables.
    deleteAfterDays: 7,
  });
  boss.on("error", (err) =>
    console.error(JSON.stringify({ level: "error", msg: "job engine error", error: String(err) })),
  );
  await boss.start();
  return boss;
}

/** Stops taking jobs and waits for the running ones (shutdown and tests). */
export async function stopBoss({ graceful = true }: { graceful?: boolean } = {}) {
  const started = g.__boss;
  g.__boss = undefined;
  if (started) await (await started).stop({ graceful, close: false, wait: true });
}
