// An eval run on the embedded database (PGlite): Prisma and pg-boss share the app's one pool of one
// connection (PGlite runs one session for every connection), and the job runs and stores its results.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

let embedded: EmbeddedPostgres;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "pglite-evals-"));
  embedded = await startEmbeddedPostgres({ dataDir, port: 20000 + Math.floor(Math.random() * 10000) });
  await migrate({ databaseUrl: embedded.url });
  // As `npm start` runs the embedded database (scripts/start.ts), before any app module reads them.
  process.env.DATABASE_URL = embedded.url;
  process.env.EMBEDDED_DATABASE = "1";
  process.env.DATABASE_POOL_MAX = "1";
  process.env.DEMO_ENDPOINT = "on";
  process.env.DEMO_TOKEN_DELAY_MS = "0";
  process.env.EVAL_POLL_SECONDS = "0.5";
}, 60_000);

afterAll(async () => {
  const { stopBoss } = await import("@/lib/jobs/boss");
  const { getPool } = await import("@/lib/db/client");
  const { releaseProcessLease } = await import("@/lib/quota/process-lease");
  await stopBoss();
  await releaseProcessLease();
  await getPool().end();
  await embedded.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe("evals on the embedded database", () => {
  it("runs the jobs through pg-boss on the one shared connection", async () => {
    const { getPool } = await import("@/lib/db/client");
    const { makeAgent, makeUser } = await import("../helpers/chat-fixtures");
    const { saveCases, startEval, getEvalRun } = await import("@/lib/evals/service");
    const { startEvalWorkers } = await import("@/lib/evals/jobs");
    const user = await makeUser("Embedded");
    const agent = await makeAgent(user.id, "Solo");
    await saveCases({
      agentId: agent.id,
      userId: user.id,
      cases: [
        { name: "a", input: "Say hello", checks: [{ kind: "max_model_calls", max: 20 }] },
        { name: "b", input: "Compute 6 * 7", checks: [{ kind: "max_model_calls", max: 20 }] },
      ],
    });
    const evalRunId = await startEval({ agentId: agent.id, userId: user.id, versions: [1] });
    await startEvalWorkers();
    let run = await getEvalRun({ evalRunId, userId: user.id });
    for (let i = 0; i < 300 && run.status === "RUNNING"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      run = await getEvalRun({ evalRunId, userId: user.id });
    }
    expect(run.status).toBe("COMPLETED");
    expect(run.results.map((r) => r.outcome)).toEqual(["passed", "passed"]);
    // Everything went through the one connection.
    expect(getPool().totalCount).toBe(1);
  }, 90_000);
});
