import { PrismaPg } from "@prisma/adapter-pg";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PrismaClient } from "@/lib/db/generated/client";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "@/lib/providers";
import { makeAgent, makeUser } from "../helpers/chat-fixtures";
import { resetDatabase } from "../helpers/reset-db";
import { rowCounts } from "../helpers/row-counts";

// Bad input never gives a 500: text PostgreSQL can't store, other content types, other origins,
// oversized bodies, a database that is down. Route handlers and actions are called directly.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
// Server actions translate their notices: the English catalog unless a test picks zh-CN.
vi.mock("next-intl/server", () => import("../helpers/intl-server"));

const chatRoute = await import("@/app/api/chat/route");
const agentsRoute = await import("@/app/api/agents/route");
const agentRoute = await import("@/app/api/agents/[id]/route");
const conversationsRoute = await import("@/app/api/conversations/route");
const conversationRoute = await import("@/app/api/conversations/[id]/route");
const settingsRoute = await import("@/app/api/admin/settings/route");
const agentActions = await import("@/app/(app)/agents/actions");
const keyActions = await import("@/app/(app)/settings/actions");

const JSON_HEADERS = { "Content-Type": "application/json" };
const ctx = <P>(params: P) => ({ params: Promise.resolve(params) });
const get = (path: string) => new Request(`http://app.test${path}`);
const send = (
  path: string,
  body: unknown,
  { method = "POST", headers = JSON_HEADERS as Record<string, string> } = {},
) =>
  new Request(`http://app.test${path}`, {
    method,
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function codeOf(res: Response): Promise<[number, string]> {
  return [res.status, (await res.json()).code];
}

describe("bad input never gives a 500", () => {
  let admin: { id: string };
  let ann: { id: string };
  let agent: { id: string };
  beforeEach(async () => {
    await resetDatabase();
    admin = await makeUser("Admin");
    ann = await makeUser("Ann");
    agent = await makeAgent(ann.id, "Helper");
    session.userId = ann.id;
  });

  it("refuses NUL characters and unpaired surrogates in search parameters, ids and bodies with 400", async () => {
    const before = await rowCounts();
    const bad = "bad_request:text";
    expect(await codeOf(await conversationsRoute.GET(get("/api/conversations?q=%00")))).toEqual([400, bad]);
    expect(await codeOf(await agentsRoute.GET(get("/api/agents?search=a%00b")))).toEqual([400, bad]);
    expect(await codeOf(await agentRoute.GET(get("/api/agents/%00"), ctx({ id: "\u0000" })))).toEqual([
      400,
      bad,
    ]);
    expect(
      await codeOf(await conversationRoute.GET(get("/api/conversations/x"), ctx({ id: "\ud800" }))),
    ).toEqual([400, bad]);
    for (const body of [
      { agentId: agent.id, text: "hello\u0000" },
      { agentId: agent.id, text: "half an emoji \ud83d" },
      { agentId: "\u0000", text: "hi" },
    ]) {
      expect(await codeOf(await chatRoute.POST(send("/api/chat", body)))).toEqual([400, bad]);
    }
    // JSON escapes arrive as the same characters.
    expect(
      await codeOf(await chatRoute.POST(send("/api/chat", `{"agentId":"${agent.id}","text":"a\\u0000b"}`))),
    ).toEqual([400, bad]);
    expect(
      await codeOf(
        await agentsRoute.POST(send("/api/agents", { name: "N\u0000", provider: "x", model: "y" })),
      ),
    ).toEqual([400, bad]);
    expect(
      await codeOf(
        await agentRoute.PUT(
          send(
            `/api/agents/${agent.id}`,
            { name: "Helper", description: "lone \udc00 low" },
            { method: "PUT" },
          ),
          ctx({ id: agent.id }),
        ),
      ),
    ).toEqual([400, bad]);
    expect(await codeOf(await agentsRoute.POST(send("/api/agents", { "\u0000": 1 })))).toEqual([400, bad]);
    expect(
      await codeOf(await agentsRoute.POST(send("/api/agents", "[".repeat(5000) + "]".repeat(5000)))),
    ).toEqual([400, "bad_request:nesting"]);
    session.userId = admin.id;
    expect(
      await codeOf(
        await settingsRoute.PUT(
          send("/api/admin/settings", { maxSubagentDepth: "\u0000" }, { method: "PUT" }),
        ),
      ),
    ).toEqual([400, bad]);
    // Server actions: the same check, as a failed result.
    session.userId = ann.id;
    expect(
      await agentActions.saveAgentAction({ draft: { name: "A\u0000", provider: "x", model: "y" } }),
    ).toMatchObject({ ok: false, error: { code: bad } });
    expect(await agentActions.deleteAgentAction({ id: "\ud800" })).toMatchObject({
      ok: false,
      error: { code: bad },
    });
    expect(await rowCounts()).toEqual(before);
  });

  it("accepts well-formed text, emoji (surrogate pairs) included", async () => {
    const res = await agentsRoute.POST(
      send("/api/agents", { name: "Émoji 😀 ok", provider: DEMO_ENDPOINT_ID, model: DEMO_MODEL_ID }),
    );
    expect(res.status).toBe(201);
    expect((await res.json()).agent.draft.name).toBe("Émoji 😀 ok");
    const list = await conversationsRoute.GET(get(`/api/conversations?q=${encodeURIComponent("😀")}`));
    expect(list.status).toBe(200);
  });

  it("requires application/json (415), the app's own origin (403) and at most 1 MB (413) on JSON routes", async () => {
    const before = await rowCounts();
    const body = { agentId: agent.id, text: "hi" };
    // A cross-site form can post text/plain without a preflight: refused before anything runs.
    const plain = send("/api/chat", body, { headers: { "Content-Type": "text/plain" } });
    expect(await codeOf(await chatRoute.POST(plain))).toEqual([415, "unsupported_media_type"]);
    const none = new Request("http://app.test/api/agents", {
      method: "POST",
      body: JSON.stringify({ name: "A" }),
    });
    expect((await agentsRoute.POST(none)).status).toBe(415);

    const foreign = { ...JSON_HEADERS, Host: "app.test", Origin: "https://evil.test" };
    expect(await codeOf(await chatRoute.POST(send("/api/chat", body, { headers: foreign })))).toEqual([
      403,
      "forbidden:origin",
    ]);
    expect((await agentsRoute.POST(send("/api/agents", { name: "A" }, { headers: foreign }))).status).toBe(
      403,
    );
    const crossSite = { ...JSON_HEADERS, "Sec-Fetch-Site": "cross-site" };
    expect((await agentsRoute.POST(send("/api/agents", { name: "A" }, { headers: crossSite }))).status).toBe(
      403,
    );
    const nullOrigin = { ...JSON_HEADERS, Host: "app.test", Origin: "null" };
    expect((await agentsRoute.POST(send("/api/agents", { name: "A" }, { headers: nullOrigin }))).status).toBe(
      403,
    );
    expect(
      (
        await conversationRoute.DELETE(
          new Request("http://app.test/x", { method: "DELETE", headers: foreign }),
          ctx({ id: "c" }),
        )
      ).status,
    ).toBe(403);
    session.userId = admin.id;
    expect(
      (
        await settingsRoute.PUT(
          send("/api/admin/settings", { maxSubagentDepth: 1 }, { method: "PUT", headers: foreign }),
        )
      ).status,
    ).toBe(403);

    session.userId = ann.id;
    const huge = { name: "A", description: "x".repeat(1024 * 1024) };
    expect(await codeOf(await agentsRoute.POST(send("/api/agents", huge)))).toEqual([
      413,
      "payload_too_large",
    ]);
    expect(await rowCounts()).toEqual(before);

    // The app's own origin (and scripts that send no Origin) are served.
    const own = {
      ...JSON_HEADERS,
      Host: "app.test",
      Origin: "http://app.test",
      "Sec-Fetch-Site": "same-origin",
    };
    const created = await agentsRoute.POST(
      send(
        "/api/agents",
        { name: "Mine", provider: DEMO_ENDPOINT_ID, model: DEMO_MODEL_ID },
        { headers: own },
      ),
    );
    expect(created.status).toBe(201);
    expect(created.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers 503 with a request id when the database is down, in routes and in actions", async () => {
    const g = globalThis as unknown as { prisma?: PrismaClient };
    const real = g.prisma;
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    g.prisma = new PrismaClient({
      adapter: new PrismaPg({ connectionString: "postgresql://postgres@127.0.0.1:1/postgres" }),
    });
    try {
      const res = await agentsRoute.GET(get("/api/agents"));
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body).toMatchObject({
        code: "unavailable:database",
        message: expect.stringMatching(/database/),
      });
      expect(body.requestId).toBe(res.headers.get("X-Request-Id"));
      const chat = await chatRoute.POST(send("/api/chat", { agentId: agent.id, text: "hi" }));
      expect(await codeOf(chat)).toEqual([503, "unavailable:database"]);
      expect(await agentActions.agentParentsAction({ id: agent.id })).toMatchObject({
        ok: false,
        error: { code: "unavailable:database" },
      });
      // Logged once per request, with its id.
      const lines = log.mock.calls.map((c) => String(c[0]));
      expect(lines.filter((l) => l.includes(body.requestId))).toHaveLength(1);
      expect(lines).toHaveLength(3);
    } finally {
      await g.prisma?.$disconnect();
      g.prisma = real;
      log.mockRestore();
    }
  });

  it("answers unauthenticated and malformed calls to the personal-key actions with an error", async () => {
    session.userId = null;
    expect(await keyActions.saveMyKeyAction({ endpointId: "x", apiKey: "sk-abc" })).toMatchObject({
      ok: false,
      error: { code: "unauthorized" },
    });
    expect(await keyActions.removeMyKeyAction({ endpointId: "x" })).toMatchObject({
      ok: false,
      error: { code: "unauthorized" },
    });
    session.userId = ann.id;
    for (const raw of [null, "x", 7, [], { endpointId: ["a"] }, { endpointId: "a", apiKey: "k\u0000" }]) {
      const r = await keyActions.saveMyKeyAction(raw);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toMatch(/^bad_request/);
    }
  });

  it("tells nobody about another user's private agent through agentParentsAction", async () => {
    const bob = await makeUser("Bob");
    const secret = await makeAgent(bob.id, "Secret child");
    await makeAgent(bob.id, "Secret parent", {
      subagents: {
        enabled: true,
        allowSelf: false,
        selfMode: "isolated",
        children: [{ id: secret.id, mode: "isolated" }],
      },
    });
    const hidden = await agentActions.agentParentsAction({ id: secret.id });
    const missing = await agentActions.agentParentsAction({ id: "no-such-agent" });
    expect(hidden).toEqual(missing);
    expect(hidden).toMatchObject({ ok: false, error: { code: "not_found:agent" } });
    session.userId = bob.id;
    expect(await agentActions.agentParentsAction({ id: secret.id })).toMatchObject({
      ok: true,
      data: { parents: [{ name: "Secret parent" }], others: 0 },
    });
  });

  it("answers someone else's conversation exactly like a missing one", async () => {
    const bob = await makeUser("Bob");
    const [row] = await (await import("../helpers/reset-db")).query<{ id: string }>(
      `INSERT INTO "Conversation" (id, "userId", "agentId", title, "createdAt", "updatedAt") VALUES ('conv-bob', $1, $2, 'Bob''s', now(), now()) RETURNING id`,
      [bob.id, agent.id],
    );
    const theirs = await conversationRoute.GET(get(`/api/conversations/${row.id}`), ctx({ id: row.id }));
    const missing = await conversationRoute.GET(get("/api/conversations/nope"), ctx({ id: "nope" }));
    const strip = async (r: Response) => ({ status: r.status, ...(await r.json()), requestId: undefined });
    expect(await strip(theirs)).toEqual(await strip(missing));
    expect(theirs.status).toBe(404);
  });
});
