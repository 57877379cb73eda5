// Real separate app processes on one database: the limits hold across them.
import { spawn } from "node:child_process";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../helpers/reset-db";
import { makeConversation, makeUser, setSettings } from "./quota-fixtures";

const root = path.resolve(import.meta.dirname, "../..");

function worker(args: string[]): Promise<{ admitted: number; codes: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=react-server", "--import", "tsx", "tests/integration/quota-worker.ts", ...args],
      { cwd: root, env: { ...process.env, DATABASE_POOL_MAX: "10" }, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line));
      else reject(new Error(`worker exited ${code}: ${err || out}`));
    });
  });
}

describe("two app processes", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("admit exactly the concurrency limit between them (2 × 10 sends, limit 5)", {
    timeout: 60_000,
  }, async () => {
    await setSettings({ maxConcurrentRuns: 5, messagesPerWindow: 0 });
    const u = await makeUser();
    const conv = await makeConversation(u.id);
    const [a, b] = await Promise.all([worker([u.id, conv, "10", "p1"]), worker([u.id, conv, "10", "p2"])]);
    expect(a.admitted + b.admitted).toBe(5);
    expect([...a.codes, ...b.codes]).toEqual(Array(15).fill("rate_limit:concurrent_runs"));
  });
});
