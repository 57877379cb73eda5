// Fault tests for the end of a run (issue 11, items 4 and 5), with real separate app processes:
// (a) the database is stopped before a run ends and stays down past its end: after recovery the
//     whole answer is stored and the run closed (a PostgreSQL of the test's own, on its own port);
// (b) an app process is SIGKILLed mid-run: its run is interrupted by the next send of that user or
//     by another live process's heartbeat, the partial answer is kept and the user can send again.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startChat } from "@/lib/chat/start-chat";
import { migrate } from "@/lib/db/migrate";
import { interruptRuns } from "@/lib/db/process-leases";
import type { PublicUser } from "@/lib/db/users";
import { ensureProcessLease } from "@/lib/quota/process-lease";
import { type FakeServer, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { type PrivatePostgres, startPrivatePostgres } from "../helpers/private-postgres";
import { query, resetDatabase } from "../helpers/reset-db";
import { setSettings } from "./quota-fixtures";

const root = path.resolve(import.meta.dirname, "../..");
// 60 words streamed 80 ms apart: about 5 s of answer, long enough to cut things off in the middle.
const WORDS = Array.from({ length: 60 }, (_, i) => (i === 0 ? "word0" : ` word${i}`));
const ANSWER = WORDS.join("");
const LEASE_ENV = { RUN_LEASE_HEARTBEAT_SECONDS: "0.3", RUN_LEASE_STALE_SECONDS: "1.5" };

interface Worker {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  stderr: () => string;
  /** Resolves with the first stdout line matching `pred` (rejects if the process exits first). */
  waitFor: (pred: (line: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>;
  waitForStderr: (re: RegExp) => Promise<void>;
  exited: Promise<number | null>;
}

function worker(args: string[], env: Record<string, string>): Worker {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "tests/integration/run-worker.ts", ...args],
    { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines: Record<string, unknown>[] = [];
  let out = "";
  let err = "";
  const waiters = new Set<() => void>();
  const poke = () => {
    for (const w of waiters) w();
  };
  child.stdout?.on("data", (d) => {
    out += d;
    const parts = out.split("\n");
    out = parts.pop() ?? "";
    for (const p of parts) if (p.startsWith("{")) lines.push(JSON.parse(p));
    poke();
  });
  child.stderr?.on("data", (d) => {
    err += d;
    poke();
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      exitCode = code;
      poke();
      resolve(code);
    }),
  );
  const until = <T>(check: () => T | undefined, what: string) =>
    new Promise<T>((resolve, reject) => {
      const attempt = () => {
        const hit = check();
        if (hit !== undefined) {
          waiters.delete(attempt);
          resolve(hit);
        } else if (exitCode !== undefined) {
          waiters.delete(attempt);
          reject(new Error(`worker exited ${exitCode} before ${what}: ${err.slice(-2000)}`));
        }
      };
      waiters.add(attempt);
      attempt();
    });
  return {
    child,
    lines,
    stderr: () => err,
    waitFor: (pred) => until(() => lines.find(pred), "the expected line"),
    waitForStderr: (re) => until(() => (re.test(err) ? true : undefined), String(re)).then(() => {}),
    exited,
  };
}

/** Polls `fn` until it returns a value (not undefined); fails after `ms` (a hang guard, not a figure). */
async function eventually<T>(fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function rows<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeOpenAIServer({
    models: ["fake-model"],
    script: [{ text: WORDS, delayMs: 80, usage: { prompt_tokens: 10, completion_tokens: 60 } }],
  });
});
afterAll(async () => server.close());

describe("database stopped for longer than the end of a run", () => {
  let db: PrivatePostgres;
  beforeAll(async () => {
    db = await startPrivatePostgres({ port: 55_432 + (process.pid % 500) });
    await migrate({ databaseUrl: db.url });
  }, 120_000);
  afterAll(async () => {
    await db?.destroy();
  });

  it("stores the whole answer after recovery and closes the run only then", {
    timeout: 120_000,
  }, async () => {
    const env = { DATABASE_URL: db.url, RUN_FINAL_SAVE_RETRY_SECONDS: "120", ...LEASE_ENV };
    const setup = worker(["setup", server.url], env);
    const ids = await setup.waitFor((l) => l.type === "setup");
    const run = worker(["run", String(ids.userId), String(ids.agentId), "Say sixty words"], env);
    const meta = await run.waitFor((l) => l.type === "meta");
    // Some of the answer is streamed and saved, then the database goes away.
    await eventually(async () => {
      const [m] = await rows<{ content: string }>(db.url, `SELECT content FROM "Message" WHERE id = $1`, [
        meta.assistantMessageId,
      ]);
      return m && m.content.length > 0 ? m : undefined;
    });
    await db.stop();
    try {
      // The model finishes while the database is down, and the final save has already failed.
      const end = await run.waitFor((l) => l.type === "run_end");
      expect(end).toMatchObject({ status: "completed", chars: ANSWER.length });
      // Either the final save is being retried, or (without retries) the process gave up on it.
      await Promise.race([
        run.waitForStderr(/saving the final answer failed, retrying/),
        run.waitFor((l) => l.type === "saved"),
      ]);
      expect(run.lines.some((l) => l.type === "saved")).toBe(false);
    } finally {
      await db.start();
    }
    await run.waitFor((l) => l.type === "saved");
    expect(await run.exited).toBe(0);

    const [message] = await rows<{ status: string; content: string; error: unknown }>(
      db.url,
      `SELECT status, content, error FROM "Message" WHERE id = $1`,
      [meta.assistantMessageId],
    );
    expect(message).toEqual({ status: "COMPLETE", content: ANSWER, error: null });
    const [runRow] = await rows<{ status: string; ended: boolean }>(
      db.url,
      `SELECT status, "endedAt" IS NOT NULL AS ended FROM "Run" WHERE id = $1`,
      [meta.runId],
    );
    expect(runRow).toEqual({ status: "COMPLETED", ended: true });
    // The model call's usage row, written while the database was down, was retried too.
    const usage = await rows<{ output: number }>(
      db.url,
      `SELECT "outputTokens" AS output FROM "UsageRecord" WHERE "runId" = $1`,
      [meta.runId],
    );
    expect(usage).toEqual([{ output: 60 }]);
  });
});

describe("app process killed mid-run", () => {
  let userId: string;
  let agentId: string;
  const saved: Record<string, string | undefined> = {};

  beforeAll(() => {
    for (const [k, v] of Object.entries(LEASE_ENV)) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  beforeEach(async () => {
    await resetDatabase();
    // One answer at a time: a run left RUNNING would refuse the next send.
    await setSettings({ maxConcurrentRuns: 1, messagesPerWindow: 0 });
    const setup = worker(["setup", server.url], {});
    const ids = await setup.waitFor((l) => l.type === "setup");
    userId = String(ids.userId);
    agentId = String(ids.agentId);
  }, 60_000);

  /** Starts a run in a child process, waits until part of it is saved, then SIGKILLs the process. */
  async function killMidRun(leaseEnv: Record<string, string> = LEASE_ENV) {
    const run = worker(["run", userId, agentId, "Say sixty words"], leaseEnv);
    const meta = await run.waitFor((l) => l.type === "meta");
    const partial = await eventually(async () => {
      const [m] = await query<{ content: string }>(`SELECT content FROM "Message" WHERE id = $1`, [
        meta.assistantMessageId,
      ]);
      return m && m.content.length > 0 ? m.content : undefined;
    });
    run.child.kill("SIGKILL");
    await run.exited;
    // What the dead process left behind: its last partial save.
    const [left] = await query<{ content: string; status: string }>(
      `SELECT content, status FROM "Message" WHERE id = $1`,
      [meta.assistantMessageId],
    );
    expect(left.status).toBe("STREAMING");
    expect(left.content.startsWith(partial)).toBe(true);
    expect(left.content.length).toBeLessThan(ANSWER.length);
    return { runId: String(meta.runId), messageId: String(meta.assistantMessageId), partial: left.content };
  }

  async function expectInterrupted(dead: { runId: string; messageId: string; partial: string }) {
    const [r] = await query<{ status: string; ended: boolean }>(
      `SELECT status, "endedAt" IS NOT NULL AS ended FROM "Run" WHERE id = $1`,
      [dead.runId],
    );
    expect(r).toEqual({ status: "INTERRUPTED", ended: true });
    const [m] = await query<{ status: string; content: string; code: string; root: string }>(
      `SELECT status, content, error->>'code' AS code, parts->>'status' AS root FROM "Message" WHERE id = $1`,
      [dead.messageId],
    );
    expect(m).toEqual({
      status: "INTERRUPTED",
      content: dead.partial,
      code: "internal:interrupted",
      root: "failed",
    });
  }

  it("the user's next send interrupts the dead run, keeps its partial answer and is admitted", {
    timeout: 60_000,
  }, async () => {
    const dead = await killMidRun();
    // Wait until the dead process's lease is stale (no process of this test judges before that).
    await eventually(async () => {
      const [l] = await query<{ stale: boolean }>(
        `SELECT bool_and("heartbeatAt" < (now() AT TIME ZONE 'UTC') - interval '1.5 seconds') AS stale
         FROM "ProcessLease" l JOIN "Run" r ON r."processId" = l.id WHERE r.id = $1`,
        [dead.runId],
      );
      return l?.stale ? true : undefined;
    });
    const live = await startChat({ user: { id: userId } as PublicUser, body: { agentId, text: "Again" } });
    await expectInterrupted(dead);
    await live.ended;
    const [again] = await query<{ status: string; content: string }>(
      `SELECT status, content FROM "Message" WHERE id = $1`,
      [live.meta.assistantMessageId],
    );
    expect(again).toEqual({ status: "COMPLETE", content: ANSWER });
  });

  it("another live process's heartbeat interrupts the dead run; the answer can be regenerated", {
    timeout: 60_000,
  }, async () => {
    const dead = await killMidRun();
    // This test process is the other app process: its lease heartbeat sweeps dead processes' runs.
    await ensureProcessLease();
    await eventually(async () => {
      const [r] = await query<{ status: string }>(`SELECT status FROM "Run" WHERE id = $1`, [dead.runId]);
      return r.status === "RUNNING" ? undefined : r;
    });
    await expectInterrupted(dead);
    const [m] = await query<{ parentId: string; conversationId: string }>(
      `SELECT "parentId", "conversationId" FROM "Message" WHERE id = $1`,
      [dead.messageId],
    );
    const live = await startChat({
      user: { id: userId } as PublicUser,
      body: { agentId, conversationId: m.conversationId, regenerateMessageId: m.parentId },
    });
    await live.ended;
    const [again] = await query<{ status: string; content: string }>(
      `SELECT status, content FROM "Message" WHERE id = $1`,
      [live.meta.assistantMessageId],
    );
    expect(again).toEqual({ status: "COMPLETE", content: ANSWER });
  });
  it("a restarted process interrupts its crashed predecessor's run at start-up and admits the user's send", {
    timeout: 60_000,
  }, async () => {
    // A stale window far longer than the test: only the restart itself can free the user's slot.
    const slow = { RUN_LEASE_HEARTBEAT_SECONDS: "0.3", RUN_LEASE_STALE_SECONDS: "600" };
    const dead = await killMidRun(slow);
    // The same server started again (same host, a new pid): its first send is admitted at once.
    const restarted = worker(["run", userId, agentId, "Again"], slow);
    await restarted.waitFor((l) => l.type === "meta");
    await expectInterrupted(dead);
    await restarted.waitFor((l) => l.type === "saved");
  });

  it("a crashed predecessor left as a zombie (not reaped) counts as dead at start-up", {
    timeout: 60_000,
  }, async () => {
    const slow = { RUN_LEASE_HEARTBEAT_SECONDS: "0.3", RUN_LEASE_STALE_SECONDS: "600" };
    const dead = await killMidRun(slow);
    // A container whose init doesn't reap: the killed server's pid stays taken by a zombie. A shell
    // that execs into `sleep` leaves its exited background child unreaped; the lease now names it.
    const shell = spawn("sh", ["-c", "sleep 0 & echo $!; exec sleep 30"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    const zombiePid = Number(
      await new Promise<string>((resolve) => shell.stdout?.once("data", (d) => resolve(String(d)))),
    );
    try {
      await eventually(async () => {
        const stat = await import("node:fs/promises").then((fs) =>
          fs.readFile(`/proc/${zombiePid}/stat`, "utf8"),
        );
        return stat.includes(") Z ") ? true : undefined;
      });
      const moved = await query(
        `UPDATE "ProcessLease" SET pid = $1 FROM "Run" r WHERE r.id = $2 AND r."processId" = "ProcessLease".id RETURNING "ProcessLease".id`,
        [zombiePid, dead.runId],
      );
      expect(moved).toHaveLength(1);
      const restarted = worker(["run", userId, agentId, "Again"], slow);
      await restarted.waitFor((l) => l.type === "meta");
      await expectInterrupted(dead);
      await restarted.waitFor((l) => l.type === "saved");
    } finally {
      shell.kill("SIGKILL");
    }
  });

  it("a live process's run taken for dead (e.g. after a database outage) still ends with its whole answer", {
    timeout: 60_000,
  }, async () => {
    const live = await startChat({ user: { id: userId } as PublicUser, body: { agentId, text: "Hi" } });
    const ids = { id: live.meta.runId, assistantMessageId: live.meta.assistantMessageId };
    await eventually(async () => {
      const [m] = await query<{ content: string }>(`SELECT content FROM "Message" WHERE id = $1`, [
        ids.assistantMessageId,
      ]);
      return m.content.length > 0 ? true : undefined;
    });
    // What a sweeper does to a run whose lease looked stale.
    expect(
      await interruptRuns({ runs: [ids], error: { code: "internal:interrupted", message: "x" } }),
    ).toEqual([ids.id]);
    await live.ended;
    const [m] = await query<{ status: string; content: string; error: unknown }>(
      `SELECT status, content, error FROM "Message" WHERE id = $1`,
      [ids.assistantMessageId],
    );
    expect(m).toEqual({ status: "COMPLETE", content: ANSWER, error: null });
    const [r] = await query<{ status: string }>(`SELECT status FROM "Run" WHERE id = $1`, [ids.id]);
    expect(r.status).toBe("COMPLETED");
  });
});

describe("graceful shutdown (SIGTERM)", () => {
  let userId: string;
  let agentId: string;
  beforeEach(async () => {
    await resetDatabase();
    await setSettings({ maxConcurrentRuns: 2, messagesPerWindow: 0 });
    const setup = worker(["setup", server.url], {});
    const ids = await setup.waitFor((l) => l.type === "setup");
    userId = String(ids.userId);
    agentId = String(ids.agentId);
  }, 60_000);

  async function terminateMidRun(grace: string) {
    const run = worker(["run", userId, agentId, "Say sixty words"], {
      ...LEASE_ENV,
      RUN_SHUTDOWN_GRACE_SECONDS: grace,
    });
    const meta = await run.waitFor((l) => l.type === "meta");
    await run.waitFor((l) => l.type === "chars" && Number(l.chars) > 20);
    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    const [message] = await query<{ status: string; content: string; code: string | null }>(
      `SELECT status, content, error->>'code' AS code FROM "Message" WHERE id = $1`,
      [meta.assistantMessageId],
    );
    const [r] = await query<{ status: string; ended: boolean }>(
      `SELECT status, "endedAt" IS NOT NULL AS ended FROM "Run" WHERE id = $1`,
      [meta.runId],
    );
    // The worker's own lease (this test process may hold one too).
    const leases = await query(`SELECT 1 FROM "ProcessLease" WHERE pid = $1`, [run.child.pid]);
    const streamed = Math.max(...run.lines.filter((l) => l.type === "chars").map((l) => Number(l.chars)));
    return { message, run: r, leases, streamed };
  }

  it("interrupts a running answer after the grace period and saves everything streamed so far", {
    timeout: 60_000,
  }, async () => {
    const out = await terminateMidRun("0");
    expect(out.streamed).toBeLessThan(ANSWER.length);
    expect(out.message).toEqual({
      status: "INTERRUPTED",
      content: ANSWER.slice(0, out.streamed),
      code: "internal:interrupted",
    });
    expect(out.run).toEqual({ status: "INTERRUPTED", ended: true });
    // The lease is released: nothing is left for a sweeper.
    expect(out.leases).toEqual([]);
  });

  it("lets a running answer finish within the grace period", { timeout: 60_000 }, async () => {
    const out = await terminateMidRun("60");
    expect(out.message).toEqual({ status: "COMPLETE", content: ANSWER, code: null });
    expect(out.run).toEqual({ status: "COMPLETED", ended: true });
    expect(out.leases).toEqual([]);
  });

  it("refuses new answers once shutting down, writing nothing", async () => {
    const { stopAcceptingRuns } = await import("@/lib/chat/live-runs");
    stopAcceptingRuns();
    try {
      await expect(
        startChat({ user: { id: userId } as PublicUser, body: { agentId, text: "Late" } }),
      ).rejects.toMatchObject({ code: "unavailable:shutting_down", status: 503 });
      expect(await query(`SELECT 1 FROM "Message"`)).toEqual([]);
    } finally {
      // This test process goes on serving the other test files' requests.
      (globalThis as { __acceptingRuns?: boolean }).__acceptingRuns = true;
    }
  });
});
