// ask_user through the real routes and PostgreSQL: a question at depth 2 pauses the run like an
// approval (a ToolApproval row, the run PAUSED), the owner's answer resumes it and becomes the
// tool's result; another user gets 404, and a question can't be approved nor a tool call answered.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { MessageTree, RunEvent, ToolCallNode, TraceNode } from "@/lib/agents";
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
const runRoute = await import("@/app/api/chat/runs/[runId]/route");
const approvalRoute = await import("@/app/api/chat/approvals/[id]/route");

const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");
const toolText = (ctx: ScriptContext) =>
  ctx.messages
    .filter((m) => m.getType() === "tool")
    .map((m) => String(m.content))
    .join(" | ");
const eventsOf = (items: StreamItem[]) => items.filter((i): i is RunEvent => i.type !== "meta");
const answer = (id: string, body: unknown) =>
  approvalRoute.POST(post(`/api/chat/approvals/${id}`, body), { params: Promise.resolve({ id }) });

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

describe("ask_user", () => {
  let ids: Record<string, string>;
  let owner: { id: string };

  beforeEach(async () => {
    await resetDatabase();
    owner = await makeUser("Owner");
    const worker = await makeAgent(owner.id, "Worker", { tools: ["ask_user"] });
    const middle = await makeAgent(owner.id, "Middle", delegating([worker.id]));
    const lead = await makeAgent(owner.id, "Lead", delegating([middle.id]));
    ids = { lead: lead.id, middle: middle.id, worker: worker.id };
    session.userId = owner.id;
    setTestModelFactory(
      scriptedModelFactory({
        [ids.lead]: (ctx) =>
          hasToolResult(ctx)
            ? { text: `Lead: ${toolText(ctx)}` }
            : { toolCalls: [{ name: "subagent", args: { subagent_type: ids.middle, description: "pick" } }] },
        [ids.middle]: (ctx) =>
          hasToolResult(ctx)
            ? { text: `Middle: ${toolText(ctx)}` }
            : { toolCalls: [{ name: "subagent", args: { subagent_type: ids.worker, description: "pick" } }] },
        [ids.worker]: (ctx) =>
          hasToolResult(ctx)
            ? { text: `Worker heard ${toolText(ctx)}` }
            : {
                toolCalls: [
                  { name: "ask_user", args: { question: "Which colour?", choices: ["red", "blue"] } },
                ],
              },
      }),
    );
  });

  async function askUntilPaused() {
    const res = await chatRoute.POST(post("/api/chat", { agentId: ids.lead, text: "pick a colour" }));
    expect(res.status).toBe(200);
    const items = await readStream(res);
    const meta = items[0] as Extract<StreamItem, { type: "meta" }>;
    const ask = eventsOf(items).find((e) => e.type === "tool_approval");
    expect(ask).toMatchObject({ depth: 2, name: "ask_user", approval: { status: "pending" } });
    return { meta, questionId: ask?.type === "tool_approval" ? ask.approval.id : "" };
  }

  it("a question at depth 2 is stored, answered, and the run completes with the answer as the result", async () => {
    const { meta, questionId } = await askUntilPaused();
    expect(await query(`SELECT status::text, "toolName", args FROM "ToolApproval"`)).toEqual([
      {
        status: "PENDING",
        toolName: "ask_user",
        args: { question: "Which colour?", choices: ["red", "blue"] },
      },
    ]);
    expect(await query(`SELECT status::text FROM "Run"`)).toEqual([{ status: "PAUSED" }]);

    // A question is answered, not approved; an empty answer is refused.
    for (const body of [
      { decision: "approve" },
      { decision: "answer", answer: "  " },
      { decision: "answer" },
    ]) {
      const res = await answer(questionId, body);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("bad_request:approval");
    }

    const res = await answer(questionId, { decision: "answer", answer: "blue" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      approval: { id: questionId, status: "answered", answer: "blue" },
      runId: meta.runId,
      resumed: true,
    });
    const follow = await runRoute.GET(new Request(`http://test/api/chat/runs/${meta.runId}`), {
      params: Promise.resolve({ runId: meta.runId }),
    });
    const after = eventsOf(await readStream(follow));
    expect(after.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const [stored] = await query<{ status: string; content: string; parts: MessageTree }>(
      `SELECT status::text, content, parts FROM "Message" WHERE id = $1`,
      [meta.assistantMessageId],
    );
    expect(stored.status).toBe("COMPLETE");
    expect(stored.content).toBe("Lead: Middle: Worker heard blue");
    expect(findToolCall(stored.parts.content)).toMatchObject({
      name: "ask_user",
      result: "blue",
      approval: { id: questionId, status: "answered", answer: "blue" },
    });
    expect(await query(`SELECT status::text, answer FROM "ToolApproval"`)).toEqual([
      { status: "ANSWERED", answer: "blue" },
    ]);
  });

  it("another user can't answer it (404); the owner still can", async () => {
    const { questionId } = await askUntilPaused();
    const other = await makeUser("Other");
    session.userId = other.id;
    const res = await answer(questionId, { decision: "answer", answer: "red" });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("not_found:approval");
    expect(await query(`SELECT status::text, answer FROM "ToolApproval"`)).toEqual([
      { status: "PENDING", answer: null },
    ]);
    session.userId = owner.id;
    expect((await answer(questionId, { decision: "answer", answer: "red" })).status).toBe(200);
  });
});
