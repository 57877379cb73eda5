// One fresh, migrated database per integration run; dropped afterwards.
import { migrate } from "../../lib/db/migrate";
import { createDatabase, dropDatabase } from "../helpers/test-database";

export default async function setup() {
  const db = await createDatabase();
  await migrate({ databaseUrl: db.url });
  process.env.DATABASE_URL = db.url;
  process.env.AUTH_SECRET ??= "integration-test-secret";
  process.env.APP_ENCRYPTION_KEY ??= "integration-test-encryption-key-0123456789";
  return async () => {
    if (!process.env.KEEP_TEST_DB) await dropDatabase(db.name);
  };
}
