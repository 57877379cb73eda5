// `npm run db:migrate`: apply pending migrations to $DATABASE_URL.
import { migrate } from "../lib/db/migrate";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("DATABASE_URL is not set. `npm start` starts the embedded database and migrates it for you.");
  process.exit(1);
}
const result = await migrate({ databaseUrl, log: (line) => console.log(line) });
console.log(`migrations: ${result.applied.length} applied, ${result.alreadyApplied.length} already applied`);
