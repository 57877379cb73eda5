// My files: the user's uploads with where each is used and the storage against the quota; only
// the owner sees them; an unused upload can be deleted, a sent one is refused (409) with a reason;
// an earlier file is sent again with a new message in another conversation.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { makeAgent, makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
const filesRoute = await import("@/app/api/files/route");
const fileRoute = await import("@/app/api/files/[id]/route");
const chatRoute = await import("@/app/api/chat/route");

async function upload(name: string, text: string) {
  const res = await filesRoute.POST(
    new Request("http://test/api/files", {
      method: "POST",
      headers: { "X-File-Name": encodeURIComponent(name) },
      body: new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>,
    }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}
const list = async () => (await filesRoute.GET(new Request("http://test/api/files"))).json();
const remove = (id: string) =>
  fileRoute.DELETE(new Request(`http://test/api/files/${id}`, { method: "DELETE" }), {
    params: Promise.resolve({ id }),
  });

describe("my files", () => {
  let agentId: string;
  beforeEach(async () => {
    await resetDatabase();
    const ann = await makeUser("Ann");
    agentId = (await makeAgent(ann.id, "Reader")).id;
    session.userId = ann.id;
    setTestModelFactory(scriptedModelFactory({ [agentId]: () => ({ text: "Read it." }) }));
  });

  async function send(text: string, fileIds: string[], conversationId?: string) {
    const res = await chatRoute.POST(post("/api/chat", { agentId, text, fileIds, conversationId }));
    expect(res.status).toBe(200);
    return (await readStream(res))[0] as Extract<StreamItem, { type: "meta" }>;
  }

  it("lists each file with where it is used and the storage against the quota; deletes only unused ones", async () => {
    const notes = await upload("notes.txt", "alpha beta");
    const meta = await send("Summarize", [notes.id]);
    const draft = await upload("draft.md", "# never sent");

    const mine = await list();
    expect(mine.used).toBe(10 + 12);
    expect(mine.quota).toBe(200 * 1024 * 1024);
    expect(mine.files.map((f: { name: string }) => f.name)).toEqual(["draft.md", "notes.txt"]);
    const sent = mine.files.find((f: { name: string }) => f.name === "notes.txt");
    expect(sent).toMatchObject({ size: 10, mimeType: "text/plain", usedIn: [{ id: meta.conversationId }] });
    expect(mine.files[0].usedIn).toEqual([]);

    const refused = await remove(sent.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).code).toBe("conflict:file");
    expect((await remove(draft.id)).status).toBe(200);
    expect((await list()).files.map((f: { name: string }) => f.name)).toEqual(["notes.txt"]);
  });

  it("sends an earlier file again with a new message: one entry, used in both conversations", async () => {
    const notes = await upload("notes.txt", "alpha beta");
    const first = await send("Summarize", [notes.id]);
    const second = await send("Again, in a new chat", [notes.id]);
    expect(second.conversationId).not.toBe(first.conversationId);
    const [attached] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Attachment" WHERE "messageId" = $1`,
      [second.userMessageId],
    );
    expect(attached.n).toBe(1);
    const mine = await list();
    expect(mine.files).toHaveLength(1);
    expect(mine.files[0].usedIn.map((c: { id: string }) => c.id).sort()).toEqual(
      [first.conversationId, second.conversationId].sort(),
    );
  });

  it("another user sees none of them and can neither delete nor send them (404)", async () => {
    const draft = await upload("draft.md", "# mine");
    const bob = await makeUser("Bob");
    session.userId = bob.id;
    expect(await list()).toMatchObject({ files: [], used: 0 });
    expect((await remove(draft.id)).status).toBe(404);
    const bobAgent = await makeAgent(bob.id, "Bob's");
    const res = await chatRoute.POST(
      post("/api/chat", { agentId: bobAgent.id, text: "hi", fileIds: [draft.id] }),
    );
    expect(res.status).toBe(404);
    const [left] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "Attachment"`);
    expect(left.n).toBe(1);
    session.userId = null;
    expect((await filesRoute.GET(new Request("http://test/api/files"))).status).toBe(401);
  });
});
