import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "@/lib/agents";
import { createAgent } from "@/lib/builder/agents";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { createEndpoint } from "@/lib/endpoints/admin";
import { setUserEndpointKey } from "@/lib/endpoints/personal-keys";
import { makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { type FakeServer, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { query, resetDatabase } from "../helpers/reset-db";

// The chat route end to end against an admin-added OpenAI-compatible endpoint: the real provider
// client talks to a local server that speaks OpenAI's wire protocol.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");

const KEY = "sk-fake-endpoint-key-9876";
const ANSWER = "Hello from the fake endpoint, streamed word by word.";

describe("chat with an admin-added endpoint", () => {
  let server: FakeServer;
  let owner: { id: string };
  beforeAll(async () => {
    server = await startFakeOpenAIServer({
      apiKey: KEY,
      models: ["fake-model"],
      script: [{ text: ANSWER, usage: { prompt_tokens: 21, completion_tokens: 9 } }],
    });
  });
  afterAll(async () => server.close());
  beforeEach(async () => {
    await resetDatabase();
    setTestModelFactory(undefined);
    owner = await makeUser("Owner");
    session.userId = owner.id;
  });

  async function chatWith(apiKey: string, extra: { allowUserKeys?: boolean } = {}) {
    const endpoint = await createEndpoint({
      input: {
        name: "Fake Local",
        protocol: "openai",
        baseURL: server.url,
        apiKey,
        models: ["fake-model"],
        restricted: false,
        allowUserKeys: extra.allowUserKeys ?? false,
        allowedUserIds: [],
      },
    });
    const agent = await createAgent({
      userId: owner.id,
      input: { name: "Fake agent", provider: endpoint.id, model: "fake-model" },
    });
    return { endpoint, agent };
  }

  async function send(agentId: string) {
    const res = await chatRoute.POST(post("/api/chat", { agentId, text: "Say hello" }));
    expect(res.status).toBe(200);
    const items = await readStream(res);
    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    const events = items.filter((i): i is RunEvent => i.type !== "meta");
    const [message] = await query<{
      status: string;
      content: string;
      error: { code: string; message: string } | null;
      usage: Record<string, number> | null;
    }>(`SELECT status, content, error, usage FROM "Message" WHERE id = $1`, [meta.assistantMessageId]);
    return { events, message };
  }

  it("streams the endpoint's answer and records its usage", async () => {
    const { agent } = await chatWith(KEY);
    const { events, message } = await send(agent.id);
    const deltas = events.flatMap((e) => (e.type === "text_delta" ? [e.text] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(ANSWER);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    expect(message).toMatchObject({ status: "COMPLETE", content: ANSWER, error: null });
    expect(message.usage).toMatchObject({ inputTokens: 21, outputTokens: 9 });

    const ledger = await query<{ inputTokens: number; outputTokens: number; agentId: string }>(
      `SELECT "inputTokens", "outputTokens", "agentId" FROM "UsageRecord" WHERE "userId" = $1`,
      [owner.id],
    );
    expect(ledger).toEqual([{ inputTokens: 21, outputTokens: 9, agentId: agent.id }]);

    // The real client sent the stored key and asked for streamed usage.
    const call = server.requests.findLast((r) => r.path === "/v1/chat/completions");
    expect(call?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call?.body).toMatchObject({ model: "fake-model", stream: true });
  });

  it("stores provider:auth with a clear message when the endpoint rejects the key", async () => {
    const { agent } = await chatWith("sk-wrong-key-0000");
    const { events, message } = await send(agent.id);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "failed" });
    expect(message.status).toBe("FAILED");
    expect(message.error?.code).toBe("provider:auth");
    expect(message.error?.message).toMatch(/^The endpoint Fake Local rejected the API key/);
    expect(JSON.stringify(message)).not.toContain("sk-wrong-key");
  });

  it("uses the user's personal key instead of a wrong shared one", async () => {
    const { endpoint, agent } = await chatWith("sk-wrong-key-0000", { allowUserKeys: true });
    await setUserEndpointKey({ userId: owner.id, endpointId: endpoint.id, apiKey: KEY });
    const { message } = await send(agent.id);
    expect(message).toMatchObject({ status: "COMPLETE", content: ANSWER });
  });
});
