// Shared links: a token opens one conversation up to one message, read only; revoked or expired it
// opens nothing; only the conversation's owner creates and revokes links to it.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { errorWriter } from "@/lib/http/error-body";
import { createShare, listShares, readShare, revokeShare } from "@/lib/shares/shares";
import { makeUser, post } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
const sharesRoute = await import("@/app/api/shares/route");
const shareRoute = await import("@/app/api/shares/[id]/route");

const write = await errorWriter("en");
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code ?? String(e),
  );

const TRACE = {
  content: [
    { type: "text", text: "Delegating." },
    {
      type: "subagent",
      id: "sub-1",
      agentId: "a",
      agentName: "Researcher",
      task: "look it up",
      status: "completed",
      content: [{ type: "text", text: "Found it in the archive." }],
    },
  ],
};

/** A conversation u1 → a1 → u2 → a2, with a file on u1. */
async function conversationOf(userId: string, id: string) {
  await query(
    `INSERT INTO "Conversation" (id, "userId", title, "updatedAt") VALUES ($1, $2, 'Shared chat', now())`,
    [id, userId],
  );
  const rows: [string, string | null, string, string, unknown, number][] = [
    [`${id}-u1`, null, "USER", "First question", null, 1],
    [`${id}-a1`, `${id}-u1`, "ASSISTANT", "First answer", TRACE, 2],
    [`${id}-u2`, `${id}-a1`, "USER", "Second question", null, 3],
    [`${id}-a2`, `${id}-u2`, "ASSISTANT", "Second answer", null, 4],
  ];
  for (const [mid, parent, role, content, parts, at] of rows) {
    await query(
      `INSERT INTO "Message" (id, "conversationId", "parentId", role, content, parts, "createdAt")
       VALUES ($1, $2, $3, $4::"MessageRole", $5, $6::jsonb, now() - make_interval(mins => 10 - $7::int))`,
      [mid, id, parent, role, content, parts ? JSON.stringify(parts) : null, at],
    );
  }
  await query(
    `INSERT INTO "Attachment" (id, "userId", "conversationId", "messageId", name, "mimeType", kind, size, sha256)
     VALUES ($1, $2, $3, $4, 'notes.txt', 'text/plain', 'text', 5, 'abc')`,
    [`${id}-f1`, userId, id, `${id}-u1`],
  );
}

describe("shared links", () => {
  let ann: { id: string };
  let bob: { id: string };
  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("Ann");
    bob = await makeUser("Bob");
    await conversationOf(ann.id, "c-ann");
    await conversationOf(bob.id, "c-bob");
  });

  it("opens only that conversation up to the chosen message, with its trace and file names only", async () => {
    const { token, share } = await createShare({
      userId: ann.id,
      input: { conversationId: "c-ann", messageId: "c-ann-a1" },
    });
    expect(token).toMatch(/^sh_[A-Za-z0-9_-]{43}$/);
    expect(share.messageId).toBe("c-ann-a1");
    // Only the hash is stored.
    expect(JSON.stringify(await query(`SELECT * FROM "ConversationShare"`))).not.toContain(token.slice(3));
    const shared = await readShare({ token, write });
    expect(shared?.title).toBe("Shared chat");
    expect(shared?.messages.map((m) => m.id)).toEqual(["c-ann-u1", "c-ann-a1"]);
    expect(JSON.stringify(shared)).toContain("Found it in the archive.");
    expect(JSON.stringify(shared)).not.toContain("c-bob");
    expect(JSON.stringify(shared)).not.toContain("Second question");
    // Files by name: no id to fetch them by.
    expect(shared?.messages[0].attachments).toEqual([{ name: "notes.txt" }]);
    expect(JSON.stringify(shared)).not.toContain("c-ann-f1");
  });

  it("shares up to the latest message of the newest branch by default", async () => {
    const { token } = await createShare({ userId: ann.id, input: { conversationId: "c-ann" } });
    expect((await readShare({ token, write }))?.messages.map((m) => m.id)).toEqual([
      "c-ann-u1",
      "c-ann-a1",
      "c-ann-u2",
      "c-ann-a2",
    ]);
  });

  it("reads nothing for a revoked, expired, unknown or malformed token", async () => {
    const { token, share } = await createShare({
      userId: ann.id,
      input: { conversationId: "c-ann", expiresIn: "1d" },
    });
    expect(await readShare({ token, write })).not.toBeNull();
    expect(await readShare({ token, write, now: new Date(Date.now() + 2 * 86_400_000) })).toBeNull();
    expect(await readShare({ token: `sh_${"A".repeat(43)}`, write })).toBeNull();
    expect(await readShare({ token: "nope", write })).toBeNull();
    await revokeShare({ userId: ann.id, id: share.id });
    expect(await readShare({ token, write })).toBeNull();
    expect((await listShares({ userId: ann.id }))[0].revokedAt).not.toBeNull();
  });

  it("lets nobody but the owner create or revoke links", async () => {
    expect(await codeOf(createShare({ userId: bob.id, input: { conversationId: "c-ann" } }))).toBe(
      "not_found:conversation",
    );
    // A message of another conversation can't be smuggled into one's own link.
    expect(
      await codeOf(
        createShare({ userId: bob.id, input: { conversationId: "c-bob", messageId: "c-ann-a1" } }),
      ),
    ).toBe("bad_request:share_message");
    await query(`UPDATE "Conversation" SET "expiresAt" = now() + interval '1 hour' WHERE id = 'c-bob'`);
    expect(await codeOf(createShare({ userId: bob.id, input: { conversationId: "c-bob" } }))).toBe(
      "bad_request:share_temporary",
    );
    const { token, share } = await createShare({ userId: ann.id, input: { conversationId: "c-ann" } });
    expect(await codeOf(revokeShare({ userId: bob.id, id: share.id }))).toBe("not_found:share");
    expect(await readShare({ token, write })).not.toBeNull();
    expect(await listShares({ userId: bob.id })).toEqual([]);
    const [{ count }] = await query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "ConversationShare"`,
    );
    expect(count).toBe(1);
  });

  it("answers bad input and other users' links over HTTP with typed 4xx and writes nothing", async () => {
    session.userId = bob.id;
    const foreign = await sharesRoute.POST(post("/api/shares", { conversationId: "c-ann" }));
    expect(foreign.status).toBe(404);
    const bad = await sharesRoute.POST(
      post("/api/shares", { conversationId: "c-bob", expiresIn: "forever" }),
    );
    expect(bad.status).toBe(400);
    session.userId = ann.id;
    const created = await sharesRoute.POST(post("/api/shares", { conversationId: "c-ann", expiresIn: "7d" }));
    expect(created.status).toBe(201);
    const { share } = (await created.json()) as { share: { id: string } };
    session.userId = bob.id;
    const del = (id: string) =>
      shareRoute.DELETE(new Request(`http://test/api/shares/${id}`, { method: "DELETE" }), {
        params: Promise.resolve({ id }),
      });
    expect((await del(share.id)).status).toBe(404);
    session.userId = ann.id;
    expect((await del(share.id)).status).toBe(200);
    expect((await del(share.id)).status).toBe(404);
    const list = await sharesRoute.GET(new Request("http://test/api/shares?conversationId=c-ann"));
    const { shares } = (await list.json()) as { shares: { id: string; revokedAt: string | null }[] };
    expect(shares).toHaveLength(1);
    expect(shares[0].revokedAt).not.toBeNull();
    expect(JSON.stringify(shares)).not.toContain("tokenHash");
  });
});
