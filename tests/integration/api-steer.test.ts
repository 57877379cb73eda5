// Steer over the Agents API: POST /v1/chat/completions/{id}/steer, with the id a streamed
// completion's chunks carry, hands text to the running root agent before its next model call — the
// chat's own Steer. Another user's key gets 404, an empty text 400, a finished run 404.
import OpenAI from "openai";
import { beforeEach, describe, expect, it } from "vitest";
import { POST as steerRoute } from "@/app/v1/chat/completions/[id]/steer/route";
import { POST as completions } from "@/app/v1/chat/completions/route";
import { type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { createApiKey } from "@/lib/api/keys";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { makeAgent, makeUser } from "../helpers/chat-fixtures";
import { resetDatabase } from "../helpers/reset-db";

async function appFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const path = new URL(req.url).pathname;
  if (path === "/v1/chat/completions") return completions(req);
  const m = path.match(/^\/v1\/chat\/completions\/([^/]+)\/steer$/);
  if (m) return steerRoute(req, { params: Promise.resolve({ id: decodeURIComponent(m[1]) }) });
  return new Response("no route", { status: 599 });
}

const client = (apiKey: string) =>
  new OpenAI({ apiKey, baseURL: "http://app.test/v1", fetch: appFetch, maxRetries: 0 });

const humans = (ctx: ScriptContext) =>
  ctx.messages.filter((m) => m.getType() === "human").map((m) => String(m.content));

describe("POST /v1/chat/completions/{id}/steer", () => {
  let annKey: string;
  let bobKey: string;
  let agentId: string;
  let calls: string[][];

  beforeEach(async () => {
    await resetDatabase();
    const ann = await makeUser("Ann");
    const bob = await makeUser("Bob");
    agentId = (await makeAgent(ann.id, "Worker", { tools: ["calculator"] })).id;
    const key = (userId: string) =>
      createApiKey({ userId, input: { name: "ci", expiresInDays: 0, agentIds: [] } }).then((k) => k.secret);
    annKey = await key(ann.id);
    bobKey = await key(bob.id);
    calls = [];
    // Turn 1 takes a while and calls a tool; turn 2 says what it received.
    setTestModelFactory(
      scriptedModelFactory({
        [agentId]: (ctx) => {
          calls.push(humans(ctx));
          return calls.length === 1
            ? { toolCalls: [{ name: "calculator", args: { expression: "2+3" } }], delayMs: 800 }
            : { text: `got: ${humans(ctx).slice(1).join(" | ")}` };
        },
      }),
    );
  });

  it("reaches the running root agent's next model call; others' keys, bad text and a finished run are refused", async () => {
    const stream = await client(annKey).chat.completions.create({
      model: agentId,
      messages: [{ role: "user", content: "go" }],
      stream: true,
    });
    let id = "";
    let text = "";
    for await (const chunk of stream) {
      if (!id) {
        id = chunk.id;
        // Someone else's key: the run is not theirs (404), and nothing reaches it.
        await expect(
          client(bobKey).post(`/chat/completions/${id}/steer`, { body: { text: "leak" } }),
        ).rejects.toMatchObject({ status: 404 });
        await expect(
          client(annKey).post(`/chat/completions/${id}/steer`, { body: { text: "  " } }),
        ).rejects.toMatchObject({ status: 400 });
        const ok = await client(annKey).post(`/chat/completions/${id}/steer`, {
          body: { text: "in French" },
        });
        expect(ok).toEqual({ object: "chat.completion.steer", id, accepted: true });
      }
      text += chunk.choices[0]?.delta?.content ?? "";
    }
    expect(id).toMatch(/^chatcmpl-/);
    expect(calls[0]).toEqual(["go"]);
    expect(calls[1]).toHaveLength(2);
    expect(calls[1][1]).toMatch(/in French$/);
    expect(text).toContain("in French");
    expect(text).not.toContain("leak");
    // The run is over: nothing is running to read it.
    await expect(
      client(annKey).post(`/chat/completions/${id}/steer`, { body: { text: "late" } }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
