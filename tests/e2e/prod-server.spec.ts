// The production server `npm start` runs: an app instance of its own (on its own database) serves
// from dist/server.mjs, compiled by the build, with plain node (no TypeScript loader in the serving
// process: bench/README.md "Server memory"), and the compiled server still does what it exists for:
// a client's own X-Delegate-Peer-Address is replaced by the socket's address, so sign-in throttling
// counts the real client.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { createDatabase, dropDatabase } from "../helpers/test-database";
import { type Instance, killInstance, startInstance, waitReady } from "./cluster-helpers";
import { expect, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 110;

let db: { name: string; url: string } | undefined;
let node: Instance | undefined;

test.afterAll(async () => {
  if (node) killInstance(node);
  if (db) await dropDatabase(db.name).catch(() => {});
});

/** The command lines (argv) of every process in the process group `pgid`. */
function groupCommands(pgid: number): string[][] {
  const commands: string[][] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (comm) state ppid pgrp …": comm may hold spaces, so split after its closing paren.
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      commands.push(readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").filter(Boolean));
    } catch {
      // The process ended while being read.
    }
  }
  return commands;
}

test("npm start serves compiled JavaScript with plain node, and it stamps the client's real address", async () => {
  test.skip(process.platform !== "linux", "reads the process table from /proc");
  test.setTimeout(300_000);
  db = await createDatabase("delegate_prodserver");
  node = startInstance({ index: 0, port: PORT, databaseUrl: db.url });
  await waitReady(node);

  // The serving process: `node <app>/dist/server.mjs` and nothing else (no --import tsx).
  const commands = groupCommands(node.child.pid as number);
  const bundle = path.resolve("dist", "server.mjs");
  const serving = commands.filter((argv) => argv.includes(bundle));
  expect(serving, JSON.stringify(commands)).toHaveLength(1);
  expect(path.basename(serving[0][0])).toBe("node");
  expect(serving[0].slice(1)).toEqual([bundle]);
  expect(commands.some((argv) => argv.some((a) => a.endsWith("scripts/server.ts")))).toBe(false);

  // A failed sign-in whose request claims another peer address is counted against the socket's.
  const csrfRes = await fetch(`${node.url}/api/auth/csrf`);
  const cookie = csrfRes.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${node.url}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      cookie,
      "X-Delegate-Peer-Address": "203.0.113.9",
    },
    body: new URLSearchParams({ csrfToken, email: "nobody@example.com", password: "wrong-password-123" }),
  });
  await res.arrayBuffer();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ key: string }>(`SELECT key FROM "AuthThrottle" ORDER BY key`);
    const keys = rows.map((r) => r.key);
    expect(keys).toContain("ip:127.0.0.1");
    expect(keys.some((k) => k.includes("203.0.113.9"))).toBe(false);
  } finally {
    await client.end();
  }
});
