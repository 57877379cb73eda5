// Liveness and readiness as a load balancer sees them, against the migrated test database.
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import { stopAcceptingRuns } from "@/lib/chat/live-runs";
import { readiness } from "@/lib/ops/readiness";
import { installQueryCounter } from "../helpers/query-counter";

const temp: string[] = [];
afterAll(() => Promise.all(temp.map((dir) => rm(dir, { recursive: true, force: true }))));

describe("health and readiness", () => {
  it("/api/health answers 200 without touching the database", async () => {
    const counter = installQueryCounter();
    try {
      const res = health();
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: "ok" });
      expect(counter.statements).toHaveLength(0);
    } finally {
      await counter.restore();
    }
  });

  it("/api/ready answers 200 when the database has every shipped migration", async () => {
    const res = await ready();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ready: true,
      checks: [
        { name: "database", ok: true },
        { name: "migrations", ok: true },
      ],
    });
  });

  it("is not ready once the process is shutting down (it finishes its answers, takes no new ones)", async () => {
    const state = globalThis as unknown as { __acceptingRuns?: boolean };
    stopAcceptingRuns();
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      expect((await res.json()).checks).toContainEqual({
        name: "shutdown",
        ok: false,
        detail: "Shutting down: finishing the answers that run here.",
      });
    } finally {
      state.__acceptingRuns = true;
    }
  });

  it("is not ready while a shipped migration is not applied, and names it", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "ready-"));
    temp.push(dir);
    await cp(path.join(process.cwd(), "prisma", "migrations"), dir, { recursive: true });
    await mkdir(path.join(dir, "29991231000000_from_the_future"));
    await writeFile(path.join(dir, "29991231000000_from_the_future", "migration.sql"), "SELECT 1;");
    const result = await readiness({ migrationsDir: dir });
    expect(result.ready).toBe(false);
    expect(result.checks[1]).toEqual({
      name: "migrations",
      ok: false,
      detail: "Pending migrations: 29991231000000_from_the_future.",
    });
  });

  it("answers 503 naming the database, never its address, when the database is unreachable", async () => {
    const dead = installQueryCounter("postgresql://postgres:hunter2@127.0.0.1:1/nowhere");
    try {
      const res = await ready();
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text).checks[0]).toEqual({
        name: "database",
        ok: false,
        detail: "The database is unreachable.",
      });
      expect(text).not.toMatch(/hunter2|127\.0\.0\.1|nowhere/);
    } finally {
      await dead.restore();
    }
  });
});
