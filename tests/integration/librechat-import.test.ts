// LibreChat's conversation export into the existing import route: its tree (recursive, with
// branches) and flat forms become a conversation of the importer; bad files are a typed 400 and
// store nothing.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
const importRoute = await import("@/app/api/conversations/import/route");
const exportRoute = await import("@/app/api/conversations/[id]/export/route");

const ROOT = "00000000-0000-0000-0000-000000000000";
// The shape LibreChat's "Export → JSON" writes with "recursive" on (fields it adds beyond these are ignored).
const tree = {
  conversationId: "4a86c40e-0000-4454-b158-889680e23ad3",
  endpoint: "openAI",
  title: "Python venv trouble",
  exportAt: "13:18:04 GMT-0400 (Eastern Daylight Time)",
  branches: true,
  recursive: true,
  options: { model: "gpt-4-turbo", temperature: 0.8 },
  messages: [
    {
      messageId: "u1",
      parentMessageId: ROOT,
      createdAt: "2024-05-01T16:35:11.530Z",
      isCreatedByUser: true,
      sender: "User",
      text: "How do I use source venv/bin/activate?",
      children: [
        {
          messageId: "a1",
          parentMessageId: "u1",
          createdAt: "2024-05-01T16:35:12.604Z",
          isCreatedByUser: false,
          sender: "Software Engineer",
          model: "gpt-4-turbo",
          text: "Create it first: `python3 -m venv venv`.",
          children: [
            {
              messageId: "u2",
              parentMessageId: "a1",
              isCreatedByUser: true,
              text: "thanks",
              children: [
                {
                  messageId: "a2",
                  parentMessageId: "u2",
                  isCreatedByUser: false,
                  text: "You're welcome!",
                  children: [],
                },
                {
                  messageId: "a3",
                  parentMessageId: "u2",
                  isCreatedByUser: false,
                  text: "",
                  content: [
                    { type: "text", text: "Happy coding!" },
                    { type: "tool_call", tool_call: {} },
                  ],
                  children: [],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

const post = (body: unknown) =>
  importRoute.POST(
    new Request("http://localhost/api/conversations/import", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
const exportOf = async (id: string) =>
  (
    await exportRoute.GET(new Request(`http://localhost/api/conversations/${id}/export?format=json`), {
      params: Promise.resolve({ id }),
    })
  ).json();
const counts = async () =>
  (
    await query<{ n: string }>(
      `SELECT (SELECT count(*) FROM "Conversation") || '/' || (SELECT count(*) FROM "Message") AS n`,
    )
  )[0].n;
type Exported = { id: string; parentId: string | null; role: string; content: string; createdAt: string };

describe("import of LibreChat's conversation export", () => {
  beforeEach(async () => {
    await resetDatabase();
    session.userId = (await makeUser("Lia")).id;
  });

  it("imports the tree form with its branches, text from content parts, as the importer's", async () => {
    const res = await post(tree);
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [owner] = await query<{ userId: string }>(`SELECT "userId" FROM "Conversation" WHERE id = $1`, [
      id,
    ]);
    expect(owner.userId).toBe(session.userId);
    const file = await exportOf(id);
    expect(file.title).toBe("Python venv trouble");
    const messages = file.messages as Exported[];
    expect(messages.map((m) => [m.id, m.parentId, m.role, m.content])).toEqual([
      ["m1", null, "USER", "How do I use source venv/bin/activate?"],
      ["m2", "m1", "ASSISTANT", "Create it first: `python3 -m venv venv`."],
      ["m3", "m2", "USER", "thanks"],
      ["m4", "m3", "ASSISTANT", "You're welcome!"],
      ["m5", "m3", "ASSISTANT", "Happy coding!"],
    ]);
    // Answers carry a finished trace tree of their text (shown as done, not as running).
    expect(file.messages[4].parts).toMatchObject({
      status: "completed",
      content: [{ type: "text", text: "Happy coding!" }],
    });
    expect(file.messages[0].parts).toBeNull();
    // Times kept where given, and after the one before where not.
    expect(messages[0].createdAt).toBe("2024-05-01T16:35:11.530Z");
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("imports the flat form in tree order, whatever order its messages come in", async () => {
    const flat = {
      conversationId: "c-flat",
      title: null,
      recursive: false,
      messages: [
        { messageId: "a1", parentMessageId: "u1", isCreatedByUser: false, text: "Hi!", error: true },
        { messageId: "u1", parentMessageId: ROOT, isCreatedByUser: true, text: "Hello" },
      ],
    };
    const res = await post(flat);
    expect(res.status).toBe(201);
    const file = await exportOf((await res.json()).id);
    expect(file.title).toBe("New chat");
    expect(file.messages.map((m: Exported & { status: string }) => [m.id, m.parentId, m.status])).toEqual([
      ["m1", null, "COMPLETE"],
      ["m2", "m1", "FAILED"],
    ]);
  });

  it("refuses bad files with a 400 naming the field, and stores nothing", async () => {
    const before = await counts();
    const child = tree.messages[0].children[0];
    let deep: Record<string, unknown> = {
      messageId: "x0",
      isCreatedByUser: true,
      text: "deep",
      children: [],
    };
    for (let i = 1; i < 20; i++)
      deep = { messageId: `x${i}`, isCreatedByUser: i % 2 === 0, text: "t", children: [deep] };
    const bad: [string, unknown, string][] = [
      [
        "unknown parent",
        { ...tree, recursive: false, messages: [{ ...child, children: [] }] },
        "messages.0.parentMessageId",
      ],
      [
        "no author flag",
        { ...tree, messages: [{ messageId: "u1", text: "hi" }] },
        "messages.0.isCreatedByUser",
      ],
      [
        "duplicate ids",
        {
          ...tree,
          recursive: false,
          messages: [
            { ...child, parentMessageId: ROOT, children: [] },
            { ...child, parentMessageId: ROOT, children: [] },
          ],
        },
        "messages.1.messageId",
      ],
      ["a number for text", { ...tree, messages: [{ ...tree.messages[0], text: 5 }] }, "messages.0.text"],
      [
        "too many messages",
        {
          conversationId: "many",
          messages: Array.from({ length: 2001 }, (_, i) => ({
            messageId: `m${i}`,
            isCreatedByUser: true,
            text: "x",
          })),
        },
        "messages",
      ],
      [
        "a cycle",
        {
          conversationId: "c",
          messages: [
            { messageId: "a", parentMessageId: "b", isCreatedByUser: true },
            { messageId: "b", parentMessageId: "a", isCreatedByUser: false },
          ],
        },
        "messages",
      ],
    ];
    for (const [name, body, path] of bad) {
      const res = await post(body);
      expect(res.status, name).toBe(400);
      const json = await res.json();
      expect(json.code, name).toBe("bad_request:conversation_import");
      expect(json.message, name).toContain(path);
    }
    // Deeper than the API's nesting bound (32 levels): refused before it is read.
    const tooDeep = await post({ ...tree, messages: [deep] });
    expect(tooDeep.status).toBe(400);
    expect((await tooDeep.json()).code).toBe("bad_request:nesting");
    expect(await counts()).toBe(before);
  });
});
