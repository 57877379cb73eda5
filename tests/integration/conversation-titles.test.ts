// Generated titles: after a new conversation's first answer a job writes a short title with the
// agent's model (the demo: a deterministic one) or the admin's title model (here a fake OpenAI
// server), records its tokens in the usage ledger, never replaces a rename, and a failing title
// model leaves the first-message title and the answer alone.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import {
  cleanTitle,
  forgetTitleWorkers,
  handleTitleJob,
  setTitleModel,
  startTitleWorkers,
  titleModel,
} from "@/lib/chat/titles";
import { createEndpoint } from "@/lib/endpoints/admin";
import { stopBoss } from "@/lib/jobs/boss";
import { TITLE_PROMPT } from "@/lib/providers/title-prompt";
import { makeAgent, makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { type FakeServer, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
const chatRoute = await import("@/app/api/chat/route");
const conversationRoute = await import("@/app/api/conversations/[id]/route");

const titleOf = async (id: string) =>
  (await query<{ title: string }>(`SELECT title FROM "Conversation" WHERE id = $1`, [id]))[0]?.title;
const titleUsage = (runId: string) =>
  query<{ inputTokens: number; outputTokens: number; endpointId: string; model: string; agentId: string }>(
    `SELECT "inputTokens", "outputTokens", "endpointId", model, "agentId" FROM "UsageRecord"
     WHERE "runId" = $1 AND "spanId" = 'title'`,
    [runId],
  );

describe("generated conversation titles", () => {
  let server: FakeServer;
  let user: { id: string };
  let agent: { id: string };
  beforeAll(async () => {
    server = await startFakeOpenAIServer({
      models: ["title-model"],
      script: (req) =>
        req.body.messages?.[0]?.content === TITLE_PROMPT &&
        String(req.body.messages[1].content).includes("fail")
          ? { type: "error", status: 400, message: "title model refuses" }
          : {
              text: '"Multiplying six by seven."\nSecond line',
              usage: { prompt_tokens: 30, completion_tokens: 5 },
            },
    });
  });
  afterAll(async () => {
    await stopBoss();
    await server.close();
  });
  beforeEach(async () => {
    await stopBoss();
    forgetTitleWorkers();
    // Also empties the title jobs other files' chat sends queued (no worker ran them there).
    await resetDatabase();
    user = await makeUser("Tia");
    agent = await makeAgent(user.id, "Helper");
    session.userId = user.id;
    // The answers are scripted; titles come from the real model clients (demo or fake server).
    setTestModelFactory(scriptedModelFactory({ [agent.id]: () => ({ text: "It is 42." }) }));
  });

  async function chat(text: string, conversationId?: string) {
    const res = await chatRoute.POST(post("/api/chat", { agentId: agent.id, text, conversationId }));
    expect(res.status).toBe(200);
    const meta = (await readStream(res))[0] as Extract<StreamItem, { type: "meta" }>;
    return meta;
  }

  it("the demo writes a deterministic title after the first answer, in the question's language, with its usage", async () => {
    await startTitleWorkers();
    const meta = await chat("Compute 6 * 7 for me please, quickly and well");
    await vi.waitFor(
      async () => expect(await titleOf(meta.conversationId)).toBe("Compute 6 * 7 for me (demo title)"),
      {
        timeout: 20_000,
        interval: 200,
      },
    );
    const [row] = await titleUsage(meta.runId);
    expect(row).toMatchObject({ endpointId: "builtin:demo", model: "demo-delegator", agentId: agent.id });
    expect(row.inputTokens).toBeGreaterThan(0);

    // A second answer asks for no new title.
    await query(`UPDATE "Conversation" SET title = 'Kept' WHERE id = $1`, [meta.conversationId]);
    await chat("And 7 * 8?", meta.conversationId);
    const [jobs] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'conversation-titles'`,
    );
    expect(jobs.n).toBe(1);
    expect(await titleOf(meta.conversationId)).toBe("Kept");

    const zh = await chat("我们明天去公园散步好吗？天气应该不错");
    await vi.waitFor(
      async () => expect(await titleOf(zh.conversationId)).toBe("我们明天去公园散步好吗？（演示标题）"),
      {
        timeout: 20_000,
        interval: 200,
      },
    );
  });

  it("never replaces the user's rename", async () => {
    const meta = await chat("Compute 6 * 7");
    const renamed = await conversationRoute.PATCH(
      new Request(`http://localhost/api/conversations/${meta.conversationId}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ title: "My maths" }),
      }),
      { params: Promise.resolve({ id: meta.conversationId }) },
    );
    expect(renamed.status).toBe(200);
    const job = { conversationId: meta.conversationId, runId: meta.runId, agentId: agent.id };
    expect(await handleTitleJob(job)).toBe("skipped");
    expect(await titleOf(meta.conversationId)).toBe("My maths");
    expect(await titleUsage(meta.runId)).toHaveLength(0);
  });

  it("uses the admin's title model, records its tokens, and a failing one leaves the title as it was", async () => {
    const endpoint = await createEndpoint({
      input: {
        name: "Titles",
        protocol: "openai",
        baseURL: server.url,
        apiKey: "sk-title-key-1234",
        models: ["title-model"],
        restricted: false,
        allowUserKeys: false,
        allowedUserIds: [],
      },
    });
    await setTitleModel({ endpointId: endpoint.id, model: "title-model" });
    expect(await titleModel()).toEqual({ endpointId: endpoint.id, model: "title-model" });
    const meta = await chat("Compute 6 * 7");
    expect(await titleOf(meta.conversationId)).toBe("Compute 6 * 7");
    expect(
      await handleTitleJob({ conversationId: meta.conversationId, runId: meta.runId, agentId: agent.id }),
    ).toBe("written");
    expect(await titleOf(meta.conversationId)).toBe("Multiplying six by seven");
    expect(await titleUsage(meta.runId)).toEqual([
      { inputTokens: 30, outputTokens: 5, endpointId: endpoint.id, model: "title-model", agentId: agent.id },
    ]);

    const failing = await chat("Please fail at titles");
    const [answer] = await query<{ status: string; content: string }>(
      `SELECT status, content FROM "Message" WHERE id = $1`,
      [failing.assistantMessageId],
    );
    expect(answer).toEqual({ status: "COMPLETE", content: "It is 42." });
    const job = { conversationId: failing.conversationId, runId: failing.runId, agentId: agent.id };
    await expect(handleTitleJob(job)).rejects.toThrow();
    expect(await titleOf(failing.conversationId)).toBe("Please fail at titles");
  });

  it("refuses a half-filled admin setting with a 400 and clears it with both fields empty", async () => {
    await expect(setTitleModel({ endpointId: "x", model: "" })).rejects.toMatchObject({ status: 400 });
    await expect(setTitleModel({ endpointId: "", model: "m" })).rejects.toMatchObject({ status: 400 });
    await expect(setTitleModel("nope")).rejects.toMatchObject({ status: 400 });
    await setTitleModel({ endpointId: "", model: "" });
    expect(await titleModel()).toBeNull();
  });

  it("cleans a model's reply into a short title", () => {
    expect(cleanTitle('Title: "Six times seven."')).toBe("Six times seven");
    expect(cleanTitle("<think>hmm</think>\n\n**标题：乘法计算。**")).toBe("乘法计算");
    expect(cleanTitle("   \n ")).toBeNull();
    const long = cleanTitle("word ".repeat(30)) as string;
    expect([...long].length).toBeLessThanOrEqual(60);
    expect(long.endsWith("…")).toBe(true);
  });
});
