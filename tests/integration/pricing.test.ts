import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "@/lib/agents";
import { createAgent } from "@/lib/builder/agents";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { conversationCost, createPrice } from "@/lib/db/prices";
import { createEndpoint } from "@/lib/endpoints/admin";
import { makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { type FakeServer, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { query, resetDatabase } from "../helpers/reset-db";

// Cost accounting end to end: the chat route against a local OpenAI-wire server that reports
// cached and reasoning tokens; each call's ledger row carries the cost at the price in force.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");

const usage = {
  prompt_tokens: 1000,
  completion_tokens: 300,
  prompt_tokens_details: { cached_tokens: 400 },
  completion_tokens_details: { reasoning_tokens: 100 },
};
const price = (input: number, effectiveFrom = new Date(Date.now() - 60_000)) => ({
  endpointId: null,
  model: "fake-*",
  inputPerMTok: input,
  cachedInputPerMTok: 0.5,
  outputPerMTok: 8,
  reasoningPerMTok: 10,
  effectiveFrom,
});
// 600 × input + 400 × 0.5 + 200 × 8 + 100 × 10, per million
const costAt = (input: number) => (600 * input + 200 + 1600 + 1000) / 1_000_000;

describe("cost of model calls", () => {
  let server: FakeServer;
  let owner: { id: string };
  let agentId: string;
  let endpointId: string;
  beforeAll(async () => {
    server = await startFakeOpenAIServer({ models: ["fake-model"], script: [{ text: "Done.", usage }] });
  });
  afterAll(async () => server.close());
  beforeEach(async () => {
    await resetDatabase();
    setTestModelFactory(undefined);
    owner = await makeUser("Owner");
    session.userId = owner.id;
    const endpoint = await createEndpoint({
      input: {
        name: "Fake Local",
        protocol: "openai",
        baseURL: server.url,
        apiKey: "sk-x",
        models: ["fake-model"],
        restricted: false,
        allowUserKeys: false,
        allowedUserIds: [],
      },
    });
    endpointId = endpoint.id;
    agentId = (
      await createAgent({
        userId: owner.id,
        input: { name: "A", provider: endpoint.id, model: "fake-model" },
      })
    ).id;
  });

  async function send(conversationId?: string) {
    const res = await chatRoute.POST(
      post("/api/chat", { agentId, text: "Go", ...(conversationId ? { conversationId } : {}) }),
    );
    expect(res.status).toBe(200);
    const items = await readStream(res);
    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    return { meta, events: items.filter((i): i is RunEvent => i.type !== "meta") };
  }
  const ledger = () =>
    query<{
      model: string;
      endpointId: string;
      cachedInputTokens: number;
      reasoningTokens: number;
      cost: number | null;
    }>(
      `SELECT model, "endpointId", "cachedInputTokens", "reasoningTokens", cost FROM "UsageRecord" ORDER BY "createdAt"`,
    );

  it("stores each call's model, endpoint, token details and cost at the price in force", async () => {
    await createPrice(price(2));
    // A price that starts tomorrow does not apply yet.
    await createPrice(price(99, new Date(Date.now() + 86_400_000)));
    const { events, meta } = await send();
    const rows = await ledger();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      model: "fake-model",
      endpointId,
      cachedInputTokens: 400,
      reasoningTokens: 100,
    });
    expect(rows[0].cost).toBeCloseTo(costAt(2), 12);
    const end = events.find((e) => e.type === "run_end");
    expect(end?.type === "run_end" && end.usage.cost).toBeCloseTo(costAt(2), 12);
    expect(await conversationCost(meta.conversationId)).toBeCloseTo(costAt(2), 12);
  });

  it("keeps past calls at the price they were charged when a new price takes effect", async () => {
    await createPrice(price(2, new Date(Date.now() - 120_000)));
    const first = await send();
    await createPrice(price(4));
    await send(first.meta.conversationId);
    const [a, b] = await ledger();
    expect(a.cost).toBeCloseTo(costAt(2), 12);
    expect(b.cost).toBeCloseTo(costAt(4), 12);
    expect(await conversationCost(first.meta.conversationId)).toBeCloseTo(costAt(2) + costAt(4), 12);
  });

  it("records an unknown cost (null, not 0) for a model without a price", async () => {
    const { events, meta } = await send();
    const [row] = await ledger();
    expect(row.cost).toBeNull();
    const usageEvent = events.find((e) => e.type === "usage");
    expect(usageEvent?.type === "usage" && usageEvent.cost).toBeNull();
    expect(await conversationCost(meta.conversationId)).toBeNull();
  });
});
