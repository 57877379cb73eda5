import OpenAI from "openai";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POST as completions } from "@/app/v1/chat/completions/route";
import { scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { traceOf, usageOf } from "@/lib/api/completion";
import { createApiKey } from "@/lib/api/keys";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { revokeUserApiKey } from "@/lib/db/api-keys";
import { searchMessages } from "@/lib/db/conversation-search";
import { getConversationWithMessages, listConversations } from "@/lib/db/conversations";
import { type MessageSearch, parseSearch } from "@/lib/search/query";
import { delegating, makeAgent, makeUser, splitInTwo } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";
import { setSettings } from "./quota-fixtures";

// The offline demo model as it runs in the app, without its reading pace.
process.env.DEMO_TOKEN_DELAY_MS = "0";

// The official openai client against the app's route handler (its fetch hands the request to the
// handler, as Next.js would).
async function appFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  if (new URL(req.url).pathname === "/v1/chat/completions") return completions(req);
  return new Response("no route", { status: 599 });
}

const client = (apiKey: string) =>
  new OpenAI({ apiKey, baseURL: "http://app.test/v1", fetch: appFetch, maxRetries: 0 });

const TWO_TASKS = "Please do two things:\n1. Compute 17 * 3\n2. Give me a fun fact about tea";

/** The ledger of one run: the sum of its usage rows. */
async function ledger(runId: string) {
  const [row] = await query<{ i: string; o: string; n: string }>(
    `SELECT coalesce(sum("inputTokens"), 0) AS i, coalesce(sum("outputTokens"), 0) AS o, count(*) AS n
     FROM "UsageRecord" WHERE "runId" = $1`,
    [runId],
  );
  return { input: Number(row.i), output: Number(row.o), rows: Number(row.n) };
}

/** The answer as the chat shows it: the stored message of the conversation. */
async function storedAnswer(userId: string, conversationId: string) {
  const conversation = await getConversationWithMessages({ id: conversationId, userId });
  const answer = conversation?.messages.find((m) => m.role === "ASSISTANT");
  if (!answer?.parts) throw new Error("no stored answer");
  return answer;
}

const runIdOf = (completionId: string) => completionId.replace(/^chatcmpl-/, "");

describe("POST /v1/chat/completions with the openai client", () => {
  let ann: { id: string };
  let secret: string;
  let root: { id: string };
  let children: string[];

  beforeEach(async () => {
    await resetDatabase();
    setTestModelFactory(undefined);
    ann = await makeUser("Ann");
    const calc = await makeAgent(ann.id, "Calculator", { description: "Computes arithmetic" });
    const facts = await makeAgent(ann.id, "Tea facts", { description: "Knows facts about tea" });
    children = [calc.id, facts.id];
    root = await makeAgent(ann.id, "Lead", delegating(children));
    secret = (await createApiKey({ userId: ann.id, input: { name: "ci", expiresInDays: 0, agentIds: [] } }))
      .secret;
  });
  afterEach(() => setTestModelFactory(undefined));

  it("answers a delegating agent: the root's text, the whole tree's usage (= the ledger) and the UI's trace", async () => {
    const res = await client(secret).chat.completions.create({
      model: root.id,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: TWO_TASKS },
      ],
      user: "ci-job-7",
      // Unknown fields are ignored.
      ...({ seed: 1, metadata: { x: 1 } } as object),
    });
    expect(res.object).toBe("chat.completion");
    expect(res.model).toBe(root.id);
    expect(res.choices[0].finish_reason).toBe("stop");
    const text = res.choices[0].message.content ?? "";
    expect(text.length).toBeGreaterThan(0);

    const ext = res as unknown as { conversation_id: string; trace: ReturnType<typeof traceOf> };
    // Two subagents at depth 1 under the root, with their tasks, completed.
    const subs = ext.trace.filter((t) => t.depth === 1);
    expect(subs).toHaveLength(2);
    expect(subs.map((s) => s.agent).sort()).toEqual([...children].sort());
    for (const s of subs) expect(s).toMatchObject({ parent: "root", status: "completed" });
    expect(subs.every((s) => (s.task ?? "").length > 0)).toBe(true);
    expect(ext.trace[0]).toMatchObject({ id: "root", agent: root.id, depth: 0, status: "completed" });

    // Usage covers the whole tree and equals the ledger rows of the run.
    const rows = await ledger(runIdOf(res.id));
    expect(rows.rows).toBeGreaterThanOrEqual(4);
    expect(res.usage).toMatchObject({
      prompt_tokens: rows.input,
      completion_tokens: rows.output,
      total_tokens: rows.input + rows.output,
    });
    expect(subs.reduce((n, s) => n + s.usage.total_tokens, 0)).toBeLessThan(res.usage?.total_tokens ?? 0);

    // What the chat shows for that conversation: the same text, the same trace and usage.
    const answer = await storedAnswer(ann.id, ext.conversation_id);
    expect(answer.content).toBe(text);
    expect(traceOf(answer.parts as NonNullable<typeof answer.parts>)).toEqual(ext.trace);
    expect(usageOf((answer.parts as NonNullable<typeof answer.parts>).usage)).toEqual(res.usage);

    // In the user's list, marked as API.
    const list = await listConversations({ userId: ann.id });
    expect(list).toEqual([expect.objectContaining({ id: ext.conversation_id, source: "api" })]);
  });

  it("a key made to keep its conversations out of the chat list: not listed, not searched, still readable", async () => {
    const quiet = await createApiKey({
      userId: ann.id,
      input: { name: "nightly", expiresInDays: 0, agentIds: [], listConversations: false },
    });
    expect(quiet.key.listConversations).toBe(false);
    const hidden = await client(quiet.secret).chat.completions.create({
      model: root.id,
      messages: [{ role: "user", content: "Compute 41 + 1 for the nightly job" }],
    });
    const hiddenId = (hidden as unknown as { conversation_id: string }).conversation_id;
    const shown = await client(secret).chat.completions.create({
      model: root.id,
      messages: [{ role: "user", content: "Compute 41 + 1 for me" }],
    });
    const shownId = (shown as unknown as { conversation_id: string }).conversation_id;

    expect((await listConversations({ userId: ann.id })).map((c) => c.id)).toEqual([shownId]);
    const found = await searchMessages({
      userId: ann.id,
      search: parseSearch("Compute 41") as MessageSearch,
    });
    expect(new Set(found.map((m) => m.conversationId))).toEqual(new Set([shownId]));
    // Kept out of the list, not lost: the answer is stored in full and readable by its id.
    expect((await storedAnswer(ann.id, hiddenId)).content).toBe(hidden.choices[0].message.content);
  });

  it("passes the caller's history: system joins the instructions, assistant and tool turns as text", async () => {
    const seen: { system: string; messages: { type: string; text: string }[] }[] = [];
    setTestModelFactory(
      scriptedModelFactory({
        [children[0]]: (ctx) => {
          seen.push({
            system: ctx.system,
            messages: ctx.messages.map((m) => ({ type: m.getType(), text: String(m.content) })),
          });
          return { text: "fine", usage: { input: 2, output: 1 } };
        },
      }),
    );
    const res = await client(secret).chat.completions.create({
      model: children[0],
      messages: [
        { role: "system", content: "Answer in one word." },
        { role: "user", content: [{ type: "text", text: "What is 2+2?" }] },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "c1", type: "function", function: { name: "lookup", arguments: '{"q":"2+2"}' } },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: "4" },
        { role: "assistant", content: "It is 4." },
        { role: "user", content: "And 3+3?" },
      ],
    });
    expect(res.choices[0].message.content).toBe("fine");
    expect(seen).toHaveLength(1);
    expect(seen[0].system).toContain("Answer in one word.");
    expect(seen[0].messages.filter((m) => m.type !== "system")).toEqual([
      { type: "human", text: "What is 2+2?" },
      { type: "ai", text: '[tool call c1: lookup({"q":"2+2"})]' },
      { type: "human", text: "[tool result c1]\n4" },
      { type: "ai", text: "It is 4." },
      { type: "human", text: "And 3+3?" },
    ]);
    // The conversation stores the turn it answered.
    const [conv] = await listConversations({ userId: ann.id });
    expect(conv).toMatchObject({ title: "And 3+3?", source: "api" });
  });

  it("caps every model call of the tree at max_completion_tokens", async () => {
    const caps = new Map<string, unknown>();
    setTestModelFactory(
      scriptedModelFactory((spec) => {
        caps.set(spec.agentId, spec.parameters.maxOutputTokens);
        return spec.agentId === root.id
          ? splitInTwo(children[0], children[1])
          : [{ text: "part done", usage: { input: 3, output: 2 } }];
      }),
    );
    const res = await client(secret).chat.completions.create({
      model: root.id,
      messages: [{ role: "user", content: "two parts" }],
      max_completion_tokens: 64,
    });
    expect(res.choices[0].message.content).toContain("Both parts are done.");
    expect(Object.fromEntries(caps)).toEqual({ [root.id]: 64, [children[0]]: 64, [children[1]]: 64 });
  });

  it("a run that fails answers an error: a typed SDK error, also mid-stream", async () => {
    setTestModelFactory(scriptedModelFactory({ [children[0]]: [{ error: "the model broke" }] }));
    const plain = await client(secret)
      .chat.completions.create({ model: children[0], messages: [{ role: "user", content: "hi" }] })
      .catch((e) => e);
    expect(plain).toBeInstanceOf(OpenAI.APIError);
    expect(plain.status).toBeGreaterThanOrEqual(500);
    const stream = await client(secret).chat.completions.create({
      model: children[0],
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    });
    const midStream = await (async () => {
      for await (const _ of stream) {
        // the chunks before the failure
      }
    })().catch((e) => e);
    expect(midStream).toBeInstanceOf(OpenAI.APIError);
    expect(midStream.error).toMatchObject({ type: "server_error" });
  });

  it("streams standard chunks for the root's text, subagent events as extra chunks, usage and the end", async () => {
    const stream = await client(secret).chat.completions.create({
      model: root.id,
      messages: [{ role: "user", content: TWO_TASKS }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    const finishes: (string | null)[] = [];
    const agentEvents: { type: string; agentId?: string; depth?: number }[] = [];
    let usage: OpenAI.CompletionUsage | undefined | null;
    let id = "";
    let trace: ReturnType<typeof traceOf> | undefined;
    for await (const chunk of stream) {
      expect(chunk.object).toBe("chat.completion.chunk");
      id = chunk.id;
      for (const c of chunk.choices) {
        text += c.delta.content ?? "";
        if (c.finish_reason) finishes.push(c.finish_reason);
      }
      const ext = chunk as unknown as { agent_event?: (typeof agentEvents)[number]; trace?: typeof trace };
      if (ext.agent_event) {
        expect(chunk.choices).toEqual([]);
        agentEvents.push(ext.agent_event);
      }
      if (ext.trace) trace = ext.trace;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(finishes).toEqual(["stop"]);
    const starts = agentEvents.filter((e) => e.type === "subagent_start");
    expect(starts.map((s) => s.agentId).sort()).toEqual([...children].sort());
    expect(agentEvents.some((e) => e.type === "subagent_stop")).toBe(true);

    const rows = await ledger(runIdOf(id));
    expect(usage).toMatchObject({ prompt_tokens: rows.input, completion_tokens: rows.output });
    const [conv] = await listConversations({ userId: ann.id });
    const answer = await storedAnswer(ann.id, conv.id);
    expect(text).toBe(answer.content);
    expect(trace).toEqual(traceOf(answer.parts as NonNullable<typeof answer.parts>));
  });

  it("frames the raw SSE as `data: …` events ending with [DONE]", async () => {
    const res = await appFetch("http://app.test/v1/chat/completions", {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: root.id, messages: [{ role: "user", content: "Hello" }], stream: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const raw = await res.text();
    expect(raw.endsWith("data: [DONE]\n\n")).toBe(true);
    const events = raw.split("\n\n").filter(Boolean);
    for (const e of events) expect(e).toMatch(/^data: /);
    const payloads = events.slice(0, -1).map((e) => JSON.parse(e.slice("data: ".length)));
    expect(payloads[0].choices[0].delta.role).toBe("assistant");
    expect(payloads.every((p) => p.object === "chat.completion.chunk")).toBe(true);
    // No usage chunk unless asked for.
    expect(payloads.some((p) => p.usage)).toBe(false);
  });

  it("refuses another user's private agent (404), an agent outside the key (403), and a revoked key (401)", async () => {
    const bob = await makeUser("Bob");
    const bobs = await makeAgent(bob.id, "Bob private");
    const hidden = await client(secret)
      .chat.completions.create({ model: bobs.id, messages: [{ role: "user", content: "hi" }] })
      .catch((e) => e);
    expect(hidden).toBeInstanceOf(OpenAI.NotFoundError);
    expect(hidden.error).toMatchObject({ code: "model_not_found", param: "model" });
    await expect(
      client(secret).chat.completions.create({ model: "nope", messages: [{ role: "user", content: "hi" }] }),
    ).rejects.toBeInstanceOf(OpenAI.NotFoundError);

    const limited = await createApiKey({
      userId: ann.id,
      input: { name: "one agent", expiresInDays: 0, agentIds: [children[0]] },
    });
    const excluded = await client(limited.secret)
      .chat.completions.create({ model: root.id, messages: [{ role: "user", content: "hi" }] })
      .catch((e) => e);
    expect(excluded).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(excluded.error).toMatchObject({ code: "model_not_allowed", param: "model" });

    await revokeUserApiKey({ userId: ann.id, id: limited.key.id });
    await expect(
      client(limited.secret).chat.completions.create({
        model: children[0],
        messages: [{ role: "user", content: "hi" }],
      }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    // Nothing was started for any of them.
    expect(await listConversations({ userId: ann.id })).toEqual([]);
    expect(await listConversations({ userId: bob.id })).toEqual([]);
  });

  it("refuses bad types with 400 naming the parameter, and an oversized body with 413", async () => {
    const bad = async (body: Record<string, unknown>) =>
      client(secret)
        .chat.completions.create({
          model: root.id,
          messages: [{ role: "user", content: "hi" }],
          ...body,
        } as never)
        .catch((e) => e);
    const cases: [Record<string, unknown>, string][] = [
      [{ stream: "yes" }, "stream"],
      [{ max_tokens: -3 }, "max_tokens"],
      [{ messages: [{ role: "user", content: 42 }] }, "messages[0].content"],
      [{ messages: [{ role: "wizard", content: "hi" }] }, "messages[0].role"],
      [{ messages: [] }, "messages"],
      [{ model: 7 }, "model"],
    ];
    for (const [body, param] of cases) {
      const err = await bad(body);
      expect(err, param).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err.error, param).toMatchObject({ type: "invalid_request_error", param });
      expect(err.error.message).toBe(`Invalid or missing parameter "${param}".`);
    }
    const huge = await appFetch("http://app.test/v1/chat/completions", {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: root.id, messages: [{ role: "user", content: "x".repeat(1_100_000) }] }),
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.type).toBe("invalid_request_error");
    expect(await listConversations({ userId: ann.id })).toEqual([]);
  });

  it("applies the browser's rate limit and concurrency limit: RateLimitError with Retry-After", async () => {
    await setSettings({ messagesPerWindow: 1, windowSeconds: 3600 });
    const ask = () =>
      client(secret).chat.completions.create({
        model: children[0],
        messages: [{ role: "user", content: "2+2" }],
      });
    await ask();
    const limited = await ask().catch((e) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect(limited.error.code).toBe("rate_limit_exceeded");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    // One run at a time: a second request while the first is running is refused.
    await setSettings({ messagesPerWindow: 0, maxConcurrentRuns: 1 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    setTestModelFactory(
      scriptedModelFactory({
        [children[0]]: () => gate.then(() => ({ text: "done", usage: { input: 3, output: 1 } })) as never,
      }),
    );
    const first = await client(secret).chat.completions.create({
      model: children[0],
      messages: [{ role: "user", content: "slow" }],
      stream: true,
    });
    const busy = await ask().catch((e) => e);
    expect(busy).toBeInstanceOf(OpenAI.RateLimitError);
    expect(busy.headers.get("retry-after")).toBe("5");
    release();
    let text = "";
    for await (const chunk of first) text += chunk.choices[0]?.delta.content ?? "";
    expect(text).toBe("done");
  });

  it("refuses an empty balance with 429 insufficient_quota", async () => {
    await setSettings({ balanceEnabled: true, startBalance: 0, refillAmount: 0, messagesPerWindow: 0 });
    const err = await client(secret)
      .chat.completions.create({ model: root.id, messages: [{ role: "user", content: "hi" }] })
      .catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.RateLimitError);
    expect(err.error).toMatchObject({ type: "insufficient_quota", code: "insufficient_quota" });
  });

  it("ends with finish_reason requires_action and the pending calls when a tool asks for approval", async () => {
    const worker = await makeAgent(ann.id, "Worker", { tools: ["calculator"], askTools: ["calculator"] });
    const res = await client(secret).chat.completions.create({
      model: worker.id,
      messages: [{ role: "user", content: "What is 17 * 3?" }],
    });
    expect(res.choices[0].finish_reason as string).toBe("requires_action");
    const pending = (res as unknown as { pending_approvals: Record<string, unknown>[] }).pending_approvals;
    expect(pending).toEqual([
      expect.objectContaining({ tool: "calculator", depth: 0, agent: worker.id, id: expect.any(String) }),
    ]);
  });
});
