// Temporary chats: out of the chat list, deleted with their messages, runs and files by the job
// engine's sweep once their time is over; chats not yet expired and normal ones are kept.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import {
  forgetTemporaryChatSweeps,
  setTemporaryChatHours,
  startTemporaryChatSweeps,
  sweepTemporaryChats,
  TEMPORARY_SWEEP_QUEUE,
} from "@/lib/chat/temporary-chats";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { searchMessages } from "@/lib/db/conversation-search";
import { listConversations } from "@/lib/db/conversations";
import { getBoss, stopBoss } from "@/lib/jobs/boss";
import { makeAgent, makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
const chatRoute = await import("@/app/api/chat/route");

const count = async (table: string, conversationId: string) =>
  (
    await query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}" WHERE "conversationId" = $1`, [
      conversationId,
    ])
  )[0].n;

describe("temporary chats", () => {
  let user: { id: string };
  let agent: { id: string };
  beforeEach(async () => {
    await stopBoss();
    forgetTemporaryChatSweeps();
    await resetDatabase();
    user = await makeUser("Tess");
    agent = await makeAgent(user.id, "Helper");
    session.userId = user.id;
    setTestModelFactory(scriptedModelFactory({ [agent.id]: () => ({ text: "Noted." }) }));
  });
  afterAll(async () => {
    await stopBoss();
  });

  /** A chat started through the chat route; with a file on its first message. */
  async function chat(temporary: boolean): Promise<string> {
    const res = await chatRoute.POST(post("/api/chat", { agentId: agent.id, text: "hello", temporary }));
    expect(res.status).toBe(200);
    const items = await readStream(res);
    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    await query(
      `INSERT INTO "Attachment" (id, "userId", "conversationId", "messageId", name, "mimeType", kind, size, sha256)
       VALUES ($1, $2, $3, $4, 'a.txt', 'text/plain', 'text', 1, $5)`,
      [
        `f-${meta.conversationId}`,
        user.id,
        meta.conversationId,
        meta.userMessageId,
        `sha-${meta.conversationId}`,
      ],
    );
    return meta.conversationId;
  }

  it("is kept out of the list and expires after the admin's hours", async () => {
    await setTemporaryChatHours(3);
    const temp = await chat(true);
    const normal = await chat(false);
    expect((await listConversations({ userId: user.id })).map((c) => c.id)).toEqual([normal]);
    // Not searchable either: the same words in both chats, only the normal one is found.
    const found = await searchMessages({ userId: user.id, search: { phrase: "hello", words: ["hello"] } });
    expect([...new Set(found.map((m) => m.conversationId))]).toEqual([normal]);
    const [row] = await query<{ hours: number }>(
      `SELECT EXTRACT(EPOCH FROM ("expiresAt" - "createdAt")) / 3600 AS hours FROM "Conversation" WHERE id = $1`,
      [temp],
    );
    expect(Math.round(Number(row.hours))).toBe(3);
    await expect(setTemporaryChatHours(0)).rejects.toMatchObject({ code: "bad_request:temporary_hours" });
    await expect(setTemporaryChatHours("lots")).rejects.toMatchObject({
      code: "bad_request:temporary_hours",
    });
  });

  it("the sweep deletes expired ones with their messages, runs and files, and keeps the rest", async () => {
    const expired = await chat(true);
    const fresh = await chat(true);
    const normal = await chat(false);
    await query(`UPDATE "Conversation" SET "expiresAt" = now() - interval '1 minute' WHERE id = $1`, [
      expired,
    ]);
    expect(await count("Message", expired)).toBe(2);
    expect(await count("Run", expired)).toBe(1);

    // Through the job engine: the schedule is registered and a job of its queue runs the sweep.
    await startTemporaryChatSweeps();
    const boss = await getBoss();
    expect((await boss.getSchedules()).map((s) => s.name)).toContain(TEMPORARY_SWEEP_QUEUE);
    const jobId = await boss.send(TEMPORARY_SWEEP_QUEUE, {});
    for (;;) {
      const job = await boss.getJobById(TEMPORARY_SWEEP_QUEUE, jobId as string);
      if (job?.state === "completed") break;
      expect(job?.state).not.toBe("failed");
      await new Promise((r) => setTimeout(r, 200));
    }

    const left = await query<{ id: string }>(`SELECT id FROM "Conversation" ORDER BY id`);
    expect(left.map((r) => r.id).sort()).toEqual([fresh, normal].sort());
    for (const table of ["Message", "Run", "Attachment"]) expect(await count(table, expired)).toBe(0);
    expect(await count("Message", fresh)).toBe(2);
    expect(await count("Attachment", normal)).toBe(1);
    // A second sweep finds nothing more.
    expect(await sweepTemporaryChats()).toBe(0);
  });
});
