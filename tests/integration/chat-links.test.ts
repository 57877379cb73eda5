// The chat route with the links an agent has besides its own subagents: handoff targets that are
// not subagents, and children the chatting user may not view (only their owner may).
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "@/lib/agents";
import { type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { delegating, makeAgent, makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");

const events = (items: StreamItem[]) => items.filter((i): i is RunEvent => i.type !== "meta");
const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");
const transferTo = (id: string) => `transfer_to_${id.replace(/[^a-zA-Z0-9_-]/g, "_")}`.slice(0, 64);

describe("POST /api/chat with handoff edges", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("runs an agent whose handoff target is not one of its subagents, and the target answers", async () => {
    const owner = await makeUser("Owner");
    session.userId = owner.id;
    const billing = await makeAgent(owner.id, "Billing");
    const front = await makeAgent(owner.id, "Front desk", {
      handoffs: [{ to: billing.id, description: "Questions about invoices" }],
    });
    const factory = scriptedModelFactory({
      [front.id]: (ctx) =>
        ctx.toolNames.includes(transferTo(billing.id))
          ? { toolCalls: [{ name: transferTo(billing.id), args: {} }] }
          : { text: "no handoff tool was offered" },
      [billing.id]: [{ text: "Billing here: your invoice is paid." }],
    });
    setTestModelFactory(factory);

    const res = await chatRoute.POST(post("/api/chat", { agentId: front.id, text: "my invoice?" }));
    expect(res.status).toBe(200);
    const items = await readStream(res);
    const evs = events(items);
    expect(evs.find((e) => e.type === "handoff")).toMatchObject({
      fromAgentId: front.id,
      toAgentId: billing.id,
    });
    expect(evs.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    const [stored] = await query<{ status: string; content: string }>(
      `SELECT status, content FROM "Message" WHERE id = $1`,
      [meta.assistantMessageId],
    );
    expect(stored).toEqual({ status: "COMPLETE", content: "Billing here: your invoice is paid." });
  });
});

describe("POST /api/chat with a child the chatting user may not view", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("never runs the owner's private child for another user of the public parent", async () => {
    const ann = await makeUser("Ann");
    const bob = await makeUser("Bob");
    const secret = await makeAgent(ann.id, "Secret notes");
    const helper = await makeAgent(ann.id, "Helper", { visibility: "public" });
    const lead = await makeAgent(ann.id, "Public lead", {
      visibility: "public",
      ...delegating([secret.id, helper.id]),
    });
    const factory = scriptedModelFactory({
      [lead.id]: (ctx) =>
        hasToolResult(ctx)
          ? { text: "done" }
          : {
              toolCalls: [
                { name: "subagent", args: { subagent_type: secret.id, description: "read the notes" } },
                { name: "subagent", args: { subagent_type: helper.id, description: "help" } },
              ],
            },
      [secret.id]: [{ text: "the secret notes" }],
      [helper.id]: [{ text: "helped" }],
    });
    setTestModelFactory(factory);

    session.userId = bob.id;
    const res = await chatRoute.POST(post("/api/chat", { agentId: lead.id, text: "go" }));
    expect(res.status).toBe(200);
    const evs = events(await readStream(res));
    expect(evs.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const started = evs.filter((e) => e.type === "subagent_start").map((e) => e.agentId);
    expect(started).toEqual([helper.id]);
    expect(factory.models.get(secret.id)).toBeUndefined();
    expect(JSON.stringify(evs)).not.toContain("the secret notes");

    // Its owner still gets both children.
    session.userId = ann.id;
    const own = events(
      await readStream(await chatRoute.POST(post("/api/chat", { agentId: lead.id, text: "go" }))),
    );
    expect(
      own
        .filter((e) => e.type === "subagent_start")
        .map((e) => e.agentId)
        .sort(),
    ).toEqual([secret.id, helper.id].sort());
  });
});
