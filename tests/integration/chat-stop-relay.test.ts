import pg from "pg";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { runSignalListenerReady, sendRunSignal } from "@/lib/db/run-signals";
import { makeAgent, makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");
const stopRoute = await import("@/app/api/chat/runs/[runId]/stop/route");

/** As if another process received the Stop: only the database notification reaches this one. */
function stopViaDatabase() {
  let meta: Extract<StreamItem, { type: "meta" }> | undefined;
  return (item: StreamItem) => {
    if (item.type === "meta") meta = item;
    const runId = meta?.runId;
    if (item.type === "run_start" && runId)
      void runSignalListenerReady().then(() => sendRunSignal({ type: "stop", runId }));
  };
}

/** A second connection listening like another app process would. */
async function listen(): Promise<{ received: string[]; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const received: string[] = [];
  client.on("notification", (m) => received.push(m.payload ?? ""));
  await client.query("LISTEN delegate_run_stop");
  return { received, close: () => client.end() };
}

describe("Stop across app processes", () => {
  let owner: { id: string };
  let agent: { id: string };
  beforeEach(async () => {
    await resetDatabase();
    owner = await makeUser("Owner");
    agent = await makeAgent(owner.id, "Slow");
    session.userId = owner.id;
    setTestModelFactory(scriptedModelFactory({ [agent.id]: [{ text: "slow answer", delayMs: 10_000 }] }));
  });

  it("a stop relayed through the database aborts the run in the process that holds it", async () => {
    const res = await chatRoute.POST(post("/api/chat", { agentId: agent.id, text: "take your time" }));
    const items = await readStream(res, stopViaDatabase());
    expect(items.at(-1)).toMatchObject({ type: "run_end", status: "stopped" });
    const [run] = await query<{ status: string }>(`SELECT status FROM "Run"`);
    expect(run.status).toBe("STOPPED");
  });

  it("the stop route relays runs it doesn't hold, and only for their owner", async () => {
    const first = await readStream(
      await chatRoute.POST(post("/api/chat", { agentId: agent.id, text: "x" })),
      stopViaDatabase(),
    );
    const meta = first[0] as Extract<StreamItem, { type: "meta" }>;
    // A run RUNNING in "another process": in the database, not in this process's registry.
    await query(
      `INSERT INTO "Run" (id, "userId", "conversationId", "assistantMessageId", status) VALUES ('remote-run', $1, $2, 'remote-msg', 'RUNNING')`,
      [owner.id, meta.conversationId],
    );
    const listener = await listen();
    try {
      const intruder = await makeUser("Intruder");
      session.userId = intruder.id;
      const refused = await stopRoute.POST(new Request("http://test", { method: "POST" }), {
        params: Promise.resolve({ runId: "remote-run" }),
      });
      expect(refused.status).toBe(404);

      session.userId = owner.id;
      const relayed = await stopRoute.POST(new Request("http://test", { method: "POST" }), {
        params: Promise.resolve({ runId: "remote-run" }),
      });
      expect(relayed.status).toBe(200);
      expect(await relayed.json()).toMatchObject({ relayed: true });
      await vi.waitFor(
        () =>
          expect(listener.received.map((p) => JSON.parse(p))).toEqual([
            { type: "stop", runId: "remote-run" },
          ]),
        { timeout: 10_000 },
      );
    } finally {
      await listener.close();
    }
  });
});
