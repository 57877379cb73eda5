import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createAgent } from "@/lib/builder/agents";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { createEndpoint } from "@/lib/endpoints/admin";
import { setUserEndpointKey } from "@/lib/endpoints/personal-keys";
import { makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { type FakeServer, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { query, resetDatabase } from "../helpers/reset-db";

// Issue 11 item 2: an endpoint whose error body echoes the request's credentials must not put
// them in the chat stream, the stored message or the logs. Redaction is by value, so these
// secrets are chosen to look like nothing a pattern would catch.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");

const SHARED_KEY = "team7proxy.credential.x9";
const PERSONAL_KEY = "mine.personal.k3y";
const HEADER_VALUE = "hdr.secret/value 42";

describe("provider secrets in upstream error text", () => {
  let server: FakeServer;
  let owner: { id: string };
  let logs: string[];
  beforeAll(async () => {
    // A 401 that echoes whatever credentials the request carried (as some proxies do).
    server = await startFakeOpenAIServer({
      models: ["fake-model"],
      script: (r) => ({
        type: "error",
        status: 401,
        message: `Invalid credentials: ${r.headers.authorization} with x-team-token=${r.headers["x-team-token"]} (${encodeURIComponent(String(r.headers["x-team-token"]))})`,
      }),
    });
  });
  afterAll(async () => server.close());
  beforeEach(async () => {
    await resetDatabase();
    setTestModelFactory(undefined);
    owner = await makeUser("Owner");
    session.userId = owner.id;
    logs = [];
    for (const level of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logs.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      });
    }
  });
  afterEach(() => vi.restoreAllMocks());

  async function chat(allowUserKeys: boolean) {
    const endpoint = await createEndpoint({
      input: {
        name: "Echoing proxy",
        protocol: "openai",
        baseURL: server.url,
        apiKey: SHARED_KEY,
        headers: { "X-Team-Token": HEADER_VALUE },
        models: ["fake-model"],
        restricted: false,
        allowUserKeys,
        allowedUserIds: [],
      },
    });
    const agent = await createAgent({
      userId: owner.id,
      input: { name: "Proxy agent", provider: endpoint.id, model: "fake-model" },
    });
    return { endpoint, agent };
  }

  async function send(agentId: string) {
    const res = await chatRoute.POST(post("/api/chat", { agentId, text: "Hello" }));
    const raw = await res.clone().text();
    const items = await readStream(res);
    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    const rows = await query<Record<string, unknown>>(
      `SELECT content, error, parts, status FROM "Message" WHERE id = $1`,
      [meta.assistantMessageId],
    );
    return { raw, items, row: rows[0] };
  }

  function expectClean(text: string, secrets: string[]) {
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    }
  }

  it("keeps the shared key and header values out of the stream, the message row and the logs", async () => {
    const { agent } = await chat(false);
    const { raw, items, row } = await send(agent.id);

    // The upstream really did echo them: the request carried both.
    const call = server.requests.findLast((r) => r.path === "/v1/chat/completions");
    expect(call?.headers.authorization).toBe(`Bearer ${SHARED_KEY}`);
    expect(call?.headers["x-team-token"]).toBe(HEADER_VALUE);

    expect(items.at(-1)).toMatchObject({ type: "run_end", status: "failed" });
    expect(row.status).toBe("FAILED");
    expect((row.error as { code: string }).code).toBe("provider:auth");
    expect((row.error as { message: string }).message).toContain("[redacted]");
    expectClean(raw, [SHARED_KEY, HEADER_VALUE]);
    expectClean(JSON.stringify(row), [SHARED_KEY, HEADER_VALUE]);
    expect(logs.length).toBeGreaterThan(0);
    expectClean(logs.join("\n"), [SHARED_KEY, HEADER_VALUE]);
  });

  it("keeps a personal key out of them too", async () => {
    const { endpoint, agent } = await chat(true);
    await setUserEndpointKey({ userId: owner.id, endpointId: endpoint.id, apiKey: PERSONAL_KEY });
    const { raw, row } = await send(agent.id);
    const call = server.requests.findLast((r) => r.path === "/v1/chat/completions");
    expect(call?.headers.authorization).toBe(`Bearer ${PERSONAL_KEY}`);
    expectClean(raw, [PERSONAL_KEY, HEADER_VALUE]);
    expectClean(JSON.stringify(row), [PERSONAL_KEY, HEADER_VALUE]);
    expectClean(logs.join("\n"), [PERSONAL_KEY, HEADER_VALUE]);
  });
});
