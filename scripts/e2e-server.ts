// The app as Playwright sees it: a production server on a fresh database of the machine's
// PostgreSQL (never a developer's data), created here and dropped on exit.
import { createDatabase, dropDatabase } from "../tests/helpers/test-database";

const db = process.env.E2E_DATABASE_URL ? null : await createDatabase("delegate_e2e");
process.env.DATABASE_URL = process.env.E2E_DATABASE_URL ?? db?.url;
process.env.DATA_DIR ??= ".data/e2e";
process.env.AUTH_SECRET ??= "e2e-auth-secret-not-for-production";
process.env.APP_ENCRYPTION_KEY ??= "e2e-encryption-key-not-for-production";
process.env.E2E = "1";
// Keep the demo model offered even after a test adds a real endpoint.
process.env.DEMO_ENDPOINT ??= "on";
// The tests' own MCP servers listen on loopback: opted in, as an operator would.
process.env.MCP_ALLOWED_NETWORKS ??= "loopback";

async function cleanup() {
  if (db && !process.env.KEEP_TEST_DB) await dropDatabase(db.name).catch(() => {});
}
process.once("SIGTERM", () => void cleanup());
process.once("SIGINT", () => void cleanup());

await import("./start");
