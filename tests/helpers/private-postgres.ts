// A PostgreSQL server of a test's own (initdb into a temp dir, its own port), for fault tests
// that stop and restart the database: the shared server on 5432 is never touched. PostgreSQL
// refuses to run as root, so as root the server runs as the `postgres` system user.
import { execFile } from "node:child_process";
import { chmod, chown, mkdtemp, rm } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const BIN = process.env.TEST_PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface PrivatePostgres {
  url: string;
  port: number;
  /** Stops the server (fast shutdown: open connections are cut). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its data directory. */
  destroy(): Promise<void>;
}

async function asOwner(cmd: string, args: string[], owner: string | null) {
  const bin = path.join(BIN, cmd);
  return owner ? run("runuser", ["-u", owner, "--", bin, ...args]) : run(bin, args);
}

export async function startPrivatePostgres({ port }: { port: number }): Promise<PrivatePostgres> {
  const dir = await mkdtemp(path.join(tmpdir(), "delegate-pg-"));
  const owner = userInfo().uid === 0 ? "postgres" : null;
  if (owner) {
    const { stdout } = await run("id", ["-u", owner]);
    const { stdout: gid } = await run("id", ["-g", owner]);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
    await chmod(dir, 0o700);
  }
  const data = path.join(dir, "data");
  await asOwner("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"], owner);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = async () => {
    await asOwner("pg_ctl", ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "start"], owner);
  };
  const stop = async () => {
    await asOwner("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"], owner);
  };
  await start();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      await stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
