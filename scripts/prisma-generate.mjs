// Runs `prisma generate` offline. Prisma 7's CLI insists on locating its native schema engine
// even though `generate` never executes it, and the engine cannot be downloaded here; pointing
// PRISMA_SCHEMA_ENGINE_BINARY at any existing file satisfies that check.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);
const result = spawnSync("npx", ["prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
