import { beforeEach, describe, expect, it } from "vitest";
import { GET as listModels } from "@/app/v1/models/route";
import { authenticateApiKey } from "@/lib/api/authenticate";
import { createApiKey } from "@/lib/api/keys";
import { createAgent } from "@/lib/builder/agents";
import { listUserApiKeys, revokeUserApiKey, setUserApiAccess } from "@/lib/db/api-keys";
import { redactSecrets } from "@/lib/providers/errors";
import { query, resetDatabase } from "../helpers/reset-db";
import { draft, makeUser } from "./agents-helpers";

const bearer = (secret: string) => `Bearer ${secret}`;
const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code ?? String(e),
  );

describe("Agents API keys", () => {
  let ann: string;
  let bob: string;
  beforeEach(async () => {
    await resetDatabase();
    ann = await makeUser("ann@example.com");
    bob = await makeUser("bob@example.com");
  });

  it("stores only the hash; the secret authenticates its owner; only a request that runs something stamps lastUsedAt", async () => {
    const { secret, key } = await createApiKey({
      userId: ann,
      input: { name: "ci", expiresInDays: 30, agentIds: [] },
    });
    expect(secret).toMatch(/^dc_[A-Za-z0-9_-]{43}$/);
    const rows = await query(`SELECT * FROM "ApiKey"`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(3));
    expect(key.prefix).toBe(secret.slice(0, 9));
    const caller = await authenticateApiKey(bearer(secret));
    expect(caller.user.id).toBe(ann);
    // A GET (here GET /v1/models through its route) never writes: last use stays unset.
    const models = await listModels(
      new Request("http://app.test/v1/models", { headers: { authorization: bearer(secret) } }),
    );
    expect(models.status).toBe(200);
    expect((await listUserApiKeys({ userId: ann }))[0].lastUsedAt).toBeNull();
    await authenticateApiKey(bearer(secret), { recordUse: true });
    const [listed] = await listUserApiKeys({ userId: ann });
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed).not.toHaveProperty("keyHash");
  });

  it("refuses a missing, malformed, unknown, revoked or expired key, and a user with API access off", async () => {
    const { secret, key } = await createApiKey({
      userId: ann,
      input: { name: "k", expiresInDays: 7, agentIds: [] },
    });
    expect(await codeOf(authenticateApiKey(null))).toBe("unauthorized:api_key_missing");
    expect(await codeOf(authenticateApiKey("Bearer nope"))).toBe("unauthorized:api_key");
    expect(await codeOf(authenticateApiKey(bearer(`dc_${"A".repeat(43)}`)))).toBe("unauthorized:api_key");
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(await codeOf(authenticateApiKey(bearer(secret), { now: later }))).toBe(
      "unauthorized:api_key_expired",
    );
    await setUserApiAccess({ id: ann, apiAccess: false });
    expect(await codeOf(authenticateApiKey(bearer(secret)))).toBe("forbidden:api_access");
    await setUserApiAccess({ id: ann, apiAccess: null });
    expect(await codeOf(authenticateApiKey(bearer(secret)))).toBe("ok");
    // Another user can't revoke it; its owner can, and the next request is refused.
    expect(await revokeUserApiKey({ userId: bob, id: key.id })).toBe(false);
    expect(await codeOf(authenticateApiKey(bearer(secret)))).toBe("ok");
    expect(await revokeUserApiKey({ userId: ann, id: key.id })).toBe(true);
    expect(await codeOf(authenticateApiKey(bearer(secret)))).toBe("unauthorized:api_key");
  });

  it("limits a key only to agents its user may use", async () => {
    const mine = await createAgent({ userId: ann, input: draft("Mine") });
    const bobs = await createAgent({ userId: bob, input: draft("Bob's") });
    expect(
      await codeOf(
        createApiKey({ userId: ann, input: { name: "x", expiresInDays: 0, agentIds: [bobs.id] } }),
      ),
    ).toBe("not_found:agent");
    const { key } = await createApiKey({
      userId: ann,
      input: { name: "x", expiresInDays: 0, agentIds: [mine.id] },
    });
    expect(key.agentIds).toEqual([mine.id]);
    expect(key.expiresAt).toBeNull();
    expect(await listUserApiKeys({ userId: bob })).toEqual([]);
  });

  it("redacts a key from error text", async () => {
    const { secret } = await createApiKey({
      userId: ann,
      input: { name: "k", expiresInDays: 0, agentIds: [] },
    });
    expect(redactSecrets(`bad key ${secret} given`)).toBe("bad key [redacted] given");
  });
});
