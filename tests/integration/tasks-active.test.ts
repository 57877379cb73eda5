// GET /api/tasks/active, what the sidebar's count and the open chat's live follow-up read: only
// the caller's queued and running tasks, and those that ended after `since`; a bad `since` is a
// 400; the route writes nothing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const activeRoute = await import("@/app/api/tasks/active/route");
const ask = (since?: string) =>
  activeRoute.GET(
    new Request(
      `http://localhost/api/tasks/active${since === undefined ? "" : `?since=${encodeURIComponent(since)}`}`,
    ),
    { params: Promise.resolve({}) },
  );

async function task(userId: string, id: string, status: string, endedAt: string | null) {
  await query(
    `INSERT INTO "Conversation" (id, "userId", title, "updatedAt") VALUES ($1, $2, 't', now()) ON CONFLICT DO NOTHING`,
    [`c-${userId}`, userId],
  );
  await query(
    `INSERT INTO "BackgroundTask" (id, "userId", "conversationId", "parentRunId", "parentMessageId", "toolCallId",
       "agentId", "agentName", task, status, "endedAt")
     VALUES ($1, $2, $3, 'r', 'm', $1, 'a', 'A', 'do it', $4::"BackgroundTaskStatus", $5)`,
    [id, userId, `c-${userId}`, status, endedAt],
  );
}

describe("GET /api/tasks/active", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("lists the caller's running tasks and those that ended since; never another user's", async () => {
    const ann = await makeUser("Ann");
    const bob = await makeUser("Bob");
    await task(ann.id, "t-run", "RUNNING", null);
    await task(ann.id, "t-queued", "QUEUED", null);
    await task(ann.id, "t-old", "COMPLETED", "2026-01-01T00:00:00Z");
    await task(ann.id, "t-new", "FAILED", "2026-06-01T00:00:00Z");
    await task(bob.id, "t-bob", "RUNNING", null);
    await task(bob.id, "t-bob-done", "COMPLETED", "2026-06-01T00:00:00Z");
    session.userId = ann.id;

    const first = await ask();
    expect(first.status).toBe(200);
    const body = (await first.json()) as { now: string; tasks: { id: string }[]; ended: { id: string }[] };
    expect(body.tasks.map((t) => t.id).sort()).toEqual(["t-queued", "t-run"]);
    expect(body.ended).toEqual([]);
    expect(Number.isNaN(Date.parse(body.now))).toBe(false);

    const later = (await (await ask("2026-03-01T00:00:00Z")).json()) as {
      ended: { id: string; conversationId: string }[];
    };
    expect(later.ended).toEqual([{ id: "t-new", conversationId: `c-${ann.id}` }]);

    session.userId = null;
    expect((await ask()).status).toBe(401);
  });

  it("refuses a `since` that is not a time with 400", async () => {
    const ann = await makeUser("Ann");
    session.userId = ann.id;
    const res = await ask("yesterday-ish");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("bad_request:since");
  });
});
