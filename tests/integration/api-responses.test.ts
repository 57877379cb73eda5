// POST /v1/responses and GET /v1/responses/{id} with the official openai client: a delegating
// agent's answer with the UI's trace, typed streaming events, previous_response_id continuing the
// conversation, and a stored response read back (by its owner only, writing nothing).
import OpenAI from "openai";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as getResponse } from "@/app/v1/responses/[id]/route";
import { POST as responses } from "@/app/v1/responses/route";
import { traceOf } from "@/lib/api/completion";
import { createApiKey } from "@/lib/api/keys";
import type { ApiResponseObject } from "@/lib/api/response-schemas";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { getConversationWithMessages } from "@/lib/db/conversations";
import { delegating, makeAgent, makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

process.env.DEMO_TOKEN_DELAY_MS = "0";

async function appFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const path = new URL(req.url).pathname;
  if (path === "/v1/responses") return responses(req);
  const m = path.match(/^\/v1\/responses\/([^/]+)$/);
  if (m) return getResponse(req, { params: Promise.resolve({ id: decodeURIComponent(m[1]) }) });
  return new Response("no route", { status: 599 });
}

const client = (apiKey: string) =>
  new OpenAI({ apiKey, baseURL: "http://app.test/v1", fetch: appFetch, maxRetries: 0 });

const TWO_TASKS = "Please do two things:\n1. Compute 17 * 3\n2. Give me a fun fact about tea";
const ext = (r: unknown) => r as ApiResponseObject;

describe("/v1/responses with the openai client", () => {
  let ann: { id: string };
  let secret: string;
  let root: { id: string };

  beforeEach(async () => {
    await resetDatabase();
    setTestModelFactory(undefined);
    ann = await makeUser("Ann");
    const calc = await makeAgent(ann.id, "Calculator", { description: "Computes arithmetic" });
    const facts = await makeAgent(ann.id, "Tea facts", { description: "Knows facts about tea" });
    root = await makeAgent(ann.id, "Lead", delegating([calc.id, facts.id]));
    secret = (await createApiKey({ userId: ann.id, input: { name: "ci", expiresInDays: 0, agentIds: [] } }))
      .secret;
  });

  it("responses.create: the root's text, the UI's trace; previous_response_id continues the conversation", async () => {
    const first = await client(secret).responses.create({ model: root.id, input: TWO_TASKS });
    expect(first).toMatchObject({ object: "response", status: "completed", model: root.id });
    expect(first.output_text.length).toBeGreaterThan(0);
    const trace = ext(first).trace;
    expect(trace.filter((t) => t.depth === 1)).toHaveLength(2);
    const conversation = await getConversationWithMessages({
      id: ext(first).conversation_id,
      userId: ann.id,
    });
    const answer = conversation.messages.find((m) => m.role === "ASSISTANT");
    expect(answer?.content).toBe(first.output_text);
    expect(traceOf(answer?.parts as NonNullable<typeof answer>["parts"] & object)).toEqual(trace);

    const second = await client(secret).responses.create({
      model: root.id,
      input: [{ role: "user", content: [{ type: "input_text", text: "What is 2 * 21?" }] }],
      previous_response_id: first.id,
    });
    expect(ext(second).conversation_id).toBe(ext(first).conversation_id);
    expect(second.previous_response_id).toBe(first.id);
    const after = await getConversationWithMessages({ id: ext(first).conversation_id, userId: ann.id });
    expect(after.messages.map((m) => m.role)).toEqual(["USER", "ASSISTANT", "USER", "ASSISTANT"]);
    // The new question hangs under the first answer.
    expect(after.messages[2].parentId).toBe(answer?.id);
    // GET reads it back, with its previous response, as it was answered.
    const stored = await client(secret).responses.retrieve(second.id);
    expect(stored).toMatchObject({
      id: second.id,
      output_text: second.output_text,
      previous_response_id: first.id,
    });
    expect(ext(stored).trace).toEqual(ext(second).trace);
  });

  it("responses.stream: typed events, deltas that make the final text; agent events only when asked", async () => {
    const stream = client(secret).responses.stream({ model: root.id, input: TWO_TASKS });
    const types: string[] = [];
    let deltas = "";
    for await (const e of stream) {
      types.push(e.type);
      if (e.type === "response.output_text.delta") deltas += e.delta;
    }
    const final = await stream.finalResponse();
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(types.filter((t) => t === "response.output_text.delta").length).toBeGreaterThan(1);
    expect(types.some((t) => t.startsWith("agent."))).toBe(false);
    expect(final.output_text).toBe(deltas);
    expect(ext(final).trace.filter((t) => t.depth === 1)).toHaveLength(2);

    // Raw SSE with the extension: the subagents' events under their own prefix.
    const raw = await appFetch("http://app.test/v1/responses", {
      method: "POST",
      headers: { Authorization: `Bearer ${secret}`, "Content-Type": "application/json" },
      body: JSON.stringify({ model: root.id, input: TWO_TASKS, stream: true, include_agent_events: true }),
    });
    const text = await raw.text();
    expect(text).toMatch(/^event: response\.created\ndata: /);
    expect(text).toMatch(/event: agent\.[a-z_]+\ndata: \{"type":"agent\./);
    expect(text).toContain("event: response.completed");
  });

  it("refuses bad input with typed 400s, and another user's response id with 404; GET writes nothing", async () => {
    for (const body of [
      { model: root.id, input: 5 },
      { model: root.id, input: [{ role: "tool", content: "x" }] },
    ]) {
      const err = await client(secret)
        .responses.create(body as never)
        .catch((e) => e);
      expect(err).toBeInstanceOf(OpenAI.BadRequestError);
      expect(err.error.param).toMatch(/^input/);
    }
    const last = await client(secret)
      .responses.create({ model: root.id, input: [{ role: "assistant", content: "hi" }] })
      .catch((e) => e);
    expect(last).toBeInstanceOf(OpenAI.BadRequestError);
    const first = await client(secret).responses.create({ model: root.id, input: "What is 1234 * 5678?" });
    const bob = await makeUser("Bob");
    const bobs = (
      await createApiKey({ userId: bob.id, input: { name: "b", expiresInDays: 0, agentIds: [] } })
    ).secret;
    expect(
      await client(bobs)
        .responses.retrieve(first.id)
        .catch((e) => e),
    ).toBeInstanceOf(OpenAI.NotFoundError);
    expect(
      await client(bobs)
        .responses.retrieve("resp_nope")
        .catch((e) => e),
    ).toBeInstanceOf(OpenAI.NotFoundError);
    const other = await client(bobs)
      .responses.create({ model: root.id, input: "hi", previous_response_id: first.id })
      .catch((e) => e);
    expect(other).toBeInstanceOf(OpenAI.NotFoundError);
    // Ann's reading key was never used to run anything: its last use stays unset.
    const reader = await createApiKey({
      userId: ann.id,
      input: { name: "read", expiresInDays: 0, agentIds: [] },
    });
    expect((await client(reader.secret).responses.retrieve(first.id)).output_text).toBe(first.output_text);
    const [row] = await query<{ lastUsedAt: Date | null }>(
      `SELECT "lastUsedAt" FROM "ApiKey" WHERE id = $1`,
      [reader.key.id],
    );
    expect(row.lastUsedAt).toBeNull();
  });
});
