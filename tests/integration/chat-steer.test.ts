import pg from "pg";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { MessageTree } from "@/lib/agents";
import { type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { runSignalListenerReady, sendRunSignal } from "@/lib/db/run-signals";
import { makeAgent, makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

// Steer: a message for the running answer's root agent, read before its next model call — from
// this process, or relayed from another (PostgreSQL NOTIFY here; Redis pub/sub with REDIS_URL).

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");
const steerRoute = await import("@/app/api/chat/runs/[runId]/steer/route");

const steer = (runId: string, body: unknown) =>
  steerRoute.POST(post(`/api/chat/runs/${runId}/steer`, body), { params: Promise.resolve({ runId }) });

const humans = (ctx: ScriptContext) =>
  ctx.messages.filter((m) => m.getType() === "human").map((m) => String(m.content));

type Meta = Extract<StreamItem, { type: "meta" }>;

describe("Steer", () => {
  let owner: { id: string };
  let agent: { id: string };
  /** What each model call of the agent received (its user messages). */
  let calls: string[][];
  beforeEach(async () => {
    await resetDatabase();
    owner = await makeUser("Owner");
    agent = await makeAgent(owner.id, "Worker", { tools: ["calculator"] });
    session.userId = owner.id;
    calls = [];
    // Turn 1 takes a while and calls a tool; turn 2 says what it received.
    setTestModelFactory(
      scriptedModelFactory({
        [agent.id]: (ctx) => {
          calls.push(humans(ctx));
          return calls.length === 1
            ? { toolCalls: [{ name: "calculator", args: { expression: "2+3" } }], delayMs: 800 }
            : { text: `got: ${humans(ctx).slice(1).join(" | ")}` };
        },
      }),
    );
  });

  /** Sends "go" and runs `during` once the run has started (the first turn is under way). */
  async function answer(during: (meta: Meta) => Promise<void>) {
    let meta: Meta | undefined;
    let done: Promise<void> = Promise.resolve();
    const items = await readStream(
      await chatRoute.POST(post("/api/chat", { agentId: agent.id, text: "go" })),
      (item) => {
        if (item.type === "meta") meta = item;
        if (item.type === "run_start" && meta) done = during(meta);
      },
    );
    await done;
    return { items, meta: meta as Meta };
  }

  it("the route hands it to the run here: the next model call receives it, the trace and the stored answer show it", async () => {
    const { items, meta } = await answer(async (m) => {
      const res = await steer(m.runId, { text: "  answer in French  " });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    });
    expect(calls[0]).toEqual(["go"]);
    expect(calls[1]).toHaveLength(2);
    expect(calls[1][1]).toMatch(/\nanswer in French$/);
    const event = items.find((i) => i.type === "steer");
    expect(event).toMatchObject({ type: "steer", depth: 0, text: "answer in French" });
    const [stored] = await query<{ content: string; parts: MessageTree }>(
      `SELECT content, parts FROM "Message" WHERE id = $1`,
      [meta.assistantMessageId],
    );
    expect(stored.content).toContain("answer in French");
    expect(stored.parts.content.map((n) => n.type)).toEqual(["tool_call", "steer", "text"]);
    expect(stored.parts.content[1]).toMatchObject({ type: "steer", text: "answer in French" });
    // Once the answer has ended, there is nothing to steer.
    expect((await steer(meta.runId, { text: "late" })).status).toBe(404);
  });

  it("a steer relayed from another process (database notification) reaches the run held here", async () => {
    await answer(async (m) => {
      await runSignalListenerReady();
      await sendRunSignal({ type: "steer", runId: m.runId, text: "from elsewhere" });
    });
    expect(calls[1]?.[1]).toMatch(/\nfrom elsewhere$/);
  });

  it("relays a run another process holds, only for its owner; refuses bad input with 400", async () => {
    const { meta } = await answer(async () => {});
    await query(
      `INSERT INTO "Run" (id, "userId", "conversationId", "assistantMessageId", status) VALUES ('remote-run', $1, $2, 'remote-msg', 'RUNNING')`,
      [owner.id, meta.conversationId],
    );
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const received: string[] = [];
    client.on("notification", (n) => received.push(n.payload ?? ""));
    await client.query("LISTEN delegate_run_stop");
    try {
      for (const bad of [
        {},
        { text: "   " },
        { text: "x".repeat(2001) },
        { text: "ok", extra: 1 },
        { text: 5 },
      ]) {
        const res = await steer("remote-run", bad);
        expect(res.status, JSON.stringify(bad)).toBe(400);
      }
      session.userId = (await makeUser("Intruder")).id;
      expect((await steer("remote-run", { text: "hi" })).status).toBe(404);
      session.userId = owner.id;
      const relayed = await steer("remote-run", { text: "hi there" });
      expect(relayed.status).toBe(200);
      expect(await relayed.json()).toEqual({ ok: true, relayed: true });
      await vi.waitFor(
        () =>
          expect(received.map((p) => JSON.parse(p))).toEqual([
            { type: "steer", runId: "remote-run", text: "hi there" },
          ]),
        { timeout: 10_000 },
      );
    } finally {
      await client.end();
    }
  });
});
