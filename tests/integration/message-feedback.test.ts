// Thumbs up/down on an answer: the owner sets, changes and removes it; anyone else gets 404 and
// writes nothing; bad bodies are 400; admins see counts per agent and comments; the JSON export
// carries it and an import makes it the importer's.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeAgent, makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const feedbackRoute = await import("@/app/api/messages/[id]/feedback/route");
const conversationRoute = await import("@/app/api/conversations/[id]/route");
const exportRoute = await import("@/app/api/conversations/[id]/export/route");
const importRoute = await import("@/app/api/conversations/import/route");
const { feedbackReport } = await import("@/lib/feedback/report");

async function seed(userId: string, agentId: string) {
  await query(
    `INSERT INTO "Conversation" (id, "userId", "agentId", title, "updatedAt") VALUES ('c1', $1, $2, 'Math', now())`,
    [userId, agentId],
  );
  await query(
    `INSERT INTO "Message" (id, "conversationId", "parentId", role, content, "agentId", status, "createdAt") VALUES
      ('q1', 'c1', NULL, 'USER', 'Compute 6 * 7', NULL, 'COMPLETE', now() - interval '3 seconds'),
      ('a1', 'c1', 'q1', 'ASSISTANT', '42', $1, 'COMPLETE', now() - interval '2 seconds'),
      ('a2', 'c1', 'q1', 'ASSISTANT', '', $1, 'STREAMING', now() - interval '1 second')`,
    [agentId],
  );
}

const call = (method: "PUT" | "DELETE", id: string, body?: unknown) =>
  feedbackRoute[method](
    new Request(`http://localhost/api/messages/${id}/feedback`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    }),
    { params: Promise.resolve({ id }) },
  );
const rows = () =>
  query<{ messageId: string; userId: string; rating: string; comment: string | null }>(
    `SELECT "messageId", "userId", rating, comment FROM "MessageFeedback" ORDER BY "createdAt", id`,
  );

describe("feedback on answers", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("the owner rates an answer, changes it, adds a comment and removes it; the chat shows it", async () => {
    const ann = await makeUser("Ann");
    const agent = await makeAgent(ann.id, "Calc");
    await seed(ann.id, agent.id);
    session.userId = ann.id;

    const up = await call("PUT", "a1", { rating: "up" });
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ rating: "up", comment: null });
    const down = await call("PUT", "a1", { rating: "down", comment: "  wrong sign  " });
    expect(await down.json()).toEqual({ rating: "down", comment: "wrong sign" });
    expect(await rows()).toEqual([
      { messageId: "a1", userId: ann.id, rating: "DOWN", comment: "wrong sign" },
    ]);

    const view = await (
      await conversationRoute.GET(new Request("http://localhost/api/conversations/c1"), {
        params: Promise.resolve({ id: "c1" }),
      })
    ).json();
    const a1 = view.messages.find((m: { id: string }) => m.id === "a1");
    expect(a1.feedback).toEqual({ rating: "down", comment: "wrong sign" });

    // An empty comment is no comment.
    expect(await (await call("PUT", "a1", { rating: "down", comment: "" })).json()).toEqual({
      rating: "down",
      comment: null,
    });
    expect((await call("DELETE", "a1")).status).toBe(200);
    expect(await rows()).toEqual([]);
    // Removing again is fine.
    expect((await call("DELETE", "a1")).status).toBe(200);
  });

  it("another user's answer answers 404 and nothing is written", async () => {
    const ann = await makeUser("Ann");
    const bob = await makeUser("Bob");
    const agent = await makeAgent(ann.id, "Calc");
    await seed(ann.id, agent.id);
    session.userId = ann.id;
    await call("PUT", "a1", { rating: "up", comment: "mine" });
    session.userId = bob.id;
    for (const res of [
      await call("PUT", "a1", { rating: "down" }),
      await call("DELETE", "a1"),
      await call("PUT", "nope", { rating: "down" }),
    ]) {
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("not_found:message");
    }
    expect(await rows()).toEqual([{ messageId: "a1", userId: ann.id, rating: "UP", comment: "mine" }]);
    session.userId = null;
    expect((await call("PUT", "a1", { rating: "down" })).status).toBe(401);
  });

  it("refuses bad bodies and messages that are not finished answers with a 400", async () => {
    const ann = await makeUser("Ann");
    const agent = await makeAgent(ann.id, "Calc");
    await seed(ann.id, agent.id);
    session.userId = ann.id;
    const bad: [string, string, unknown][] = [
      ["a1", "bad_request:feedback", { rating: "meh" }],
      ["a1", "bad_request:feedback", { rating: "up", comment: "x".repeat(2001) }],
      ["a1", "bad_request:feedback", { rating: "up", extra: 1 }],
      ["a1", "bad_request:feedback", { comment: "no rating" }],
      ["a1", "bad_request:json", "{"],
      ["a1", "bad_request:feedback", [1, 2]],
      ["q1", "bad_request:feedback_message", { rating: "up" }],
      ["a2", "bad_request:feedback_message", { rating: "up" }],
    ];
    for (const [id, code, body] of bad) {
      const res = await call("PUT", id, body);
      expect(res.status, `${id} ${JSON.stringify(body)}`).toBe(400);
      expect((await res.json()).code).toBe(code);
    }
    expect(await rows()).toEqual([]);
  });

  it("admins see counts per agent and the newest comments of the period", async () => {
    const ann = await makeUser("Ann");
    const bob = await makeUser("Bob");
    const calc = await makeAgent(ann.id, "Calc");
    await seed(ann.id, calc.id);
    await query(
      `INSERT INTO "Conversation" (id, "userId", "agentId", title, "updatedAt") VALUES ('c2', $1, $2, 'B', now())`,
      [bob.id, calc.id],
    );
    await query(
      `INSERT INTO "Message" (id, "conversationId", role, content, "agentId") VALUES ('b1', 'c2', 'ASSISTANT', 'hi', $1)`,
      [calc.id],
    );
    session.userId = ann.id;
    await call("PUT", "a1", { rating: "up", comment: "spot on" });
    session.userId = bob.id;
    await call("PUT", "b1", { rating: "down" });
    const report = await feedbackReport(7);
    expect(report.byAgent).toEqual([{ agentId: calc.id, name: "Calc", up: 1, down: 1 }]);
    expect(report.comments).toMatchObject([
      { agentName: "Calc", rating: "up", comment: "spot on", user: "Ann" },
    ]);
  });

  it("the JSON export carries it, an import makes it the importer's, and the round trip is the same", async () => {
    const ann = await makeUser("Ann");
    const agent = await makeAgent(ann.id, "Calc");
    await seed(ann.id, agent.id);
    await query(`UPDATE "Message" SET status = 'COMPLETE' WHERE id = 'a2'`);
    session.userId = ann.id;
    await call("PUT", "a1", { rating: "up", comment: "nice" });
    const exportOf = (id: string) =>
      exportRoute.GET(new Request(`http://localhost/api/conversations/${id}/export?format=json`), {
        params: Promise.resolve({ id }),
      });
    const file = await (await exportOf("c1")).json();
    expect(file.messages[1].feedback).toEqual({ rating: "up", comment: "nice" });
    expect(file.messages[2]).not.toHaveProperty("feedback");

    const bob = await makeUser("Bob");
    session.userId = bob.id;
    const imported = await importRoute.POST(
      new Request("http://localhost/api/conversations/import", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(file),
      }),
    );
    expect(imported.status).toBe(201);
    const { id } = await imported.json();
    const again = await (await exportOf(id)).json();
    expect({ ...again, exportedAt: null }).toEqual({ ...file, exportedAt: null });
    expect((await rows()).map((r) => r.userId)).toEqual([ann.id, bob.id]);

    const bad = {
      ...file,
      messages: [file.messages[0], { ...file.messages[1], feedback: { rating: "meh" } }],
    };
    const refused = await importRoute.POST(
      new Request("http://localhost/api/conversations/import", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(bad),
      }),
    );
    expect(refused.status).toBe(400);
    expect(await rows()).toHaveLength(2);
  });
});
