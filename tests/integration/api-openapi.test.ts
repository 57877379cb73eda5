// GET /v1/openapi.json: an OpenAPI 3.1 document generated from the schemas the routes validate
// with, public (no key), and a request its schema refuses is refused by the route as well.
import OpenAI from "openai";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { POST as completions } from "@/app/v1/chat/completions/route";
import { GET as openapi } from "@/app/v1/openapi.json/route";
import { approvalDecisionRequestSchema } from "@/lib/api/approval-schema";
import { chatCompletionRequestSchema } from "@/lib/api/chat-schema";
import { createApiKey } from "@/lib/api/keys";
import { makeAgent, makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

async function appFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  if (new URL(req.url).pathname === "/v1/chat/completions") return completions(req);
  return new Response("no route", { status: 599 });
}

describe("GET /v1/openapi.json", () => {
  beforeEach(() => resetDatabase());

  it("is an OpenAPI 3.1 document with every path, the error shape and the bearer scheme, without a key", async () => {
    const res = openapi();
    expect(res.status).toBe(200);
    const doc = JSON.parse(await res.text());
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        "/approvals/{id}",
        "/chat/completions",
        "/chat/completions/{id}/steer",
        "/models",
        "/models/{id}",
        "/openapi.json",
        "/responses",
        "/responses/{id}",
        "/tasks",
        "/tasks/{id}",
        "/tasks/{id}/cancel",
      ].sort(),
    );
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Error.properties.error.required.sort()).toEqual(
      ["code", "message", "param", "type"].sort(),
    );
    // Every operation refers to schemas that exist.
    const refs = JSON.stringify(doc.paths).match(/#\/components\/schemas\/\w+/g) ?? [];
    for (const r of refs) expect(doc.components.schemas[r.split("/").pop() as string]).toBeDefined();
    // Generated from the schemas the routes validate with (the same objects).
    expect(doc.components.schemas.ChatCompletionRequest).toEqual(
      z.toJSONSchema(chatCompletionRequestSchema, { target: "draft-2020-12", io: "input" }),
    );
    expect(doc.components.schemas.ApprovalDecision.properties.decision.enum).toEqual([
      "approve",
      "deny",
      "edit",
      "answer",
    ]);
    // GET wrote nothing (it has no key, no user).
    expect(await query(`SELECT id FROM "ApiKey"`)).toEqual([]);
  });

  it("a request the document's schema refuses is refused by the route with 400 and its param", async () => {
    const ann = await makeUser("Ann");
    const agent = await makeAgent(ann.id, "Lead");
    const { secret } = await createApiKey({
      userId: ann.id,
      input: { name: "ci", expiresInDays: 0, agentIds: [] },
    });
    const client = new OpenAI({
      apiKey: secret,
      baseURL: "http://app.test/v1",
      fetch: appFetch,
      maxRetries: 0,
    });
    const bad = { model: agent.id, messages: [{ role: "user", content: "hi" }], max_tokens: "ten" };
    expect(chatCompletionRequestSchema.safeParse(bad).success).toBe(false);
    const err = await client.chat.completions.create(bad as never).catch((e) => e);
    expect(err).toBeInstanceOf(OpenAI.BadRequestError);
    expect(err.error).toMatchObject({ param: "max_tokens" });
    expect(approvalDecisionRequestSchema.safeParse({ decision: "maybe" }).success).toBe(false);
  });
});
