// One send, end to end through POST /api/chat on a real PostgreSQL: how many SQL statements it
// costs (a bound, counted on the app's own pool), and that a send that is refused or fails leaves
// nothing behind — no conversation, no message, no run.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import {
  delegating,
  makeAgent,
  makeUser,
  post,
  readStream,
  type StreamItem,
  splitInTwo,
} from "../helpers/chat-fixtures";
import { installQueryCounter, type QueryCounter } from "../helpers/query-counter";
import { query, resetDatabase } from "../helpers/reset-db";
import { setSettings } from "./quota-fixtures";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

// No lease heartbeat inside a counted send (the first send starts the lease; see warmUp).
process.env.RUN_LEASE_HEARTBEAT_SECONDS = "300";
process.env.RUN_LEASE_STALE_SECONDS = "3600";

const chatRoute = await import("@/app/api/chat/route");

/** What one send may cost at most, the session lookup included (issue 13). */
const MAX_STATEMENTS_PER_SEND = 10;

const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");

async function counts() {
  const [row] = await query<{ c: string; m: string; r: string }>(
    `SELECT (SELECT count(*) FROM "Conversation") AS c, (SELECT count(*) FROM "Message") AS m, (SELECT count(*) FROM "Run") AS r`,
  );
  return { conversations: Number(row.c), messages: Number(row.m), runs: Number(row.r) };
}

describe("one send", () => {
  let ids: Record<string, string>;
  let counter: QueryCounter | undefined;

  beforeEach(async () => {
    await resetDatabase();
    const owner = await makeUser("Owner");
    const child1 = await makeAgent(owner.id, "Child One");
    const child2 = await makeAgent(owner.id, "Child Two");
    const root = await makeAgent(owner.id, "Root", delegating([child1.id, child2.id]));
    ids = { root: root.id, child1: child1.id, child2: child2.id };
    session.userId = owner.id;
    setTestModelFactory(
      scriptedModelFactory({
        [ids.root]: (ctx) => {
          const text = String(ctx.messages.at(-1)?.content ?? "");
          if (!hasToolResult(ctx) && !text.includes("delegate"))
            return { text: "A plain answer.", usage: { input: 10, output: 3 } };
          return splitInTwo(ids.child1, ids.child2)(ctx);
        },
        [ids.child1]: () => ({ text: "one", usage: { input: 5, output: 1 } }),
        [ids.child2]: () => ({ text: "two", usage: { input: 5, output: 1 } }),
      }),
    );
  });
  afterEach(async () => {
    setTestModelFactory(undefined);
    await counter?.restore();
    counter = undefined;
  });

  async function send(body: Record<string, unknown>) {
    const res = await chatRoute.POST(post("/api/chat", { agentId: ids.root, ...body }));
    return { res, items: res.ok ? await readStream(res) : ([] as StreamItem[]) };
  }

  /** Statements of one whole send: from the request to the end of its stream (after the final save). */
  async function counted(body: Record<string, unknown>) {
    counter = installQueryCounter();
    // The process lease's first heartbeat happens once per process, not per send.
    await send({ text: "warm up" });
    counter.reset();
    const { res, items } = await send(body);
    expect(res.status).toBe(200);
    expect(items.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    return [...counter.statements];
  }

  it(`a plain answer in a new conversation costs at most ${MAX_STATEMENTS_PER_SEND} statements`, async () => {
    const statements = await counted({ text: "hello" });
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS_PER_SEND);
  });

  it(`a delegating answer (two subagents, four model calls) costs at most ${MAX_STATEMENTS_PER_SEND}`, async () => {
    const statements = await counted({ text: "delegate two parts" });
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS_PER_SEND);
    // All four model calls are in the ledger.
    const [usage] = await query<{ n: string }>(`SELECT count(*) AS n FROM "UsageRecord"`);
    expect(Number(usage.n)).toBe(1 + 4);
  });

  it(`a follow-up in an existing conversation costs at most ${MAX_STATEMENTS_PER_SEND}`, async () => {
    const first = await send({ text: "hello" });
    const meta = first.items[0] as Extract<StreamItem, { type: "meta" }>;
    const statements = await counted({ text: "and again", conversationId: meta.conversationId });
    expect(statements.length, statements.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS_PER_SEND);
  });

  it("a send refused by admission leaves no conversation behind", async () => {
    await setSettings({ messagesPerWindow: 1, windowSeconds: 3600 });
    expect((await send({ text: "hello" })).res.status).toBe(200);
    const before = await counts();
    const refused = await send({ text: "once more" });
    expect(refused.res.status).toBe(429);
    expect(await counts()).toEqual(before);
  });

  it("a send whose files can't be attached after admission ends its answer as failed, not running", async () => {
    const filesRoute = await import("@/app/api/files/route");
    const up = await filesRoute.POST(
      new Request("http://test/api/files", {
        method: "POST",
        headers: { "X-File-Name": "notes.txt", "Content-Type": "text/plain" },
        body: new TextEncoder().encode("some notes"),
      }),
    );
    const file = (await up.json()) as { id: string };
    await query(`CREATE FUNCTION refuse_link() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
    await query(
      `CREATE TRIGGER refuse_link BEFORE UPDATE ON "Attachment" FOR EACH ROW EXECUTE FUNCTION refuse_link()`,
    );
    try {
      const { res } = await send({ text: "read this", fileIds: [file.id] });
      expect(res.status).toBe(500);
    } finally {
      await query(`DROP TRIGGER refuse_link ON "Attachment"`);
      await query(`DROP FUNCTION refuse_link()`);
    }
    const [run] = await query<{ status: string }>(`SELECT status::text FROM "Run"`);
    expect(run.status).toBe("FAILED");
    const messages = await query<{ role: string; status: string; error: { message: string } | null }>(
      `SELECT role::text, status::text, error FROM "Message" ORDER BY "createdAt"`,
    );
    expect(messages.map((m) => [m.role, m.status])).toEqual([
      ["USER", "COMPLETE"],
      ["ASSISTANT", "FAILED"],
    ]);
    expect(messages[1].error?.message).toMatch(/files could not be attached/);
    // The upload is still the user's to send again, and the slot is free.
    const [pending] = await query<{ messageId: string | null }>(`SELECT "messageId" FROM "Attachment"`);
    expect(pending.messageId).toBeNull();
    expect((await send({ text: "read this", fileIds: [file.id] })).res.status).toBe(200);
  });

  for (const table of ["Message", "Run"]) {
    it(`a send whose ${table} insert fails leaves no conversation, message or run behind`, async () => {
      await query(`CREATE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refused by the test'; END $$`);
      await query(
        `CREATE TRIGGER refuse_insert BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION refuse_insert()`,
      );
      try {
        const { res } = await send({ text: "hello" });
        expect(res.status).toBe(500);
        expect(await counts()).toEqual({ conversations: 0, messages: 0, runs: 0 });
      } finally {
        await query(`DROP TRIGGER refuse_insert ON "${table}"`);
        await query(`DROP FUNCTION refuse_insert()`);
      }
    });
  }
});
