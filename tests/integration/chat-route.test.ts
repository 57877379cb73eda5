import { beforeEach, describe, expect, it, vi } from "vitest";
import { type RunEvent, reduceEvents } from "@/lib/agents";
import {
  type ScriptContext,
  ScriptedChatModel,
  scriptedModelFactory,
} from "@/lib/agents/testing/scripted-model";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { updateQuotaSettings } from "@/lib/quota";
import {
  delegating,
  makeAgent,
  makeUser,
  post,
  readStream,
  type StreamItem,
  splitInTwo,
} from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");
const stopRoute = await import("@/app/api/chat/runs/[runId]/stop/route");
const runRoute = await import("@/app/api/chat/runs/[runId]/route");
const conversationRoute = await import("@/app/api/conversations/[id]/route");

const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");
const events = (items: StreamItem[]) => items.filter((i): i is RunEvent => i.type !== "meta");

async function counts() {
  const [row] = await query<{ c: string; m: string; r: string }>(
    `SELECT (SELECT count(*) FROM "Conversation") AS c, (SELECT count(*) FROM "Message") AS m, (SELECT count(*) FROM "Run") AS r`,
  );
  return { conversations: Number(row.c), messages: Number(row.m), runs: Number(row.r) };
}

describe("POST /api/chat", () => {
  let owner: { id: string };
  let root: { id: string };
  let ids: Record<string, string>;

  beforeEach(async () => {
    await resetDatabase();
    owner = await makeUser("Owner");
    const grandchild = await makeAgent(owner.id, "Grandchild");
    const child1 = await makeAgent(owner.id, "Child One", delegating([grandchild.id]));
    const child2 = await makeAgent(owner.id, "Child Two");
    root = await makeAgent(owner.id, "Root", delegating([child1.id, child2.id]));
    ids = { root: root.id, child1: child1.id, child2: child2.id, grandchild: grandchild.id };
    session.userId = owner.id;
  });

  function twoLevelScripts(childDelayMs = 30) {
    return scriptedModelFactory({
      [ids.root]: splitInTwo(ids.child1, ids.child2),
      [ids.child1]: (ctx) =>
        hasToolResult(ctx)
          ? { text: "child one finished", usage: { input: 8, output: 3 } }
          : {
              toolCalls: [
                { name: "subagent", args: { subagent_type: ids.grandchild, description: "deep part" } },
              ],
              usage: { input: 6, output: 4 },
            },
      [ids.child2]: [{ text: "child two answer", delayMs: childDelayMs, usage: { input: 5, output: 3 } }],
      [ids.grandchild]: [
        { text: "grandchild answer", delayMs: childDelayMs, usage: { input: 4, output: 2 } },
      ],
    });
  }

  it("streams a two-level delegation in a valid order and stores the same tree", async () => {
    setTestModelFactory(twoLevelScripts());
    const res = await chatRoute.POST(post("/api/chat", { agentId: root.id, text: "do two things" }));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const items = await readStream(res);
    const meta = items[0];
    expect(meta.type).toBe("meta");
    const evs = events(items);
    expect(evs[0].type).toBe("run_start");
    expect(evs.at(-1)).toMatchObject({ type: "run_end", status: "completed" });

    const starts = evs.filter((e) => e.type === "subagent_start");
    expect(starts.map((s) => s.agentId).sort()).toEqual([ids.child1, ids.child2, ids.grandchild].sort());
    const startOf = (agentId: string) =>
      starts.find((s) => s.agentId === agentId) as RunEvent & { type: "subagent_start" };
    // Children hang off the root span; the grandchild off child one's span, one level deeper.
    expect(startOf(ids.child1)).toMatchObject({ parentSpanId: "root", depth: 1 });
    expect(startOf(ids.child2)).toMatchObject({ parentSpanId: "root", depth: 1 });
    expect(startOf(ids.grandchild)).toMatchObject({
      parentSpanId: startOf(ids.child1).spanId,
      depth: 2,
      ancestry: [ids.root, ids.child1],
    });

    // Every event of a subagent span lies between its start and its stop.
    for (const s of starts) {
      const first = evs.indexOf(s);
      const stop = evs.findIndex((e) => e.type === "subagent_stop" && e.spanId === s.spanId);
      expect(stop).toBeGreaterThan(first);
      const inside = evs.map((e, i) => ({ e, i })).filter(({ e }) => e.spanId === s.spanId);
      for (const { i } of inside) expect(i >= first && i <= stop).toBe(true);
    }
    // The two children ran in parallel: both started before either stopped.
    const stopIndex = (agentId: string) =>
      evs.findIndex((e) => e.type === "subagent_stop" && e.spanId === startOf(agentId).spanId);
    expect(Math.max(evs.indexOf(startOf(ids.child1)), evs.indexOf(startOf(ids.child2)))).toBeLessThan(
      Math.min(stopIndex(ids.child1), stopIndex(ids.child2)),
    );

    // The stored message reproduces the same tree, with usage and one ledger row per model call.
    const m = meta as Extract<StreamItem, { type: "meta" }>;
    const [stored] = await query<{
      parts: unknown;
      status: string;
      content: string;
      usage: Record<string, number>;
    }>(`SELECT parts, status, content, usage FROM "Message" WHERE id = $1`, [m.assistantMessageId]);
    expect(stored.status).toBe("COMPLETE");
    expect(stored.content).toBe("Both parts are done.");
    expect(stored.parts).toEqual(JSON.parse(JSON.stringify(reduceEvents(evs))));
    const usageEvents = evs.filter((e) => e.type === "usage");
    expect(stored.usage).toMatchObject({
      inputTokens: 20 + 40 + 6 + 8 + 5 + 4,
      outputTokens: 10 + 5 + 4 + 3 + 3 + 2,
      subagentInputTokens: 6 + 8 + 5 + 4,
    });
    const ledger = await query<{ depth: number; parentSpanId: string | null }>(
      `SELECT depth, "parentSpanId" FROM "UsageRecord" WHERE "userId" = $1`,
      [owner.id],
    );
    expect(ledger).toHaveLength(usageEvents.length);
    expect(ledger.filter((r) => r.depth === 2)).toHaveLength(1);
    const [run] = await query<{ status: string }>(`SELECT status FROM "Run"`);
    expect(run.status).toBe("COMPLETED");

    // A reload shows the same tree: the conversation API returns the stored message.
    const conv = await conversationRoute.GET(new Request("http://test"), {
      params: Promise.resolve({ id: m.conversationId }),
    });
    const body = (await conv.json()) as {
      messages: { id: string; parts: unknown }[];
      liveRunId: string | null;
    };
    expect(body.messages.find((x) => x.id === m.assistantMessageId)?.parts).toEqual(stored.parts);
  });

  it("Stop aborts every running subagent and keeps the partial answer as stopped", async () => {
    setTestModelFactory(twoLevelScripts(10_000));
    const res = await chatRoute.POST(post("/api/chat", { agentId: root.id, text: "do two things" }));
    let runId = "";
    let stopped = false;
    const items = await readStream(res, (item) => {
      if (item.type === "meta") runId = item.runId;
      // Once the grandchild is running (depth 2), every level is busy: stop now.
      if (item.type === "subagent_start" && item.depth === 2 && !stopped) {
        stopped = true;
        void stopRoute.POST(new Request("http://test", { method: "POST" }), {
          params: Promise.resolve({ runId }),
        });
      }
    });
    const evs = events(items);
    expect(evs.at(-1)).toMatchObject({ type: "run_end", status: "stopped" });
    const tree = reduceEvents(evs);
    const subagents = JSON.stringify(tree).match(/"type":"subagent"/g) ?? [];
    expect(subagents.length).toBe(3);
    expect(JSON.stringify(tree)).not.toContain('"status":"running"');

    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    const [stored] = await query<{
      status: string;
      parts: { status: string; content: { type: string; status?: string }[] };
    }>(`SELECT status, parts FROM "Message" WHERE id = $1`, [meta.assistantMessageId]);
    expect(stored.status).toBe("STOPPED");
    expect(stored.parts.status).toBe("stopped");
    expect(
      stored.parts.content.filter((n) => n.type === "subagent").every((n) => n.status === "stopped"),
    ).toBe(true);
    const [run] = await query<{ status: string }>(`SELECT status FROM "Run"`);
    expect(run.status).toBe("STOPPED");
  });

  it("refuses bad bodies with 400 bad_request:chat and writes nothing", async () => {
    setTestModelFactory(twoLevelScripts());
    const before = await counts();
    const bodies = [
      "not json",
      {},
      { agentId: root.id },
      { agentId: root.id, text: "   " },
      { agentId: root.id, text: "x".repeat(32_001) },
      { agentId: 42, text: "hi" },
    ];
    for (const body of bodies) {
      const res = await chatRoute.POST(post("/api/chat", body));
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe(body === "not json" ? "bad_request:json" : "bad_request:chat");
    }
    expect(await counts()).toEqual(before);
  });

  it("answers 401 without a session", async () => {
    session.userId = null;
    const res = await chatRoute.POST(post("/api/chat", { agentId: root.id, text: "hi" }));
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("unauthorized");
  });

  it("keeps other users out of a conversation: 403 with a code, nothing written", async () => {
    setTestModelFactory(twoLevelScripts());
    const first = await readStream(
      await chatRoute.POST(post("/api/chat", { agentId: root.id, text: "mine" })),
    );
    const meta = first[0] as Extract<StreamItem, { type: "meta" }>;
    const intruder = await makeUser("Intruder");
    const theirAgent = await makeAgent(intruder.id, "Theirs");
    session.userId = intruder.id;
    const before = await counts();

    const read = await conversationRoute.GET(new Request("http://test"), {
      params: Promise.resolve({ id: meta.conversationId }),
    });
    // Someone else's conversation and run answer exactly as missing ones.
    expect(read.status).toBe(404);
    expect((await read.json()).code).toBe("not_found:conversation");

    const write = await chatRoute.POST(
      post("/api/chat", { conversationId: meta.conversationId, agentId: theirAgent.id, text: "let me in" }),
    );
    expect(write.status).toBe(404);
    expect((await write.json()).code).toBe("not_found:conversation");

    const rename = await conversationRoute.PATCH(post("/api/conversations/x", { title: "pwned" }), {
      params: Promise.resolve({ id: meta.conversationId }),
    });
    expect(rename.status).toBe(404);
    const stop = await stopRoute.POST(new Request("http://test", { method: "POST" }), {
      params: Promise.resolve({ runId: meta.runId }),
    });
    expect(stop.status).toBe(404);
    expect((await stop.json()).code).toBe("not_found:run");
    const follow = await runRoute.GET(new Request("http://test"), {
      params: Promise.resolve({ runId: meta.runId }),
    });
    expect(follow.status).toBe(404);

    const del = await conversationRoute.DELETE(new Request("http://test"), {
      params: Promise.resolve({ id: meta.conversationId }),
    });
    expect(del.status).toBe(404);

    // Nor can they chat with the owner's private agent.
    const useAgent = await chatRoute.POST(post("/api/chat", { agentId: root.id, text: "borrow" }));
    expect(useAgent.status).toBe(404);
    expect((await useAgent.json()).code).toBe("not_found:agent");

    expect(await counts()).toEqual(before);
    const [conv] = await query<{ title: string }>(`SELECT title FROM "Conversation" WHERE id = $1`, [
      meta.conversationId,
    ]);
    expect(conv.title).toBe("mine");
  });

  it("after an admin lowers max depth, a deeper agent is refused with the depth code and nothing is written", async () => {
    setTestModelFactory(twoLevelScripts());
    // root → child1 → grandchild reaches depth 2; with max depth 1 the grandchild is too deep.
    await updateQuotaSettings({
      patch: { maxSubagentDepth: 1 },
      actor: { id: owner.id, email: "owner@example.com" },
    });
    const before = await counts();
    const res = await chatRoute.POST(post("/api/chat", { agentId: root.id, text: "go deep" }));
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.code).toBe("limit:subagent_depth");
    expect(body.message).toMatch(/depth/i);
    expect(await counts()).toEqual(before);
  });

  it("continues a branch: history follows parent links, and edits keep the old branch", async () => {
    const seen: string[][] = [];
    setTestModelFactory(
      scriptedModelFactory(() => (ctx) => {
        seen.push(
          ctx.messages.filter((m) => m.getType() !== "system").map((m) => `${m.getType()}:${m.content}`),
        );
        return { text: `answer ${seen.length}` };
      }),
    );
    const leaf = await makeAgent(owner.id, "Leaf");
    const a = await readStream(await chatRoute.POST(post("/api/chat", { agentId: leaf.id, text: "first" })));
    const ma = a[0] as Extract<StreamItem, { type: "meta" }>;
    await readStream(
      await chatRoute.POST(
        post("/api/chat", {
          conversationId: ma.conversationId,
          agentId: leaf.id,
          text: "second",
          parentMessageId: ma.assistantMessageId,
        }),
      ),
    );
    // Edit "second": same parent as the original → a sibling branch; history excludes the old branch.
    await readStream(
      await chatRoute.POST(
        post("/api/chat", {
          conversationId: ma.conversationId,
          agentId: leaf.id,
          text: "second, edited",
          parentMessageId: ma.assistantMessageId,
        }),
      ),
    );
    expect(seen[1]).toEqual(["human:first", "ai:answer 1", "human:second"]);
    expect(seen[2]).toEqual(["human:first", "ai:answer 1", "human:second, edited"]);
    const users = await query<{ content: string; parentId: string }>(
      `SELECT content, "parentId" FROM "Message" WHERE role = 'USER' ORDER BY "createdAt"`,
    );
    expect(users.map((u) => u.content)).toEqual(["first", "second", "second, edited"]);
    expect(users[1].parentId).toBe(users[2].parentId);
  });

  it("carries a summary to the next turn instead of summarizing the whole conversation again", async () => {
    const summarizerInputs: string[] = [];
    const chatInputs: string[][] = [];
    let summaries = 0;
    setTestModelFactory((spec) => {
      if (spec.purpose === "summarize") {
        return new ScriptedChatModel({
          script: (ctx) => {
            summarizerInputs.push(ctx.lastText);
            return { text: `S${++summaries}` };
          },
        });
      }
      return new ScriptedChatModel({
        script: (ctx) => {
          chatInputs.push(ctx.messages.map((m) => `${m.getType()}:${m.content}`));
          return { text: `a${chatInputs.length}` };
        },
      });
    });
    const agent = await makeAgent(owner.id, "Summarizing", {
      summarization: { trigger: { type: "messages", value: 2 } },
    });
    const send = async (text: string, conversationId?: string, parentMessageId?: string) =>
      (
        await readStream(
          await chatRoute.POST(
            post("/api/chat", { conversationId, agentId: agent.id, text, parentMessageId }),
          ),
        )
      )[0] as Extract<StreamItem, { type: "meta" }>;
    const t1 = await send("u1");
    const t2 = await send("u2", t1.conversationId, t1.assistantMessageId);
    await send("u3", t1.conversationId, t2.assistantMessageId);

    // Turn 2 summarized u1 + a1; turn 3 started from that summary and summarized only u2 + a2.
    expect(summarizerInputs).toHaveLength(2);
    expect(summarizerInputs[0]).toContain("u1");
    expect(summarizerInputs[1]).toContain("Earlier summary:\nS1");
    expect(summarizerInputs[1]).not.toContain("human: u1");
    expect(chatInputs[2].at(-1)).toBe("human:u3");
    expect(chatInputs[2][0]).toContain("S2");
    const [stored] = await query<{ parts: { summary?: string; summaryUpTo?: string } }>(
      `SELECT parts FROM "Message" WHERE id = $1`,
      [t2.assistantMessageId],
    );
    expect(stored.parts).toMatchObject({ summary: "S1", summaryUpTo: t1.assistantMessageId });
  });
});
