// Memory of the production server (`npm run bench:rss`): resident set size (RSS) and threads of each
// way to serve the app, idle and under a chat load, against the floor: a bare `next start` of the
// smallest App Router app (bench/floor-app). Needs `npm run build` first (the app's .next and
// dist/server.mjs); builds the floor app itself when it has no build yet.
//
//   server.ts under tsx   node --import tsx scripts/server.ts  (how `npm start` served before)
//   dist/server.mjs       node dist/server.mjs                 (how it serves now)
//   next start (app)      next start of this app, no custom server (what the wrapper adds)
//   npm start tree        node --import tsx scripts/start.ts: the supervisor and its server, summed
//   tsx CLI tree          the same started through the tsx CLI (the `npm start` script before)
//   dist/start.mjs tree   node dist/start.mjs (the Docker image's command): no tsx at all
//   floor                 next start bench/floor-app
//
// The floor is built with webpack (see main). Flags: --sends=N answers under load (default 200), --conc=N at once (default 20), --keep-db.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate } from "../lib/db/migrate";
import { createDatabase, dropDatabase } from "../tests/helpers/test-database";
import { type BenchUser, cookieHeader, freePort, loadavg, seed, signIn, table } from "./bench-app";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const SENDS = Number(flag("sends")) || 200;
const CONC = Number(flag("conc")) || 20;
const KEEP_DB = args.includes("--keep-db");
const USERS = 20;
/** A quiet server's RSS is read this long after it is ready, and again this long after the load. */
const SETTLE_MS = 5_000;
const HARD_LIMIT_MS = 20 * 60_000;
const floorDir = path.join(root, "bench", "floor-app");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const tsxCli = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");

interface Mode {
  name: string;
  argv: string[];
  /** The floor app has no database, no users and no chat: its load is page renders. */
  floor?: boolean;
}
const MODES: Mode[] = [
  { name: "server.ts under tsx", argv: ["--import", "tsx", "scripts/server.ts"] },
  { name: "dist/server.mjs", argv: ["dist/server.mjs"] },
  { name: "next start (app)", argv: [nextBin, "start"] },
  { name: "npm start tree", argv: ["--import", "tsx", "scripts/start.ts"] },
  { name: "tsx CLI tree", argv: [tsxCli, "scripts/start.ts"] },
  { name: "dist/start.mjs tree", argv: ["dist/start.mjs"] },
  { name: "floor", argv: [nextBin, "start", floorDir], floor: true },
];

// ---------------------------------------------------------------------------------------------
// Processes and their memory (Linux /proc)

interface ProcMem {
  pid: number;
  rssMb: number;
  threads: number;
  cmd: string;
}

/** Every live process of the process group `pgid` (a server and the processes it started). */
function groupMembers(pgid: number): ProcMem[] {
  const out: ProcMem[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid pgrp …": comm may hold spaces, so split after its closing paren.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const threads = Number(/Threads:\s+(\d+)/.exec(status)?.[1] ?? 0);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8")
        .split("\0")
        .slice(1)
        .filter(Boolean)
        .map((a) =>
          path.relative(root, a).replace(/^node_modules\/(next|tsx)\/dist\/.*?(cli\.mjs|next)$/, "$1"),
        )
        .join(" ");
      out.push({ pid: Number(entry), rssMb: kb / 1024, threads, cmd });
    } catch {
      // The process ended while being read.
    }
  }
  return out.sort((a, b) => a.pid - b.pid);
}
const sumRss = (ps: ProcMem[]) => ps.reduce((s, p) => s + p.rssMb, 0);

interface Server {
  child: ChildProcess;
  base: string;
  log: () => string;
  stop: () => Promise<void>;
}

async function startServer(mode: Mode, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  let log = "";
  const argv = mode.floor || mode.argv[0] === nextBin ? [...mode.argv, "-p", String(port)] : mode.argv;
  // Its own process group, so the whole tree is measured and stopped together.
  const child = spawn(process.execPath, argv, {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_MANUAL_SIG_HANDLE: "true",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      ...env,
    },
  });
  const keep = (d: Buffer) => {
    log = (log + d.toString()).slice(-100_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const base = `http://127.0.0.1:${port}`;
  const pgid = child.pid as number;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const kill = setTimeout(() => process.kill(-pgid, "SIGKILL"), 30_000);
      child.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      process.kill(-pgid, "SIGTERM");
    });
  running.add(stop);
  const readyPath = mode.floor ? "/api/ping" : "/api/ready";
  const started = Date.now();
  // The start script builds first when sources changed since the last build: allow for it.
  while (Date.now() - started < 10 * 60_000) {
    if (child.exitCode !== null) throw new Error(`${mode.name} exited:\n${log.slice(-2000)}`);
    const res = await fetch(`${base}${readyPath}`).catch(() => null);
    if (res?.ok) return { child, base, log: () => log, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`${mode.name} not ready after 10 min:\n${log.slice(-2000)}`);
}

// ---------------------------------------------------------------------------------------------
// Load

/** One delegating answer from the demo model (1 ms per token), read to its end. */
async function send(base: string, user: BenchUser): Promise<boolean> {
  const res = await fetch(`${base}/api/chat`, {
    method: "POST",
    headers: { "Content-Type": "application/json", cookie: cookieHeader(user) },
    body: JSON.stringify({
      agentId: user.leadId,
      text: "What time is it in UTC right now?\nWhat is 1234 * 5678?",
    }),
  });
  const text = await res.text();
  // The stream's last item is the run's end and its status (SSE: one `data:` line per item).
  return (
    res.ok &&
    text.split("\n").some((line) => {
      if (!line.startsWith("data: {")) return false;
      const item = JSON.parse(line.slice(6)) as { type?: string; status?: string };
      return item.type === "run_end" && item.status === "completed";
    })
  );
}

/** One render of the floor's page, read to its end. */
async function render(base: string): Promise<boolean> {
  const res = await fetch(`${base}/`);
  return res.ok && (await res.text()).includes("Floor");
}

/** Runs `total` requests, `conc` at once, sampling the group's RSS every 100 ms; the peak and failures. */
async function load(pgid: number, total: number, conc: number, one: (i: number) => Promise<boolean>) {
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, sumRss(groupMembers(pgid)));
  }, 100);
  let failures = 0;
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (next < total) {
        const i = next++;
        if (!(await one(i).catch(() => false))) failures++;
      }
    }),
  );
  clearInterval(sampler);
  peak = Math.max(peak, sumRss(groupMembers(pgid)));
  return { peak, failures, seconds: (Date.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------

const running = new Set<() => Promise<void>>();
let db: { name: string; url: string } | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-rss-"));
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.all([...running].map((stop) => stop().catch(() => {})));
    if (db && !KEEP_DB) await dropDatabase(db.name).catch((e) => console.error(`drop db: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  })();
  return cleaning;
}
setTimeout(() => {
  console.error(`\nHard time limit (${HARD_LIMIT_MS / 1000} s) reached: stopping.`);
  void cleanup().finally(() => process.exit(1));
}, HARD_LIMIT_MS).unref();
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.once(sig, () => void cleanup().finally(() => process.exit(130)));
}

async function main(): Promise<number> {
  console.log(`RSS benchmark — ${new Date().toISOString()}, node ${process.version}`);
  console.log(`loadavg at start: ${loadavg()} (${os.cpus().length} cores)`);
  for (const file of [".next/BUILD_ID", "dist/server.mjs"]) {
    if (!existsSync(path.join(root, file))) {
      console.error(`No ${file}: run \`npm run build\` first.`);
      return 2;
    }
  }
  if (!existsSync(path.join(floorDir, ".next", "BUILD_ID"))) {
    console.log("• Building the floor app (bench/floor-app)…");
    // Webpack: Turbopack takes the repository as its root (the lock file's folder) and compiles the
    // app's instrumentation.ts into the floor. The server that serves either build is the same.
    const built = spawnSync(process.execPath, [nextBin, "build", "--webpack"], {
      cwd: floorDir,
      stdio: "inherit",
    });
    if (built.status !== 0) return 1;
  }

  db = await createDatabase("delegate_rss");
  await migrate({ databaseUrl: db.url });
  const users = await seed(db.url, USERS);
  console.log(`• database ${db.name}: migrated, ${users.length} users`);
  const appEnv = {
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    DEMO_ENDPOINT: "on",
    DEMO_TOKEN_DELAY_MS: "1",
    AUTH_SECRET: "bench-auth-secret-not-for-production",
    APP_ENCRYPTION_KEY: "bench-encryption-key-not-for-production",
    AUTH_TRUST_HOST: "true",
  };

  const rows: string[][] = [];
  const processes: string[] = [];
  let failed = 0;
  for (const mode of MODES) {
    const server = await startServer(mode, mode.floor ? {} : appEnv);
    const pgid = server.child.pid as number;
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const idle = groupMembers(pgid);
    for (const p of idle)
      processes.push(`  ${mode.name}: ${p.rssMb.toFixed(0)} MB, ${p.threads} threads — node ${p.cmd}`);
    if (!mode.floor)
      for (let i = 0; i < users.length; i += 4)
        await Promise.all(users.slice(i, i + 4).map((u) => signIn(server.base, u)));
    const result = await load(pgid, SENDS, CONC, (i) =>
      mode.floor ? render(server.base) : send(server.base, users[i % users.length]),
    );
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const after = groupMembers(pgid);
    await server.stop();
    running.delete(server.stop);
    failed += result.failures;
    rows.push([
      mode.name,
      String(idle.length),
      sumRss(idle).toFixed(0),
      String(idle.reduce((s, p) => s + p.threads, 0)),
      result.peak.toFixed(0),
      sumRss(after).toFixed(0),
      `${SENDS} ${mode.floor ? "renders" : "answers"} in ${result.seconds.toFixed(1)} s`,
      String(result.failures),
    ]);
    console.log(`• ${mode.name}: idle ${sumRss(idle).toFixed(0)} MB, peak ${result.peak.toFixed(0)} MB`);
  }

  console.log(
    `\nRSS in MB, ${CONC} requests at once (load: delegating answers from the demo model at 1 ms per token; the floor renders its page)\n`,
  );
  console.log(
    table(
      [
        "how it serves",
        "processes",
        "idle MB",
        "threads",
        "peak under load MB",
        "idle after load MB",
        "load",
        "failures",
      ],
      rows,
    ),
  );
  const floorIdle = Number(rows.at(-1)?.[2]);
  console.log(
    `\nIdle RSS ÷ floor: ${rows.map((r) => `${r[0]} ${(Number(r[2]) / floorIdle).toFixed(2)}×`).join(", ")}`,
  );
  console.log(`\nEach process when idle:\n${processes.join("\n")}`);
  console.log(`loadavg at end: ${loadavg()}`);
  return failed > 0 ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} finally {
  await cleanup();
}
process.exit(code);
