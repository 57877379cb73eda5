import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type RunEvent, reduceEvents, type ToolCallNode, type TraceNode } from "@/lib/agents";
import { type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { createAgent, updateAgent } from "@/lib/builder/agents";
import { listToolChoices } from "@/lib/builder/tools";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { isAppError } from "@/lib/errors";
import { errorBody } from "@/lib/http/error-body";
import { translatorFor } from "@/lib/i18n/translator";
import { getMcpPool, type McpServerSummary, refreshMcpServer, updateMcpServer } from "@/lib/mcp";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "@/lib/providers";
import { delegating, makeAgent, makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { type HttpTestServer, startHttpTestServer } from "../helpers/mcp-http-server";
import { query, resetDatabase } from "../helpers/reset-db";
import { httpInput, register, until } from "./mcp-helpers";

// Agents that use MCP tools, end to end through the chat route: the builder's checks on save, the
// tools a run gets for the chatting user, the trace, notices for tools that are gone, and Stop.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");
const stopRoute = await import("@/app/api/chat/runs/[runId]/stop/route");

const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");
const eventsOf = (items: StreamItem[]) => items.filter((i): i is RunEvent => i.type !== "meta");

function toolCalls(content: TraceNode[]): ToolCallNode[] {
  return content.flatMap((n) =>
    n.type === "tool_call" ? [n] : n.type === "subagent" ? toolCalls(n.content) : [],
  );
}

async function refused(
  fn: () => Promise<unknown>,
): Promise<{ code: string; fields?: Record<string, string> }> {
  const err = await fn().then(
    () => null,
    (e) => e,
  );
  if (!isAppError(err)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { code: err.code, fields: (await errorBody(err)).fields };
}

describe("MCP tools in agents and chats", () => {
  let http: HttpTestServer;
  let server: McpServerSummary;
  let alice: { id: string };
  let bob: { id: string };
  let echo: string;
  let slow: string;

  beforeAll(async () => {
    http = await startHttpTestServer();
  });
  afterAll(async () => {
    setTestModelFactory(undefined);
    await getMcpPool().closeAll();
    await http.stop();
  });
  beforeEach(async () => {
    await resetDatabase();
    await getMcpPool().closeAll();
    alice = await makeUser("Alice");
    bob = await makeUser("Bob");
    server = await register(httpInput(http.url, { name: "Test tools" }));
    await refreshMcpServer({ id: server.id });
    echo = `${server.slug}__echo`;
    slow = `${server.slug}__slow`;
    session.userId = alice.id;
  });

  it("runs a subagent's MCP tool through the chat route and traces it with server, result and duration", async () => {
    const child = await makeAgent(alice.id, "Echoer", { tools: [echo] });
    const root = await makeAgent(alice.id, "Lead", delegating([child.id]));
    const bound: Record<string, string[]> = {};
    setTestModelFactory(
      scriptedModelFactory({
        [root.id]: (ctx) => {
          bound.root = ctx.toolNames;
          return hasToolResult(ctx)
            ? { text: "The echoer said it." }
            : {
                toolCalls: [{ name: "subagent", args: { subagent_type: child.id, description: "echo hi" } }],
              };
        },
        [child.id]: (ctx) => {
          bound.child = ctx.toolNames;
          return hasToolResult(ctx)
            ? { text: `done: ${ctx.lastText}` }
            : { toolCalls: [{ name: echo, args: { text: "hi there" } }] };
        },
      }),
    );
    const res = await chatRoute.POST(post("/api/chat", { agentId: root.id, text: "please echo" }));
    expect(res.status).toBe(200);
    const evs = eventsOf(await readStream(res));
    expect(evs.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    // A child gets only its own tools.
    expect(bound.child).toContain(echo);
    expect(bound.root).not.toContain(echo);
    expect(evs.find((e) => e.type === "tool_call_start" && e.name === echo)).toMatchObject({
      depth: 1,
      source: "Test tools",
      args: { text: "hi there" },
    });
    expect(http.events.filter((e) => e.type === "called" && e.tool === "echo")).toHaveLength(1);

    const [stored] = await query<{ parts: { content: TraceNode[] } }>(
      `SELECT parts FROM "Message" WHERE role = 'ASSISTANT'`,
    );
    const [call] = toolCalls(stored.parts.content);
    expect(call).toMatchObject({
      name: echo,
      source: "Test tools",
      status: "completed",
      result: "echo: hi there",
    });
    expect(call.durationMs).toBeGreaterThanOrEqual(0);
    expect(reduceEvents(evs).notices).toBeUndefined();
  });

  it("refuses to save a tool that does not exist or whose server is not open to the user", async () => {
    const missing = await refused(() => makeAgent(alice.id, "A", { tools: [`${server.slug}__nope`] }));
    expect(missing.code).toBe("bad_request:agent_tool");
    expect(missing.fields?.tools).toMatch(/not available/);

    await updateMcpServer({
      id: server.id,
      input: { ...httpInput(http.url, { name: "Test tools" }), restricted: true, allowedUserIds: [alice.id] },
    });
    // Alice may use it; Bob neither sees its tools nor may save an agent with them.
    expect(await makeAgent(alice.id, "Alice's", { tools: [echo] })).toMatchObject({
      draft: { name: "Alice's" },
    });
    const forBob = await listToolChoices({ userId: bob.id });
    expect(forBob.map((g) => g.id)).not.toContain(server.id);
    expect(JSON.stringify(forBob)).not.toContain(echo);
    expect((await listToolChoices({ userId: alice.id })).map((g) => g.id)).toContain(server.id);
    const foreign = await refused(() => makeAgent(bob.id, "Bob's", { tools: [echo, "calculator"] }));
    expect(foreign).toMatchObject({ code: "bad_request:agent_tool", fields: { tools: expect.any(String) } });
    const [{ n }] = await query<{ n: string }>(`SELECT count(*) AS n FROM "Agent" WHERE name = 'Bob''s'`);
    expect(Number(n)).toBe(0);
  });

  it("does not give another user's restricted tools to a run, and says so in the chat", async () => {
    const shared = await createAgent({
      userId: alice.id,
      input: {
        ...demoModel,
        name: "Shared echoer",
        tools: [echo],
        visibility: "public",
      },
    });
    await updateMcpServer({
      id: server.id,
      input: { ...httpInput(http.url, { name: "Test tools" }), restricted: true, allowedUserIds: [alice.id] },
    });
    const bound: string[][] = [];
    setTestModelFactory(
      scriptedModelFactory({
        // The model calls the tool anyway: it is not bound, so the call fails as unavailable.
        [shared.id]: (ctx) => {
          bound.push(ctx.toolNames);
          return hasToolResult(ctx)
            ? { text: "answered without the tool" }
            : { toolCalls: [{ name: echo, args: { text: "sneaky" } }] };
        },
      }),
    );
    session.userId = bob.id;
    const before = http.events.length;
    const res = await chatRoute.POST(post("/api/chat", { agentId: shared.id, text: "echo" }));
    expect(res.status).toBe(200);
    const evs = eventsOf(await readStream(res));
    expect(evs.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(bound[0]).not.toContain(echo);
    const notice = evs.find((e) => e.type === "notice");
    expect(notice).toMatchObject({ depth: 0 });
    expect(notice?.type === "notice" && notice.message).toMatchObject({ values: { tool: echo } });
    expect(evs.find((e) => e.type === "tool_call_end" && e.name === echo)).toMatchObject({
      error: expect.stringMatching(/not available/),
    });
    expect(http.events.length).toBe(before);
    // The notice is stored with the message, so a reload shows it.
    const [stored] = await query<{ parts: { notices?: unknown[] } }>(
      `SELECT parts FROM "Message" WHERE role = 'ASSISTANT'`,
    );
    expect(stored.parts.notices?.[0]).toMatchObject({ key: "chat.notices.toolGone.unavailable" });

    // Alice, who may use the server, gets the tool in the same agent.
    session.userId = alice.id;
    bound.length = 0;
    const again = eventsOf(
      await readStream(await chatRoute.POST(post("/api/chat", { agentId: shared.id, text: "echo" }))),
    );
    expect(bound[0]).toContain(echo);
    expect(again.some((e) => e.type === "notice")).toBe(false);
  });

  it("reports a tool that disappeared after saving as a notice, and the run goes on", async () => {
    const agent = await makeAgent(alice.id, "Echoer", { tools: [echo, "calculator"] });
    await updateMcpServer({
      id: server.id,
      input: { ...httpInput(http.url, { name: "Test tools" }), enabled: false },
    });
    setTestModelFactory(scriptedModelFactory({ [agent.id]: [{ text: "fine without it" }] }));
    const evs = eventsOf(
      await readStream(await chatRoute.POST(post("/api/chat", { agentId: agent.id, text: "hi" }))),
    );
    expect(evs.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(evs.filter((e) => e.type === "notice")).toHaveLength(1);
    // A catalog message the chat words for its reader, with the English sentence as its fallback.
    const notice = reduceEvents(evs).notices?.[0];
    expect(notice).toMatchObject({
      key: "chat.notices.toolGone.unavailable",
      values: { tool: echo, agents: ["Echoer"], count: 1 },
      message: expect.stringMatching(/Echoer runs without it/),
    });
    const zh = (await translatorFor("zh-CN")) as unknown as (k: string, v: object) => string;
    const { key, values } = notice as { key: string; values: Record<string, unknown> };
    expect(zh(key, { ...values, agents: "Echoer" })).toBe(
      `工具 ${echo} 不可用：它的 MCP 服务器已被移除、停用或未向你开放。Echoer 将在不使用它的情况下运行。`,
    );
    // Saving it again is refused until the tool is taken out.
    const again = await refused(() =>
      updateAgent({
        id: agent.id,
        userId: alice.id,
        input: { ...demoModel, name: "Echoer", tools: [echo] },
      }),
    );
    expect(again.code).toBe("bad_request:agent_tool");
  });

  it("Stop cancels an MCP call in flight: the server sees the cancellation", async () => {
    const agent = await makeAgent(alice.id, "Waiter", { tools: [slow] });
    setTestModelFactory(
      scriptedModelFactory({
        [agent.id]: (ctx) =>
          hasToolResult(ctx) ? { text: "never" } : { toolCalls: [{ name: slow, args: {} }] },
      }),
    );
    const res = await chatRoute.POST(post("/api/chat", { agentId: agent.id, text: "wait" }));
    let runId = "";
    const items = await readStream(res, (item) => {
      if (item.type === "meta") runId = item.runId;
      if (item.type === "tool_call_start" && item.name === slow) {
        void until(
          () => http.events.some((e) => e.type === "called" && e.tool === "slow"),
          "the slow call",
        ).then(() =>
          stopRoute.POST(new Request("http://test", { method: "POST" }), {
            params: Promise.resolve({ runId }),
          }),
        );
      }
    });
    expect(eventsOf(items).at(-1)).toMatchObject({ type: "run_end", status: "stopped" });
    await until(() => http.events.some((e) => e.type === "cancelled" && e.tool === "slow"), "cancellation");
  });
});

const demoModel = { provider: DEMO_ENDPOINT_ID, model: DEMO_MODEL_ID };
