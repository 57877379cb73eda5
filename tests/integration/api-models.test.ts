import OpenAI from "openai";
import { beforeEach, describe, expect, it } from "vitest";
import { GET as getModel } from "@/app/v1/models/[id]/route";
import { GET as listModels } from "@/app/v1/models/route";
import { createApiKey } from "@/lib/api/keys";
import { createAgent } from "@/lib/builder/agents";
import { revokeUserApiKey, setUserApiAccess } from "@/lib/db/api-keys";
import { resetDatabase } from "../helpers/reset-db";
import { draft, makeUser } from "./agents-helpers";

// The official openai client against the app's /v1 route handlers (its fetch hands each request
// to the handler of its path, as Next.js would).
async function appFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const path = new URL(req.url).pathname;
  if (path === "/v1/models") return listModels(req);
  const m = path.match(/^\/v1\/models\/([^/]+)$/);
  if (m) return getModel(req, { params: Promise.resolve({ id: decodeURIComponent(m[1]) }) });
  return new Response("no route", { status: 599 });
}

const client = (apiKey: string) =>
  new OpenAI({ apiKey, baseURL: "http://app.test/v1", fetch: appFetch, maxRetries: 0 });

describe("GET /v1/models with the openai client", () => {
  let ann: string;
  let bob: string;
  let secret: string;
  let keyId: string;
  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("ann@example.com");
    bob = await makeUser("bob@example.com");
    const k = await createApiKey({ userId: ann, input: { name: "t", expiresInDays: 0, agentIds: [] } });
    secret = k.secret;
    keyId = k.key.id;
  });

  it("lists the agents the key's user may use, not another user's private ones", async () => {
    const mine = await createAgent({ userId: ann, input: draft("Mine", { description: "helps" }) });
    const open = await createAgent({ userId: bob, input: draft("Open", { visibility: "public" }) });
    await createAgent({ userId: bob, input: draft("Bob private") });
    const page = await client(secret).models.list();
    const byId = Object.fromEntries(page.data.map((m) => [m.id, m as unknown as Record<string, unknown>]));
    expect(Object.keys(byId).sort()).toEqual([mine.id, open.id].sort());
    expect(byId[mine.id]).toMatchObject({ object: "model", name: "Mine", description: "helps" });
    expect(byId[open.id].name).toBe("Open");
  });

  it("answers typed SDK errors: bad or revoked key, unknown agent, agent the key excludes, access off", async () => {
    const mine = await createAgent({ userId: ann, input: draft("Mine") });
    const other = await createAgent({ userId: ann, input: draft("Other") });
    const bobs = await createAgent({ userId: bob, input: draft("Bob private") });
    await expect(client("dc_wrong").models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(client(secret).models.retrieve("nope")).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    const hidden = await client(secret)
      .models.retrieve(bobs.id)
      .catch((e) => e);
    expect(hidden).toBeInstanceOf(OpenAI.NotFoundError);
    expect(hidden.code).toBe("model_not_found");
    const limited = await createApiKey({
      userId: ann,
      input: { name: "l", expiresInDays: 0, agentIds: [mine.id] },
    });
    expect((await client(limited.secret).models.retrieve(mine.id)).id).toBe(mine.id);
    const excluded = await client(limited.secret)
      .models.retrieve(other.id)
      .catch((e) => e);
    expect(excluded).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect(excluded.error).toMatchObject({
      type: "invalid_request_error",
      code: "model_not_allowed",
      param: "model",
    });
    await setUserApiAccess({ id: ann, apiAccess: false });
    await expect(client(secret).models.list()).rejects.toBeInstanceOf(OpenAI.PermissionDeniedError);
    await setUserApiAccess({ id: ann, apiAccess: true });
    expect((await client(secret).models.list()).data.length).toBe(2);
    await revokeUserApiKey({ userId: ann, id: keyId });
    const revoked = await client(secret)
      .models.list()
      .catch((e) => e);
    expect(revoked).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(revoked.error.code).toBe("invalid_api_key");
    expect(JSON.stringify(revoked.error)).not.toContain(secret);
  });
});
