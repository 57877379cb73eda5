// Offline, zero-config: a newcomer's starter team keeps notes with the bundled notes MCP server,
// and the scripted demo model uses it when asked ("save a note …", "list my notes"), through the
// chat route. The notes route is hosted on a local port exactly as Next.js would serve it.
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DELETE, GET, POST } from "@/app/api/mcp/notes/route";
import type { RunEvent } from "@/lib/agents";
import { registerUser } from "@/lib/auth/register";
import { grantStarterTeam } from "@/lib/builder/starter-team";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { getMcpPool, NOTES_SERVER_ID, updateMcpServer } from "@/lib/mcp";
import { makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
const chatRoute = await import("@/app/api/chat/route");

type Server = ReturnType<typeof createAdaptorServer>;
const eventsOf = (items: StreamItem[]) => items.filter((i): i is RunEvent => i.type !== "meta");

async function agentsOf(userId: string) {
  return query<{ id: string; name: string; tools: string[] }>(
    `SELECT id, name, tools FROM "Agent" WHERE "ownerId" = $1 ORDER BY name`,
    [userId],
  );
}

describe("demo model with the notes server", () => {
  let server: Server;
  beforeAll(async () => {
    const handler = (req: Request) => ({ POST, GET, DELETE })[req.method as "POST" | "GET" | "DELETE"](req);
    server = createAdaptorServer({ fetch: handler });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    process.env.MCP_NOTES_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp/notes`;
    process.env.DEMO_TOKEN_DELAY_MS = "0";
    setTestModelFactory(undefined);
  });
  afterAll(async () => {
    await getMcpPool().closeAll();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    await resetDatabase();
    await getMcpPool().closeAll();
  });

  it("the starter lead saves a note and lists it back, each call traced with its server", async () => {
    const user = await makeUser("Newcomer");
    session.userId = user.id;
    const lead = (await agentsOf(user.id)).find((a) => a.name === "Team Lead");
    expect(lead?.tools).toEqual([
      "notes__save_note",
      "notes__list_notes",
      "notes__read_note",
      "notes__delete_note",
    ]);

    const save = eventsOf(
      await readStream(
        await chatRoute.POST(post("/api/chat", { agentId: lead?.id, text: "Save a note: buy oat milk" })),
      ),
    );
    expect(save.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(save.find((e) => e.type === "tool_call_start")).toMatchObject({
      name: "notes__save_note",
      source: "Notes (built-in)",
      args: { content: "buy oat milk" },
    });
    expect(await query(`SELECT "userId", content FROM "McpNote"`)).toEqual([
      { userId: user.id, content: "buy oat milk" },
    ]);

    const list = eventsOf(
      await readStream(await chatRoute.POST(post("/api/chat", { agentId: lead?.id, text: "list my notes" }))),
    );
    const end = list.find((e) => e.type === "tool_call_end");
    expect(end).toMatchObject({ name: "notes__list_notes" });
    expect(end?.type === "tool_call_end" && end.result).toContain("buy oat milk");
    const text = list
      .filter((e) => e.type === "text_delta" && e.depth === 0)
      .map((e) => (e.type === "text_delta" ? e.text : ""))
      .join("");
    expect(text).toContain("buy oat milk");
  });

  it("a zh-CN newcomer's team is Chinese and the demo answers a Chinese request in Chinese", async () => {
    const user = await registerUser({
      input: { name: "李雷", email: "lilei@example.com", password: "correct-horse-42" },
      locale: "zh-CN",
    });
    session.userId = user.id;
    const lead = (await agentsOf(user.id)).find((a) => a.name === "组长");
    expect(lead?.tools).toContain("notes__save_note");
    const request = post("/api/chat", { agentId: lead?.id, text: "保存笔记：周五买燕麦奶" });
    request.headers.set("Accept-Language", "zh-CN,zh;q=0.9");
    const events = eventsOf(await readStream(await chatRoute.POST(request)));
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(events.find((e) => e.type === "tool_call_start")).toMatchObject({
      name: "notes__save_note",
      args: { title: "周五买燕麦奶", content: "周五买燕麦奶" },
    });
    const text = events
      .filter((e) => e.type === "text_delta" && e.depth === 0)
      .map((e) => (e.type === "text_delta" ? e.text : ""))
      .join("");
    expect(text).toContain("已用 `notes__save_note` 工具保存你的笔记 **周五买燕麦奶**。");
    expect(text).toContain("_脚本化的离线演示模型（不是真正的 LLM）");
    expect(text).not.toContain("Scripted offline demo");
  });

  it("a starter team made while the notes server is off has no note tools, and is still made", async () => {
    await updateMcpServer({ id: NOTES_SERVER_ID, input: { enabled: false } });
    const user = await makeUser("Later");
    const agents = await agentsOf(user.id);
    expect(agents.map((a) => a.name)).toEqual(["Mathematician", "Researcher", "Team Lead"]);
    expect(agents.find((a) => a.name === "Team Lead")?.tools).toEqual([]);
    expect(await grantStarterTeam({ userId: user.id })).toBe(false);
  });
});
