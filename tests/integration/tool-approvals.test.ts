// Human approval of tool calls through the real routes and PostgreSQL: a call at depth 2 pauses
// the run (stored, no slot held), and approve / edit / deny resume it from the database — also
// after the process's memory of it is gone (a restart) — while other users get 404.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { MessageTree, RunEvent, ToolCallNode, TraceNode } from "@/lib/agents";
import { type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { updateQuotaSettings } from "@/lib/quota";
import { delegating, makeAgent, makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const chatRoute = await import("@/app/api/chat/route");
const runRoute = await import("@/app/api/chat/runs/[runId]/route");
const approvalRoute = await import("@/app/api/chat/approvals/[id]/route");
const stopRoute = await import("@/app/api/chat/runs/[runId]/stop/route");
const conversationRoute = await import("@/app/api/conversations/[id]/route");

const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");
const toolText = (ctx: ScriptContext) =>
  ctx.messages
    .filter((m) => m.getType() === "tool")
    .map((m) => String(m.content))
    .join(" | ");
const eventsOf = (items: StreamItem[]) => items.filter((i): i is RunEvent => i.type !== "meta");

function decide(id: string, body: unknown) {
  return approvalRoute.POST(post(`/api/chat/approvals/${id}`, body), { params: Promise.resolve({ id }) });
}

async function follow(runId: string) {
  const res = await runRoute.GET(new Request(`http://test/api/chat/runs/${runId}`), {
    params: Promise.resolve({ runId }),
  });
  expect(res.status).toBe(200);
  return readStream(res);
}

function findToolCall(nodes: TraceNode[]): ToolCallNode | undefined {
  for (const n of nodes) {
    if (n.type === "tool_call") return n;
    if (n.type === "subagent") {
      const found = findToolCall(n.content);
      if (found) return found;
    }
  }
  return undefined;
}

/** Forgets every run this process holds in memory, as a restarted server would. */
function forgetProcessMemory() {
  const g = globalThis as unknown as {
    __liveRuns?: Map<string, unknown>;
    __approvalWaiters?: Map<string, unknown>;
  };
  g.__liveRuns?.clear();
  g.__approvalWaiters?.clear();
}

describe("approval of tool calls", () => {
  let ids: Record<string, string>;
  let owner: { id: string };

  beforeEach(async () => {
    await resetDatabase();
    owner = await makeUser("Owner");
    const worker = await makeAgent(owner.id, "Worker", { tools: ["calculator"], askTools: ["calculator"] });
    const middle = await makeAgent(owner.id, "Middle", delegating([worker.id]));
    const lead = await makeAgent(owner.id, "Lead", delegating([middle.id]));
    ids = { lead: lead.id, middle: middle.id, worker: worker.id };
    session.userId = owner.id;
  });

  /** Lead → Middle → Worker (depth 2), who computes 2+3 with the calculator, which asks. */
  function scripts() {
    return scriptedModelFactory({
      [ids.lead]: (ctx) =>
        hasToolResult(ctx)
          ? { text: `Lead: ${toolText(ctx)}` }
          : {
              toolCalls: [{ name: "subagent", args: { subagent_type: ids.middle, description: "compute" } }],
            },
      [ids.middle]: (ctx) =>
        hasToolResult(ctx)
          ? { text: `Middle: ${toolText(ctx)}` }
          : {
              toolCalls: [{ name: "subagent", args: { subagent_type: ids.worker, description: "compute" } }],
            },
      [ids.worker]: (ctx) =>
        hasToolResult(ctx)
          ? { text: `Worker got ${toolText(ctx)}` }
          : { toolCalls: [{ name: "calculator", args: { expression: "2+3" } }] },
    });
  }

  /** Sends a message and reads the stream until the run pauses; returns what was stored. */
  async function chatUntilPaused() {
    const res = await chatRoute.POST(post("/api/chat", { agentId: ids.lead, text: "what is 2+3?" }));
    expect(res.status).toBe(200);
    const items = await readStream(res);
    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    const events = eventsOf(items);
    expect(events.some((e) => e.type === "run_end")).toBe(false);
    const ask = events.find((e) => e.type === "tool_approval");
    expect(ask).toMatchObject({ depth: 2, name: "calculator", approval: { status: "pending" } });
    const [run] = await query<{ status: string; checkpoint: unknown; expiresAt: Date }>(
      `SELECT status::text, checkpoint, "expiresAt" FROM "Run" WHERE id = $1`,
      [meta.runId],
    );
    const [message] = await query<{ status: string; parts: MessageTree }>(
      `SELECT status::text, parts FROM "Message" WHERE id = $1`,
      [meta.assistantMessageId],
    );
    const approvalId = ask?.type === "tool_approval" ? ask.approval.id : "";
    return { meta, run, message, approvalId };
  }

  async function storedAnswer(messageId: string) {
    const [m] = await query<{ status: string; content: string; parts: MessageTree; error: unknown }>(
      `SELECT status::text, content, parts, error FROM "Message" WHERE id = $1`,
      [messageId],
    );
    return m;
  }

  it("pauses at depth 2 holding no slot, and Approve runs the tool and completes the answer", async () => {
    setTestModelFactory(scripts());
    const { meta, run, message, approvalId } = await chatUntilPaused();
    expect(run.status).toBe("PAUSED");
    expect(run.checkpoint).toBeTruthy();
    expect(run.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(message.status).toBe("PAUSED");
    expect(findToolCall(message.parts.content)?.approval).toEqual({ id: approvalId, status: "pending" });
    expect(await query(`SELECT status::text FROM "ToolApproval"`)).toEqual([{ status: "PENDING" }]);
    expect(await query(`SELECT 1 FROM "Run" WHERE status = 'RUNNING'`)).toEqual([]);

    const res = await decide(approvalId, { decision: "approve" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      approval: { id: approvalId, status: "approved" },
      runId: meta.runId,
      resumed: true,
    });
    const after = eventsOf(await follow(meta.runId));
    expect(after[0]).toMatchObject({ type: "tool_approval", approval: { status: "approved" } });
    expect(after.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const stored = await storedAnswer(meta.assistantMessageId);
    expect(stored.status).toBe("COMPLETE");
    expect(stored.content).toBe("Lead: Middle: Worker got 5");
    expect(findToolCall(stored.parts.content)).toMatchObject({
      status: "completed",
      result: "5",
      approval: { id: approvalId, status: "approved" },
    });
    expect(await query(`SELECT status::text, checkpoint FROM "Run"`)).toEqual([
      { status: "COMPLETED", checkpoint: null },
    ]);

    // Decided once: a second decision is a conflict.
    const again = await decide(approvalId, { decision: "deny" });
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe("conflict:approval_decided");
  });

  it("Deny tells the model, with the reason, and the run goes on", async () => {
    setTestModelFactory(scripts());
    const { meta, approvalId } = await chatUntilPaused();
    expect((await decide(approvalId, { decision: "deny", reason: "not now" })).status).toBe(200);
    await follow(meta.runId);
    const stored = await storedAnswer(meta.assistantMessageId);
    expect(stored.status).toBe("COMPLETE");
    expect(stored.content).toContain("Worker got denied by the user: not now");
    expect(findToolCall(stored.parts.content)?.approval).toEqual({
      id: approvalId,
      status: "denied",
      reason: "not now",
    });
  });

  it("Edit runs the tool with the edited arguments; bad decisions get typed 400s", async () => {
    setTestModelFactory(scripts());
    const { meta, approvalId } = await chatUntilPaused();
    for (const body of [
      {},
      { decision: "maybe" },
      { decision: "edit", args: [1] },
      { decision: "edit" },
      // Checked against the tool's own schema (the calculator needs an expression).
      { decision: "edit", args: { expr: "6*7" } },
    ]) {
      const res = await decide(approvalId, body);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("bad_request:approval");
    }
    const res = await decide(approvalId, { decision: "edit", args: { expression: "6*7" } });
    expect(res.status).toBe(200);
    await follow(meta.runId);
    const stored = await storedAnswer(meta.assistantMessageId);
    // The model is told its call was changed, and to what; the trace keeps the model's arguments too.
    const told =
      'The user changed the arguments of this call before it ran; it ran with {"expression":"6*7"}. Result: 42';
    expect(stored.content).toBe(`Lead: Middle: Worker got ${told}`);
    expect(findToolCall(stored.parts.content)).toMatchObject({
      args: { expression: "2+3" },
      result: told,
      approval: { status: "edited", args: { expression: "6*7" } },
    });
  });

  it("resumes after a restart: nothing in memory, new model instances, only the database", async () => {
    setTestModelFactory(scripts());
    const { meta, approvalId } = await chatUntilPaused();
    forgetProcessMemory();
    const fresh = scripts();
    setTestModelFactory(fresh);
    expect((await decide(approvalId, { decision: "approve" })).status).toBe(200);
    await follow(meta.runId);
    expect((await storedAnswer(meta.assistantMessageId)).content).toBe("Lead: Middle: Worker got 5");
    // Only the three turns after the pause reached the models (nothing was asked twice).
    const calls = [...fresh.models.values()].flat().flatMap((m) => m.calls);
    expect(new Set(calls).size).toBe(3);
  });

  it("another user can neither see nor decide the call (404), and the owner still can", async () => {
    setTestModelFactory(scripts());
    const { approvalId, meta } = await chatUntilPaused();
    const other = await makeUser("Other");
    session.userId = other.id;
    const res = await decide(approvalId, { decision: "approve" });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("not_found:approval");
    const convo = await import("@/app/api/conversations/[id]/route");
    const view = await convo.GET(new Request(`http://test/api/conversations/${meta.conversationId}`), {
      params: Promise.resolve({ id: meta.conversationId }),
    });
    expect(view.status).toBe(404);
    expect(await query(`SELECT status::text FROM "ToolApproval"`)).toEqual([{ status: "PENDING" }]);
    session.userId = owner.id;
    expect((await decide(approvalId, { decision: "approve" })).status).toBe(200);
    await follow(meta.runId);
  });

  it("a paused run holds no concurrent-run slot, and one left too long expires with a message", async () => {
    await updateQuotaSettings({
      patch: { maxConcurrentRuns: 1 },
      actor: { id: owner.id, email: "owner@example.com" },
    });
    setTestModelFactory(scripts());
    const { meta, approvalId } = await chatUntilPaused();
    // Another answer may start while this one waits.
    const second = await chatUntilPaused();
    expect(second.run.status).toBe("PAUSED");

    await query(`UPDATE "Run" SET "expiresAt" = now() - interval '1 minute' WHERE id = $1`, [meta.runId]);
    const res = await decide(approvalId, { decision: "approve" });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe("conflict:approval_expired");
    const stored = await storedAnswer(meta.assistantMessageId);
    expect(stored.status).toBe("STOPPED");
    expect(stored.error).toMatchObject({ code: "conflict:approval_expired" });
    expect(findToolCall(stored.parts.content)?.approval).toMatchObject({ status: "expired" });
    expect(await query(`SELECT status::text FROM "ToolApproval" WHERE id = $1`, [approvalId])).toEqual([
      { status: "EXPIRED" },
    ]);
  });

  it("parallel subagents wait together; their calls are decided one by one, back to back", async () => {
    const two = await makeAgent(owner.id, "Two", delegating([ids.worker]));
    setTestModelFactory(
      scriptedModelFactory({
        [two.id]: (ctx) =>
          hasToolResult(ctx)
            ? { text: `Two: ${toolText(ctx)}` }
            : {
                toolCalls: ["1+1", "2+2"].map((description) => ({
                  name: "subagent",
                  args: { subagent_type: ids.worker, description },
                })),
              },
        [ids.worker]: (ctx) =>
          hasToolResult(ctx)
            ? { text: `got ${toolText(ctx)}` }
            : { toolCalls: [{ name: "calculator", args: { expression: ctx.lastText } }] },
      }),
    );
    const res = await chatRoute.POST(post("/api/chat", { agentId: two.id, text: "two sums" }));
    const items = await readStream(res);
    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    const asks = eventsOf(items).filter((e) => e.type === "tool_approval");
    expect(asks).toHaveLength(2);
    const [a, b] = asks.map((e) => (e.type === "tool_approval" ? e.approval.id : ""));
    expect((await query(`SELECT status::text FROM "Run"`))[0]).toEqual({ status: "PAUSED" });

    const first = await decide(a, { decision: "approve" });
    expect((await first.json()).resumed).toBe(true);
    // The second decision lands while the resumed run may still be going: it reaches it either way.
    expect((await decide(b, { decision: "deny", reason: "one is enough" })).status).toBe(200);
    for (let i = 0; i < 100; i++) {
      const [m] = await query<{ status: string }>(`SELECT status::text FROM "Message" WHERE id = $1`, [
        meta.assistantMessageId,
      ]);
      if (m.status === "COMPLETE") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const stored = await storedAnswer(meta.assistantMessageId);
    expect(stored.status).toBe("COMPLETE");
    expect(stored.content).toContain("got 2");
    expect(stored.content).toContain("got denied by the user: one is enough");
  });

  it("Stop ends a paused answer: stored stopped, its call can't be decided any more; others get 404", async () => {
    setTestModelFactory(scripts());
    const { meta, approvalId } = await chatUntilPaused();
    // The page offers Stop under the paused answer: it knows the paused run.
    const view = await conversationRoute.GET(new Request("http://test"), {
      params: Promise.resolve({ id: meta.conversationId }),
    });
    const shown = ((await view.json()) as { messages: { id: string; pausedRunId?: string }[] }).messages;
    expect(shown.find((m) => m.id === meta.assistantMessageId)?.pausedRunId).toBe(meta.runId);

    const stop = (runId: string) =>
      stopRoute.POST(new Request("http://test", { method: "POST" }), { params: Promise.resolve({ runId }) });
    const intruder = await makeUser("Intruder");
    session.userId = intruder.id;
    expect((await stop(meta.runId)).status).toBe(404);
    session.userId = owner.id;
    const res = await stop(meta.runId);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, stopped: true });

    const stored = await storedAnswer(meta.assistantMessageId);
    expect(stored.status).toBe("STOPPED");
    expect(stored.error).toBeNull();
    expect(findToolCall(stored.parts.content)?.approval?.status).toBe("expired");
    expect((await query(`SELECT status::text FROM "Run" WHERE id = $1`, [meta.runId]))[0]).toEqual({
      status: "STOPPED",
    });
    expect((await decide(approvalId, { decision: "approve" })).status).toBe(409);
    // Stopping it again: it has already finished.
    expect((await stop(meta.runId)).status).toBe(404);
  });

  it("a decision taken by another process reaches the run at once, while a sibling still works", async () => {
    const slow = await makeAgent(owner.id, "Slow");
    const both = await makeAgent(owner.id, "Both", delegating([ids.worker, slow.id]));
    setTestModelFactory(
      scriptedModelFactory({
        [both.id]: (ctx) =>
          hasToolResult(ctx)
            ? { text: `Both: ${toolText(ctx)}` }
            : {
                toolCalls: [
                  { name: "subagent", args: { subagent_type: ids.worker, description: "2+3" } },
                  { name: "subagent", args: { subagent_type: slow.id, description: "take your time" } },
                ],
              },
        [ids.worker]: (ctx) =>
          hasToolResult(ctx)
            ? { text: `got ${toolText(ctx)}` }
            : { toolCalls: [{ name: "calculator", args: { expression: "2+3" } }] },
        [slow.id]: [{ text: "slow and steady", delayMs: 4_000 }],
      }),
    );
    const res = await chatRoute.POST(post("/api/chat", { agentId: both.id, text: "one quick, one slow" }));
    let relayed = false;
    const items = await readStream(res, (item) => {
      if (item.type !== "tool_approval" || relayed) return;
      relayed = true;
      // As another process does it: the decision is stored there, and only a signal comes here.
      void (async () => {
        const { runSignalListenerReady, sendRunSignal } = await import("@/lib/db/run-signals");
        await runSignalListenerReady();
        await query(`UPDATE "ToolApproval" SET status = 'APPROVED', "decidedAt" = now() WHERE id = $1`, [
          item.approval.id,
        ]);
        await sendRunSignal({ type: "decided", approvalId: item.approval.id });
      })();
    });
    const events = eventsOf(items);
    const toolEnd = events.findIndex((e) => e.type === "tool_call_end" && e.name === "calculator");
    const slowEnd = events.findIndex((e) => e.type === "subagent_stop" && e.agentId === slow.id);
    expect(toolEnd).toBeGreaterThan(-1);
    // The approved call ran while the slow sibling was still working, not when the run came to rest.
    expect(toolEnd).toBeLessThan(slowEnd);
    expect(events.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
  });

  it("the builder refuses 'Ask before running' for a tool the agent does not have", async () => {
    await expect(makeAgent(owner.id, "Odd", { tools: [], askTools: ["calculator"] })).rejects.toMatchObject({
      code: "bad_request:agent_tool",
      fields: { askTools: { key: "bad_request.agent_ask_tool", values: { tool: "calculator" } } },
    });
    const [row] = await query<{ askTools: string[] }>(`SELECT "askTools" FROM "Agent" WHERE id = $1`, [
      ids.worker,
    ]);
    expect(row.askTools).toEqual(["calculator"]);
  });

  it("answers bad input with typed 4xx, never 500, and a made-up id with 404", async () => {
    setTestModelFactory(scripts());
    const { approvalId, meta } = await chatUntilPaused();
    const bodies: unknown[] = [
      "not json",
      42,
      null,
      [],
      { decision: "deny", reason: "x".repeat(1001) },
      { decision: "deny", reason: 7 },
      { decision: "edit", args: "{}" },
      { decision: "edit", args: { expression: "x".repeat(100_001) } },
    ];
    for (const body of bodies) {
      const res = await decide(approvalId, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const plain = await approvalRoute.POST(
      new Request(`http://test/api/chat/approvals/${approvalId}`, { method: "POST", body: "{}" }),
      { params: Promise.resolve({ id: approvalId }) },
    );
    expect(plain.status).toBe(415);
    const missing = await decide("00000000-0000-0000-0000-000000000000", { decision: "approve" });
    expect(missing.status).toBe(404);
    expect(await query(`SELECT status::text FROM "ToolApproval"`)).toEqual([{ status: "PENDING" }]);
    expect((await decide(approvalId, { decision: "approve" })).status).toBe(200);
    await follow(meta.runId);
  });
});
