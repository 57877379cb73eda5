// `npm start`: the one command a newcomer runs. Uses $DATABASE_URL when set, otherwise an
// embedded PostgreSQL under .data/; applies migrations; builds when sources changed; serves.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres } from "../lib/db/embedded";
import { migrate } from "../lib/db/migrate";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.resolve(root, process.env.DATA_DIR ?? ".data");
const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
mkdirSync(dataDir, { recursive: true });

/** A random secret generated once and kept in .data/, so sessions and stored keys survive restarts. */
function persistentSecret(name: string): string {
  const file = path.join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

process.env.AUTH_SECRET ??= persistentSecret("auth-secret");
process.env.APP_ENCRYPTION_KEY ??= persistentSecret("encryption-key");
process.env.AUTH_TRUST_HOST ??= "true";

let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
if (!process.env.DATABASE_URL) {
  const dbPort = Number(process.env.EMBEDDED_DB_PORT ?? 54329);
  embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pglite"), port: dbPort });
  process.env.DATABASE_URL = embedded.url;
  // PGlite executes one statement at a time; one pooled connection keeps transactions intact.
  process.env.DATABASE_POOL_MAX ??= "1";
  process.env.EMBEDDED_DATABASE = "1";
  console.log(
    `• Embedded PostgreSQL on 127.0.0.1:${dbPort} (data in ${path.relative(root, dataDir)}/pglite)`,
  );
} else {
  console.log("• Using DATABASE_URL");
}

const result = await migrate({
  databaseUrl: process.env.DATABASE_URL,
  // Named here: compiled into dist/start.mjs, lib/db/migrate.ts no longer sits next to prisma/.
  dir: path.join(root, "prisma", "migrations"),
  log: (l) => console.log(`• ${l}`),
});
console.log(`• Database schema up to date (${result.applied.length} migration(s) applied now)`);

function newestSourceMtime(paths: string[]): number {
  const out = spawnSync("git", ["ls-files", "-z", ...paths], { cwd: root });
  const files = out.status === 0 ? out.stdout.toString().split("\0").filter(Boolean) : [];
  return files.reduce((max, f) => {
    try {
      return Math.max(max, statSync(path.join(root, f)).mtimeMs);
    } catch {
      return max;
    }
  }, 0);
}

/** True when `output` is missing or older than a tracked file under `sources`. */
function stale(output: string, sources: string[]): boolean {
  if (!existsSync(output)) return true;
  return newestSourceMtime(sources) > statSync(output).mtimeMs;
}

function run(script: string, args: string[]): number {
  return (
    spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: "inherit", env: process.env })
      .status ?? 1
  );
}

const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
// The server as plain JavaScript (scripts/build-server.mjs, which also compiles this script to
// dist/start.mjs for the Docker image), so the serving process runs without tsx.
const serverBundle = path.join(root, "dist", "server.mjs");
if (!dev) {
  const appSources = ["app", "components", "lib", "next.config.ts", "package.json"];
  const steps: [string, string[]][] = [];
  if (stale(path.join(root, ".next", "BUILD_ID"), appSources)) steps.push([next, ["build"]]);
  if (steps.length > 0 || stale(serverBundle, ["scripts", "lib", "package.json"]))
    steps.push([path.join(root, "scripts", "build-server.mjs"), []]);
  if (steps.length > 0) console.log("• Building the app (first start or sources changed)…");
  for (const [script, args] of steps) {
    const status = run(script, args);
    if (status !== 0) {
      await embedded?.stop();
      process.exit(status);
    }
  }
}

// Our own HTTP server around Next (scripts/server.ts), so the app can see each client's socket address.
// Signals are left to the app's handler (lib/chat/shutdown.ts, installed by instrumentation.ts), which
// saves running answers before exiting; server.ts's and Next's own handlers would exit without them.
// Development runs the TypeScript source under tsx, so edits to it apply on the next start.
const serverArgs = dev
  ? ["--import", "tsx", path.join(root, "scripts", "server.ts"), "--dev"]
  : [serverBundle];
const child = spawn(process.execPath, serverArgs, {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, NEXT_MANUAL_SIG_HANDLE: "true" },
});
child.stdout?.on("data", (chunk: Buffer) => {
  const text = chunk.toString();
  process.stdout.write(text);
  if (/Ready|ready/.test(text))
    console.log(`\n  ➜  Open http://localhost:${port}  (register: the first account becomes admin)\n`);
});

let stopping = false;
let childExited = child.exitCode !== null;
const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
// Long enough for the app to finish or interrupt its answers and save them (RUN_SHUTDOWN_GRACE_SECONDS
// plus the save), after which it is killed anyway.
const childGraceMs = (Number(process.env.RUN_SHUTDOWN_GRACE_SECONDS ?? 10) + 20) * 1000;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  if (!childExited) {
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), childGraceMs);
    await exited;
    clearTimeout(timer);
  }
  // The database goes last: the app saves its answers into it while shutting down.
  await embedded?.stop().catch(() => {});
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
// A server that dies on its own is a failure even when a signal (OOM killer, SIGKILL) ended it, so
// whoever started the app (a supervisor, a container runtime) sees a non-zero status.
child.on("exit", (code, signal) => {
  childExited = true;
  void shutdown(code ?? (signal ? 1 : 0));
});
