import { beforeEach, describe, expect, it, vi } from "vitest";
import { query, resetDatabase } from "../helpers/reset-db";
import { agentTablesState, draft, makeUser, withChildren } from "./agents-helpers";

// The test decides who is signed in (see admin-guard.test.ts).
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));

const list = await import("@/app/api/agents/route");
const one = await import("@/app/api/agents/[id]/route");
const actions = await import("@/app/(app)/agents/actions");

const json = (body: unknown) =>
  new Request("http://test/api/agents", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

describe("/api/agents and the builder's server actions", () => {
  let ann: string;
  let bob: string;
  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("ann@example.com");
    bob = await makeUser("bob@example.com");
  });

  it("answers anonymous callers with 401 and writes nothing", async () => {
    session.userId = null;
    const before = await agentTablesState();
    const res = await list.POST(json(draft("A")));
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("unauthorized");
    const saved = await actions.saveAgentAction({ draft: draft("A") });
    expect(saved).toMatchObject({ ok: false, error: { code: "unauthorized" } });
    expect(await agentTablesState()).toEqual(before);
  });

  it("creates, reads, updates and deletes over JSON with typed statuses", async () => {
    session.userId = ann;
    const created = await list.POST(json(draft("A", { description: "first" })));
    expect(created.status).toBe(201);
    const { agent } = await created.json();
    expect(agent).toMatchObject({ version: 1, isOwner: true, draft: { name: "A", description: "first" } });

    const put = await one.PUT(
      new Request("http://test", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(draft("A2")),
      }),
      ctx(agent.id),
    );
    expect((await put.json()).agent.version).toBe(2);

    const bad = await list.POST(json(withChildren("B", ["nope"])));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      code: "bad_request:subagent_not_found",
      fields: { subagents: expect.any(String) },
    });

    const notJson = await list.POST(json("{"));
    expect(notJson.status).toBe(400);

    session.userId = bob;
    expect((await one.GET(new Request("http://test"), ctx(agent.id))).status).toBe(404);
    expect((await one.DELETE(new Request("http://test"), ctx(agent.id))).status).toBe(404);
    expect((await (await list.GET(new Request("http://test/api/agents"))).json()).mine).toEqual([]);

    session.userId = ann;
    const del = await one.DELETE(new Request("http://test"), ctx(agent.id));
    expect(await del.json()).toEqual({ removedFrom: [], others: 0 });
    expect(await query(`SELECT id FROM "Agent"`)).toEqual([]);
  });

  it("server actions save, preview unsaved state, and refuse another user's agent", async () => {
    session.userId = ann;
    const b = await actions.saveAgentAction({ draft: draft("B") });
    if (!b.ok) throw new Error(b.error.message);
    const preview = await actions.previewAgentAction({ draft: withChildren("Unsaved", [b.data.id]) });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.data.preview.nodes.map((n) => `${n.kind}:${n.name}:${n.depth}`)).toEqual([
      "self:Unsaved:1",
      "agent:B:1",
    ]);

    session.userId = bob;
    const before = await agentTablesState();
    expect(await actions.saveAgentAction({ id: b.data.id, draft: draft("Mine now") })).toMatchObject({
      ok: false,
      error: { code: "not_found:agent" },
    });
    expect(await actions.deleteAgentAction({ id: b.data.id })).toMatchObject({
      ok: false,
      error: { code: "not_found:agent" },
    });
    expect(await actions.restoreVersionAction({ id: b.data.id, version: 1 })).toMatchObject({ ok: false });
    expect(await actions.previewAgentAction({ id: b.data.id, draft: draft("x") })).toMatchObject({
      ok: false,
    });
    expect(await agentTablesState()).toEqual(before);
  });
});
