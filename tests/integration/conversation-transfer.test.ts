// Export (JSON, Markdown) and import of a conversation: a round trip keeps branches and the nested
// subagent trace tree, other users' conversations are 404, bad files are 4xx and store nothing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const exportRoute = await import("@/app/api/conversations/[id]/export/route");
const importRoute = await import("@/app/api/conversations/import/route");
const forkRoute = await import("@/app/api/conversations/[id]/fork/route");

const usage = { inputTokens: 1, outputTokens: 2 };
const tree = {
  rootAgentIds: ["root"],
  status: "completed",
  usage,
  content: [
    {
      type: "subagent",
      id: "s1",
      subagentType: "x",
      agentId: "a1",
      agentName: "Researcher",
      task: "Look <it> up",
      mode: "isolated",
      depth: 1,
      ancestry: ["root"],
      status: "completed",
      usage,
      text: "child found it",
      content: [
        {
          type: "subagent",
          id: "s2",
          agentId: "a2",
          agentName: "Deep",
          task: "Go deeper",
          status: "completed",
          usage,
          content: [
            {
              type: "tool_call",
              id: "t1",
              name: "calculator",
              args: { e: "6*7" },
              status: "completed",
              result: "42",
            },
          ],
        },
      ],
    },
    { type: "text", agentId: "root", text: "The answer is 42" },
  ],
};

async function seed(userId: string) {
  await query(
    `INSERT INTO "Conversation" (id, "userId", title, "updatedAt") VALUES ('c1', $1, 'Math', now())`,
    [userId],
  );
  const rows: [string, string | null, string, string, unknown, string][] = [
    ["q1", null, "USER", "Compute 6 * 7", null, "2026-01-01T00:00:00.000Z"],
    ["a1", "q1", "ASSISTANT", "first answer", { ...tree, content: [] }, "2026-01-01T00:00:01.000Z"],
    ["a2", "q1", "ASSISTANT", "The answer is 42", tree, "2026-01-01T00:00:02.000Z"],
  ];
  for (const [id, parent, role, content, parts, at] of rows) {
    await query(
      `INSERT INTO "Message" (id, "conversationId", "parentId", role, content, parts, "createdAt", usage)
       VALUES ($1, 'c1', $2, $3::"MessageRole", $4, $5, $6, $7)`,
      [
        id,
        parent,
        role,
        content,
        parts === null ? null : JSON.stringify(parts),
        at,
        role === "ASSISTANT"
          ? JSON.stringify({ ...usage, subagentInputTokens: 0, subagentOutputTokens: 0 })
          : null,
      ],
    );
  }
}

const exportOf = (id: string, format = "json") =>
  exportRoute.GET(new Request(`http://localhost/api/conversations/${id}/export?format=${format}`), {
    params: Promise.resolve({ id }),
  });
const importRaw = (body: string) =>
  importRoute.POST(
    new Request("http://localhost/api/conversations/import", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
    }),
  );
const counts = async () =>
  (
    await query<{ n: string }>(
      `SELECT (SELECT count(*) FROM "Conversation") || '/' || (SELECT count(*) FROM "Message") AS n`,
    )
  )[0].n;

describe("conversation export and import", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("export → import → export gives the same JSON (but exportedAt), with branches and nested traces", async () => {
    const ann = await makeUser("Ann");
    session.userId = ann.id;
    await seed(ann.id);
    const res = await exportOf("c1");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("Math.json");
    const file = await res.json();
    expect(file).toMatchObject({ format: "delegate-chat.conversation", version: 1, title: "Math" });
    expect(file.messages.map((m: { id: string; parentId: string | null }) => [m.id, m.parentId])).toEqual([
      ["m1", null],
      ["m2", "m1"],
      ["m3", "m1"],
    ]);

    const imported = await importRaw(JSON.stringify(file));
    expect(imported.status).toBe(201);
    const { id } = await imported.json();
    const [owner] = await query<{ userId: string }>(`SELECT "userId" FROM "Conversation" WHERE id = $1`, [
      id,
    ]);
    expect(owner.userId).toBe(ann.id);
    const again = await (await exportOf(id)).json();
    expect({ ...again, exportedAt: null }).toEqual({ ...file, exportedAt: null });
    // The imported text is searchable like any other.
    const [found] = await query(
      `SELECT id FROM "Message" WHERE "conversationId" = $1 AND content ILIKE '%answer is 42%'`,
      [id],
    );
    expect(found).toBeTruthy();
  });

  it("exports the active branch as Markdown with subagents as nested <details>", async () => {
    const ann = await makeUser("Ann");
    session.userId = ann.id;
    await seed(ann.id);
    const md = await (await exportOf("c1", "markdown")).text();
    expect(md).toContain("# Math");
    expect(md).not.toContain("first answer");
    expect(md).toContain("<summary>Subagent Researcher: Look &lt;it&gt; up</summary>");
    expect(md.indexOf("Go deeper")).toBeGreaterThan(md.indexOf("Look &lt;it&gt; up"));
    expect(md.match(/<details>/g)).toHaveLength(3);
    expect(md.match(/<\/details>/g)).toHaveLength(3);
    expect((await exportOf("c1", "pdf")).status).toBe(400);
  });

  it("another user's conversation is 404 in either format", async () => {
    const ann = await makeUser("Ann");
    const bob = await makeUser("Bob");
    await seed(ann.id);
    session.userId = bob.id;
    expect((await exportOf("c1")).status).toBe(404);
    expect((await exportOf("c1", "markdown")).status).toBe(404);
    expect((await exportOf("nope")).status).toBe(404);
  });

  it("refuses bad files with a 4xx and stores nothing", async () => {
    const ann = await makeUser("Ann");
    session.userId = ann.id;
    await seed(ann.id);
    const good = await (await exportOf("c1")).json();
    const before = await counts();
    let deep: unknown = "x";
    for (let i = 0; i < 200; i++) deep = [deep];
    const bad: [string, string, number][] = [
      ["not JSON", "{", 400],
      ["NUL in text", JSON.stringify({ ...good, title: "a\u0000b" }), 400],
      ["wrong format", JSON.stringify({ ...good, format: "librechat" }), 400],
      ["wrong types", JSON.stringify({ ...good, messages: "many" }), 400],
      [
        "a number for content",
        JSON.stringify({ ...good, messages: [{ ...good.messages[0], content: 5 }] }),
        400,
      ],
      ["unknown parent", JSON.stringify({ ...good, messages: [{ ...good.messages[1] }] }), 400],
      ["duplicate ids", JSON.stringify({ ...good, messages: [good.messages[0], good.messages[0]] }), 400],
      ["deep nesting", JSON.stringify({ ...good, messages: [{ ...good.messages[0], parts: deep }] }), 400],
      [
        "a bad trace node",
        JSON.stringify({
          ...good,
          messages: [
            good.messages[0],
            { ...good.messages[1], parts: { ...tree, content: [{ type: "evil" }] } },
          ],
        }),
        400,
      ],
      ["a huge string", JSON.stringify({ ...good, title: "x".repeat(2_000_000) }), 413],
      ["null", "null", 400],
      ["an array", "[]", 400],
    ];
    for (const [what, body, status] of bad) {
      const res = await importRaw(body);
      expect({ what, status: res.status }).toEqual({ what, status });
      expect(((await res.json()) as { code: string }).code).toBeTruthy();
    }
    expect(await counts()).toBe(before);
  });

  it("fork from a message: a new conversation with that branch (traces included) and the same agent", async () => {
    const ann = await makeUser("Ann");
    const bob = await makeUser("Bob");
    session.userId = ann.id;
    await seed(ann.id);
    const [agent] = await query<{ id: string }>(`SELECT id FROM "Agent" WHERE "ownerId" = $1 LIMIT 1`, [
      ann.id,
    ]);
    await query(`UPDATE "Conversation" SET "agentId" = $1 WHERE id = 'c1'`, [agent.id]);
    const fork = (id: string, body: unknown) =>
      forkRoute.POST(
        new Request(`http://localhost/api/conversations/${id}/fork`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        { params: Promise.resolve({ id }) },
      );
    const res = await fork("c1", { messageId: "a2" });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [copy] = await query<{ title: string; agentId: string; userId: string }>(
      `SELECT title, "agentId", "userId" FROM "Conversation" WHERE id = $1`,
      [id],
    );
    expect(copy).toEqual({ title: "Math", agentId: agent.id, userId: ann.id });
    // The branch to a2: the question and that answer, not its sibling a1.
    const msgs = await query<{ content: string; parts: unknown; parent: string | null }>(
      `SELECT m.content, m.parts, p.content AS parent FROM "Message" m LEFT JOIN "Message" p ON p.id = m."parentId"
       WHERE m."conversationId" = $1 ORDER BY m."createdAt"`,
      [id],
    );
    expect(msgs).toEqual([
      { content: "Compute 6 * 7", parts: null, parent: null },
      { content: "The answer is 42", parts: tree, parent: "Compute 6 * 7" },
    ]);

    const before = await counts();
    // Not in the conversation, not a string, someone else's conversation: 404, nothing written.
    for (const [conv, body] of [
      ["c1", { messageId: "nope" }],
      ["c1", { messageId: 7 }],
      ["c1", null],
      [id, { messageId: "a2" }],
    ] as const) {
      const r = await fork(conv, body);
      expect({ conv, body, status: r.status }).toEqual({ conv, body, status: 404 });
    }
    session.userId = bob.id;
    expect((await fork("c1", { messageId: "a2" })).status).toBe(404);
    expect(await counts()).toBe(before);
  });
});
