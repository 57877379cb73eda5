// `npm test`: every check, in the order that fails fastest. Needs PostgreSQL (TEST_POSTGRES_URL,
// default postgresql://postgres@127.0.0.1:5432/postgres) and Chromium (installed here if missing
// and the machine allows it). Each step prints its duration; the first failure stops the run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import pg from "pg";

const only = process.argv.slice(2);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const timings = [];

function run(label, cmd, args, env = {}) {
  if (only.length && !only.includes(label)) return;
  console.log(`\n━━ ${label}: ${cmd} ${args.join(" ")}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = (Date.now() - started) / 1000;
  timings.push([label, seconds]);
  if (res.status !== 0) {
    console.error(`\n✗ ${label} failed after ${seconds.toFixed(1)} s`);
    process.exit(res.status ?? 1);
  }
}

async function checkPostgres() {
  const url = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
  } catch (err) {
    console.error(
      `✗ Integration and e2e tests need PostgreSQL at ${url} (${err.message}).\n` +
        "  Start it (e.g. `pg_ctlcluster 15 main start`) or set TEST_POSTGRES_URL to a server where the user may CREATE DATABASE.",
    );
    process.exit(1);
  }
}

/** The tests start Redis servers of their own (tests/helpers/private-redis.ts). */
function ensureRedisServer() {
  const bin = process.env.TEST_REDIS_BIN ?? "redis-server";
  if (spawnSync(bin, ["--version"]).status === 0) return;
  const canApt = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canApt) {
    console.error(
      `✗ ${bin} not found. Install Redis 7 (sudo apt-get install -y redis-server) or set TEST_REDIS_BIN.`,
    );
    process.exit(1);
  }
  console.log("• redis-server missing: installing Debian's redis-server package…");
  const install = spawnSync("apt-get", ["install", "-y", "-qq", "redis-server"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (install.status !== 0 || spawnSync(bin, ["--version"]).status !== 0) {
    console.error("✗ Installing redis-server failed; install it by hand (apt-get install -y redis-server).");
    process.exit(1);
  }
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  const canApt = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canApt) {
    console.error(
      `✗ Chromium not found at ${chromium}. Install Debian's Chromium (sudo apt-get install -y chromium)\n` +
        "  or set CHROMIUM_PATH to a Chromium/Chrome binary. (Playwright's own browser download can't work offline.)",
    );
    process.exit(1);
  }
  console.log("• Chromium missing: installing Debian's chromium package…");
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const install = spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (update.status !== 0 || install.status !== 0 || !existsSync(chromium)) {
    console.error("✗ Installing chromium failed; install it by hand (apt-get install -y chromium).");
    process.exit(1);
  }
}

const started = Date.now();
run("lint", "npx", ["biome", "check", "."]);
// Unused files, exports and dependencies (knip.json says what the entry points are).
run("unused", "npx", ["knip"]);
run("typecheck", "npx", ["tsc", "--noEmit"]);
run("unit", "npx", ["vitest", "run", "--project", "unit"]);
if (!only.length || only.includes("integration") || only.includes("e2e")) {
  await checkPostgres();
  ensureRedisServer();
}
run("integration", "npx", ["vitest", "run", "--project", "integration"]);
if (!only.length || only.includes("e2e")) ensureChromium();
run("build", "npx", ["next", "build"], { AUTH_SECRET: "build-time-placeholder" });
run("e2e", "npx", ["playwright", "test"]);

console.log("\n━━ Summary");
for (const [label, seconds] of timings)
  console.log(`  ${label.padEnd(12)} ${seconds.toFixed(1).padStart(7)} s`);
console.log(`  ${"total".padEnd(12)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
