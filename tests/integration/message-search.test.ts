// Full-text search over message text: words inside answers, Chinese phrases, only the user's own
// conversations, highlighted snippets; the route only reads.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const searchRoute = await import("@/app/api/conversations/search/route");

interface Result {
  conversationId: string;
  title: string;
  messageId: string;
  role: string;
  snippet: { text: string; highlights: [number, number][]; before: boolean; after: boolean };
}

async function conversation(userId: string, title: string, messages: [role: string, content: string][]) {
  const id = `c-${title.replace(/\W/g, "")}-${userId.slice(-4)}`;
  await query(`INSERT INTO "Conversation" (id, "userId", title, "updatedAt") VALUES ($1, $2, $3, now())`, [
    id,
    userId,
    title,
  ]);
  const ids: string[] = [];
  let parent: string | null = null;
  for (const [i, [role, content]] of messages.entries()) {
    const mid = `${id}-m${i}`;
    await query(
      `INSERT INTO "Message" (id, "conversationId", "parentId", role, content) VALUES ($1, $2, $3, $4::"MessageRole", $5)`,
      [mid, id, parent, role, content],
    );
    ids.push(mid);
    parent = mid;
  }
  return { id, ids };
}

async function search(q: string) {
  const res = await searchRoute.GET(
    new Request(`http://localhost/api/conversations/search?q=${encodeURIComponent(q)}`),
  );
  return { status: res.status, body: (await res.json()) as { results: Result[] } };
}

const marked = (r: Result) => r.snippet.highlights.map(([s, e]) => r.snippet.text.slice(s, e));

describe("GET /api/conversations/search", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("finds a word inside an answer and a Chinese phrase inside a message, highlighted", async () => {
    const ann = await makeUser("Ann");
    session.userId = ann.id;
    const trip = await conversation(ann.id, "Trip", [
      ["USER", "Where should we go?"],
      ["ASSISTANT", "Consider Lisbon: the trams are charming and the pastéis de nata are famous."],
    ]);
    const weather = await conversation(ann.id, "Weather", [
      ["USER", "今天天气很好，我们去公园散步吧"],
      ["ASSISTANT", "好的，记得带水。"],
    ]);

    const word = await search("TRAMS");
    expect(word.status).toBe(200);
    expect(word.body.results).toHaveLength(1);
    const [hit] = word.body.results;
    expect(hit).toMatchObject({
      conversationId: trip.id,
      messageId: trip.ids[1],
      role: "ASSISTANT",
      title: "Trip",
    });
    expect(marked(hit)).toEqual(["trams"]);

    const chinese = await search("公园散步");
    expect(chinese.body.results.map((r) => r.messageId)).toEqual([weather.ids[0]]);
    expect(marked(chinese.body.results[0])).toEqual(["公园散步"]);

    // Two words anywhere in the message (full-text search), not as a phrase.
    const words = await search("famous Lisbon");
    expect(words.body.results.map((r) => r.messageId)).toEqual([trip.ids[1]]);
    expect(marked(words.body.results[0])).toEqual(["Lisbon", "famous"]);
  });

  it("never finds another user's messages", async () => {
    const ann = await makeUser("Ann");
    const bob = await makeUser("Bob");
    await conversation(bob.id, "Secret", [["USER", "the launch code is pineapple 秘密计划"]]);
    session.userId = ann.id;
    expect((await search("pineapple")).body.results).toEqual([]);
    expect((await search("秘密计划")).body.results).toEqual([]);
    session.userId = bob.id;
    expect((await search("pineapple")).body.results).toHaveLength(1);
  });

  it("treats LIKE wildcards and markup as text, and snippets are never HTML", async () => {
    const ann = await makeUser("Ann");
    session.userId = ann.id;
    await conversation(ann.id, "Markup", [["USER", "a <img src=x onerror=alert(1)> tag and 100% sure"]]);
    await conversation(ann.id, "Other", [["USER", "nothing special here"]]);
    expect((await search("%")).body.results.map((r) => r.title)).toEqual(["Markup"]);
    expect((await search("_")).body.results).toEqual([]);
    const [hit] = (await search("<img")).body.results;
    expect(hit.snippet.text).toContain("<img src=x onerror=alert(1)>");
    expect(marked(hit)).toEqual(["<img"]);
  });

  it("refuses control characters with a 400, returns nothing for an empty search, and writes nothing", async () => {
    const ann = await makeUser("Ann");
    session.userId = ann.id;
    await conversation(ann.id, "Trip", [["USER", "hello there"]]);
    const before = await query(`SELECT id, content FROM "Message" ORDER BY id`);
    const res = await searchRoute.GET(new Request("http://localhost/api/conversations/search?q=hel%00lo"));
    expect(res.status).toBe(400);
    expect((await search("   ")).body.results).toEqual([]);
    expect((await search("x".repeat(5000))).status).toBe(200);
    expect(await query(`SELECT id, content FROM "Message" ORDER BY id`)).toEqual(before);
  });

  it("needs a signed-in user", async () => {
    session.userId = null;
    expect((await search("hello")).status).toBe(401);
  });
});
