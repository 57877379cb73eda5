// Approvals over the Agents API: a call that needs a person ends the completion with
// requires_action; POST /v1/approvals/{id} decides it the chat's durable way and answers the rest
// of the run — also after a restart — while another user's key gets 404.
import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST as approvals } from "@/app/v1/approvals/[id]/route";
import { POST as completions } from "@/app/v1/chat/completions/route";
import { type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { createApiKey } from "@/lib/api/keys";
import type { ChatCompletion } from "@/lib/api/response-schemas";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { makeAgent, makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

async function appFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const path = new URL(req.url).pathname;
  if (path === "/v1/chat/completions") return completions(req);
  const m = path.match(/^\/v1\/approvals\/([^/]+)$/);
  if (m) return approvals(req, { params: Promise.resolve({ id: decodeURIComponent(m[1]) }) });
  return new Response("no route", { status: 599 });
}

const client = (apiKey: string) =>
  new OpenAI({ apiKey, baseURL: "http://app.test/v1", fetch: appFetch, maxRetries: 0 });

/** The documented endpoint with plain fetch, as a script would call it. */
function decide(secret: string, id: string, body: unknown) {
  return appFetch(`http://app.test/v1/approvals/${id}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

const toolText = (ctx: ScriptContext) =>
  ctx.messages
    .filter((m) => m.getType() === "tool")
    .map((m) => String(m.content))
    .join(" | ");

/** The worker computes 2+3 with the calculator, which asks first. */
function scripts(workerId: string) {
  return scriptedModelFactory({
    [workerId]: (ctx) =>
      ctx.messages.some((m) => m.getType() === "tool")
        ? { text: `Worker got ${toolText(ctx)}` }
        : { toolCalls: [{ name: "calculator", args: { expression: "2+3" } }] },
  });
}

function forgetProcessMemory() {
  const g = globalThis as unknown as {
    __liveRuns?: Map<string, unknown>;
    __approvalWaiters?: Map<string, unknown>;
  };
  g.__liveRuns?.clear();
  g.__approvalWaiters?.clear();
}

describe("POST /v1/approvals/{id}", () => {
  let ann: { id: string };
  let secret: string;
  let worker: { id: string };

  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("Ann");
    worker = await makeAgent(ann.id, "Worker", { tools: ["calculator"], askTools: ["calculator"] });
    secret = (await createApiKey({ userId: ann.id, input: { name: "ci", expiresInDays: 0, agentIds: [] } }))
      .secret;
    setTestModelFactory(scripts(worker.id));
  });
  afterEach(() => setTestModelFactory(undefined));

  async function untilPaused() {
    const res = await client(secret).chat.completions.create({
      model: worker.id,
      messages: [{ role: "user", content: "What is 2+3?" }],
    });
    expect(res.choices[0].finish_reason as string).toBe("requires_action");
    const ext = res as unknown as ChatCompletion;
    expect(ext.pending_approvals).toHaveLength(1);
    return { first: ext, approvalId: ext.pending_approvals?.[0].id ?? "" };
  }

  it("approve: the answer completes with the tool's result, as the chat stores it", async () => {
    const { first, approvalId } = await untilPaused();
    const res = await decide(secret, approvalId, { decision: "approve" });
    expect(res.status).toBe(200);
    const done = (await res.json()) as ChatCompletion;
    expect(done).toMatchObject({
      object: "chat.completion",
      id: first.id,
      conversation_id: first.conversation_id,
    });
    expect(done.choices[0]).toMatchObject({ finish_reason: "stop", message: { content: "Worker got 5" } });
    expect(done.pending_approvals).toBeUndefined();
    expect(done.trace[0]).toMatchObject({ status: "completed" });
    const [stored] = await query<{ content: string; status: string }>(
      `SELECT content, status::text FROM "Message" WHERE "conversationId" = $1 AND role = 'ASSISTANT'`,
      [first.conversation_id],
    );
    expect(stored).toEqual({ content: "Worker got 5", status: "COMPLETE" });
    // Decided once: a second decision is a 409.
    expect((await decide(secret, approvalId, { decision: "approve" })).status).toBe(409);
  });

  it("deny: the agent is told, with the reason, and the answer says so", async () => {
    const { approvalId } = await untilPaused();
    const res = await decide(secret, approvalId, { decision: "deny", reason: "not now" });
    expect(res.status).toBe(200);
    const done = (await res.json()) as ChatCompletion;
    expect(done.choices[0].finish_reason).toBe("stop");
    expect(done.choices[0].message.content).toContain("denied by the user: not now");
  });

  it("edit: the tool runs with the caller's arguments; bad decisions are typed 400s", async () => {
    const { approvalId } = await untilPaused();
    for (const body of [
      {},
      { decision: "maybe" },
      { decision: "edit" },
      { decision: "edit", arguments: [1] },
    ]) {
      const res = await decide(secret, approvalId, body);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ type: "invalid_request_error" });
    }
    const res = await decide(secret, approvalId, { decision: "edit", arguments: { expression: "6*7" } });
    expect(res.status).toBe(200);
    // The model is told its call was changed, and to what, before the result.
    expect(((await res.json()) as ChatCompletion).choices[0].message.content).toBe(
      'Worker got The user changed the arguments of this call before it ran; it ran with {"expression":"6*7"}. Result: 42',
    );
  });

  it("resumes after a restart: nothing in memory, only the database", async () => {
    const { approvalId } = await untilPaused();
    forgetProcessMemory();
    const fresh = scripts(worker.id);
    setTestModelFactory(fresh);
    const res = await decide(secret, approvalId, { decision: "approve" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ChatCompletion).choices[0].message.content).toBe("Worker got 5");
    // Only the turn after the pause reached the model.
    expect([...fresh.models.values()].flat().flatMap((m) => m.calls)).toHaveLength(1);
  });

  it("another user's key gets 404 and decides nothing; no key is 401; the owner still can", async () => {
    const { approvalId } = await untilPaused();
    const bob = await makeUser("Bob");
    const bobs = (
      await createApiKey({ userId: bob.id, input: { name: "b", expiresInDays: 0, agentIds: [] } })
    ).secret;
    const res = await decide(bobs, approvalId, { decision: "approve" });
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatchObject({ message: expect.any(String), param: null });
    expect((await decide("dc_nope", approvalId, { decision: "approve" })).status).toBe(401);
    expect((await decide(bobs, "no-such-id", { decision: "approve" })).status).toBe(404);
    const [row] = await query<{ status: string }>(`SELECT status::text FROM "ToolApproval" WHERE id = $1`, [
      approvalId,
    ]);
    expect(row.status).toBe("PENDING");
    expect((await decide(secret, approvalId, { decision: "approve" })).status).toBe(200);
  });
});

describe("ask_user over the API", () => {
  it("a question ends the completion with requires_action; the answer resumes the run and is the tool's result", async () => {
    await resetDatabase();
    const ann = await makeUser("Ann");
    const asker = await makeAgent(ann.id, "Asker", { tools: ["ask_user"] });
    const secret = (
      await createApiKey({ userId: ann.id, input: { name: "ci", expiresInDays: 0, agentIds: [] } })
    ).secret;
    setTestModelFactory(
      scriptedModelFactory({
        [asker.id]: (ctx) =>
          ctx.messages.some((m) => m.getType() === "tool")
            ? { text: `Asker heard ${toolText(ctx)}` }
            : {
                toolCalls: [
                  { name: "ask_user", args: { question: "Which colour?", choices: ["red", "blue"] } },
                ],
              },
      }),
    );
    const res = await client(secret).chat.completions.create({
      model: asker.id,
      messages: [{ role: "user", content: "pick a colour" }],
    });
    expect(res.choices[0].finish_reason as string).toBe("requires_action");
    const pending = (res as unknown as ChatCompletion).pending_approvals ?? [];
    expect(pending).toEqual([
      expect.objectContaining({
        tool: "ask_user",
        arguments: { question: "Which colour?", choices: ["red", "blue"] },
      }),
    ]);
    const id = pending[0].id;
    // A question is answered, not approved; an empty answer is refused; neither decides it.
    const approved = await decide(secret, id, { decision: "approve" });
    expect(approved.status).toBe(400);
    expect((await decide(secret, id, { decision: "answer", answer: "  " })).status).toBe(400);
    const answered = await decide(secret, id, { decision: "answer", answer: "blue" });
    expect(answered.status).toBe(200);
    const done = (await answered.json()) as ChatCompletion;
    expect(done.choices[0]).toMatchObject({ finish_reason: "stop" });
    expect(done.choices[0].message.content).toContain("blue");
    const [row] = await query<{ status: string; answer: string }>(
      `SELECT status::text, answer FROM "ToolApproval" WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ status: "ANSWERED", answer: "blue" });
  });
});
