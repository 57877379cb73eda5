import { defineConfig } from "prisma/config";

// DATABASE_URL is only needed by CLI commands that talk to the database (migrate status/deploy
// where the schema engine is available). `prisma generate` works without it.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres" },
});
