/**
 * Approve → resume (npm run bench:approval [-- --quick] [-- --runs=N]).
 *
 * On a fresh PostgreSQL database, in this process (the host modules the routes call, no HTTP):
 * a newcomer's starter "Team Lead" on the offline demo model at zero latency, with the built-in
 * notes MCP server served on a local port. Each run saves a note, asks to delete it (delete_note
 * asks before running, so the run pauses: stored PAUSED in the database, dropped from memory),
 * then approves it and measures
 *   decide      decideApproval() returning: the decision recorded, the run reopened, the engine
 *               rebuilt from its checkpoint (endpoints, MCP tools resolved again) and started
 *   1st event   the first event of the resumed run (its `tool_approval` approved), from the same start
 *   done        the resumed answer saved and closed (the note deleted by the MCP server, final turn)
 * Prints p50 / p99 / max in ms over N runs (default 30, --quick 10).
 */
import type { AddressInfo } from "node:net";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { createAdaptorServer } from "@hono/node-server";
import { migrate } from "../lib/db/migrate";
import { createDatabase, dropDatabase } from "../tests/helpers/test-database";

const args = process.argv.slice(2);
const QUICK = args.includes("--quick");
const RUNS = Number(args.find((a) => a.startsWith("--runs="))?.split("=")[1] ?? (QUICK ? 10 : 30));
const WARMUP = 3;

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const pct = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return { p50: pct(50), p99: pct(99), max: s.at(-1) ?? Number.NaN };
}
const fmt = (x: number) => x.toFixed(1).padStart(8);

const db = await createDatabase("delegate_bench_approval");
let notesServer: ReturnType<typeof createAdaptorServer> | undefined;
try {
  await migrate({ databaseUrl: db.url });
  process.env.DATABASE_URL = db.url;
  process.env.AUTH_SECRET ??= "bench-approval-secret";
  process.env.APP_ENCRYPTION_KEY ??= "bench-approval-encryption-key-0123456789";
  process.env.DEMO_TOKEN_DELAY_MS = "0";
  process.env.DEMO_ENDPOINT = "on";

  const { handleNotesRequest } = await import("../lib/mcp/notes/server");
  notesServer = createAdaptorServer({ fetch: handleNotesRequest });
  await new Promise<void>((resolve) => notesServer?.listen(0, "127.0.0.1", () => resolve()));
  process.env.MCP_NOTES_URL = `http://127.0.0.1:${(notesServer.address() as AddressInfo).port}/api/mcp/notes`;

  const { registerUser } = await import("../lib/auth/register");
  const { startChat } = await import("../lib/chat/start-chat");
  const { decideApproval } = await import("../lib/chat/decide-approval");
  const { getLiveRun } = await import("../lib/chat/live-runs");
  const { getDb } = await import("../lib/db/client");
  const { getMcpPool } = await import("../lib/mcp");
  const { releaseProcessLease } = await import("../lib/quota/process-lease");

  const user = await registerUser({
    input: { name: "Bench", email: "approver@example.com", password: "correct-horse-42" },
  });
  await getDb().quotaSettings.upsert({
    where: { id: "global" },
    create: { id: "global", messagesPerWindow: 0 },
    update: { messagesPerWindow: 0 },
  });
  const lead = await getDb().agent.findFirstOrThrow({ where: { ownerId: user.id, name: "Team Lead" } });

  async function answer(text: string, conversationId?: string) {
    const live = await startChat({ user, body: { agentId: lead.id, text, conversationId } });
    await live.ended;
    return live;
  }

  const decide: number[] = [];
  const first: number[] = [];
  const done: number[] = [];
  let conversationId: string | undefined;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const saved = await answer(`Save a note: bench note ${i}`, conversationId);
    conversationId = saved.meta.conversationId;
    const paused = await answer(`Delete the note bench note ${i}`, conversationId);
    const ask = paused.items.find((e) => e.type === "tool_approval");
    if (ask?.type !== "tool_approval") throw new Error(`run ${i} did not ask for approval`);
    const t0 = performance.now();
    const outcome = await decideApproval({
      userId: user.id,
      approvalId: ask.approval.id,
      body: { decision: "approve" },
    });
    const t1 = performance.now();
    if (!outcome.resumed) throw new Error(`run ${i} was not paused`);
    const live = getLiveRun(outcome.runId);
    if (!live) throw new Error("the resumed run is not live");
    let firstAt = live.items.some((item) => item.type !== "meta") ? performance.now() : 0;
    live.listeners.add((item) => {
      if (item && item.type !== "meta" && !firstAt) firstAt = performance.now();
    });
    await live.ended;
    const t2 = performance.now();
    const last = live.items.at(-1);
    if (last?.type !== "run_end" || last.status !== "completed") throw new Error(`run ${i} did not complete`);
    if (i >= WARMUP) {
      decide.push(t1 - t0);
      first.push(firstAt - t0);
      done.push(t2 - t0);
    }
  }

  console.log(
    `Approve → resume, ${RUNS} runs (after ${WARMUP} warm-up), ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  console.log(`${"".padEnd(12)}${"p50 ms".padStart(8)}${"p99 ms".padStart(8)}${"max ms".padStart(8)}`);
  for (const [name, xs] of [
    ["decide", decide],
    ["1st event", first],
    ["done", done],
  ] as const) {
    const s = stats(xs);
    console.log(`${name.padEnd(12)}${fmt(s.p50)}${fmt(s.p99)}${fmt(s.max)}`);
  }
  await getMcpPool().closeAll();
  await releaseProcessLease();
  await getDb().$disconnect();
} finally {
  await new Promise((resolve) => (notesServer ? notesServer.close(resolve) : resolve(undefined)));
  if (!args.includes("--keep-db")) await dropDatabase(db.name).catch(() => {});
}
process.exit(0);
