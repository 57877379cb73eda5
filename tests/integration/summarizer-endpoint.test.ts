import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "@/lib/agents";
import { SUMMARY_PROMPT } from "@/lib/agents/graph/summarize";
import { createAgent } from "@/lib/builder/agents";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { createEndpoint } from "@/lib/endpoints/admin";
import { makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { type FakeServer, type RecordedRequest, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { query, resetDatabase } from "../helpers/reset-db";

// Issue 10 bug 1: an agent on endpoint A that summarizes with endpoint B must send the summary
// request to B (the builder stores B's id), never silently to A.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");

const isSummaryRequest = (r: RecordedRequest) =>
  r.path === "/v1/chat/completions" &&
  JSON.stringify(r.body?.messages ?? []).includes(SUMMARY_PROMPT.slice(0, 40));

describe("summarizer endpoint", () => {
  let a: FakeServer;
  let b: FakeServer;
  let owner: { id: string };
  beforeAll(async () => {
    a = await startFakeOpenAIServer({ apiKey: "sk-endpoint-a-1111", models: ["model-a"] });
    b = await startFakeOpenAIServer({
      apiKey: "sk-endpoint-b-2222",
      models: ["model-b"],
      script: [{ text: "SUMMARY FROM B" }],
    });
  });
  afterAll(async () => Promise.all([a.close(), b.close()]));
  beforeEach(async () => {
    await resetDatabase();
    setTestModelFactory(undefined);
    a.requests.length = 0;
    b.requests.length = 0;
    owner = await makeUser("Owner");
    session.userId = owner.id;
  });

  async function endpoint(name: string, server: FakeServer, apiKey: string, model: string) {
    return createEndpoint({
      input: {
        name,
        protocol: "openai",
        baseURL: server.url,
        apiKey,
        models: [model],
        restricted: false,
        allowUserKeys: false,
        allowedUserIds: [],
      },
    });
  }

  async function send(body: Record<string, unknown>) {
    const res = await chatRoute.POST(post("/api/chat", body));
    expect(res.status).toBe(200);
    const items = await readStream(res);
    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    return { meta, events: items.filter((i): i is RunEvent => i.type !== "meta") };
  }

  it("sends the summary request to the summarizer's endpoint, the chat to the agent's", async () => {
    const epA = await endpoint("Endpoint A", a, "sk-endpoint-a-1111", "model-a");
    const epB = await endpoint("Endpoint B", b, "sk-endpoint-b-2222", "model-b");
    const agent = await createAgent({
      userId: owner.id,
      input: {
        name: "Summarizing agent",
        provider: epA.id,
        model: "model-a",
        summarization: { provider: epB.id, model: "model-b", trigger: { type: "messages", value: 2 } },
      },
    });

    const first = await send({ agentId: agent.id, text: "First question" });
    expect(first.events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const second = await send({
      agentId: agent.id,
      conversationId: first.meta.conversationId,
      text: "Second question",
    });
    expect(second.events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(second.events.find((e) => e.type === "summary")).toMatchObject({ text: "SUMMARY FROM B" });

    expect(a.requests.some(isSummaryRequest)).toBe(false);
    const summaryCalls = b.requests.filter(isSummaryRequest);
    expect(summaryCalls).toHaveLength(1);
    expect(summaryCalls[0].headers.authorization).toBe("Bearer sk-endpoint-b-2222");
    expect(summaryCalls[0].body.model).toBe("model-b");
    // Every chat turn stayed on A.
    expect(b.requests.filter((r) => !isSummaryRequest(r))).toHaveLength(0);
    expect(a.requests.filter((r) => r.path === "/v1/chat/completions")).toHaveLength(2);
  });

  it("refuses with a clear sentence when the summarizer's endpoint is gone", async () => {
    const epA = await endpoint("Endpoint A", a, "sk-endpoint-a-1111", "model-a");
    const epB = await endpoint("Endpoint B", b, "sk-endpoint-b-2222", "model-b");
    const agent = await createAgent({
      userId: owner.id,
      input: {
        name: "Summarizing agent",
        provider: epA.id,
        model: "model-a",
        summarization: { provider: epB.id, model: "model-b", trigger: { type: "messages", value: 2 } },
      },
    });
    await query(`DELETE FROM "Endpoint" WHERE id = $1`, [epB.id]);

    const res = await chatRoute.POST(post("/api/chat", { agentId: agent.id, text: "Hello" }));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { code?: string; message?: string };
    expect(body.code).toBe("not_found:endpoint");
    expect(body.message).toMatch(/summarizes long conversations with an endpoint you cannot use/);
    expect(a.requests.filter((r) => r.path === "/v1/chat/completions")).toHaveLength(0);
    const rows = await query(`SELECT id FROM "Message"`);
    expect(rows).toHaveLength(0);
  });
});
