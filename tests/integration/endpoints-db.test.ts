import { beforeEach, describe, expect, it } from "vitest";
import { createEndpoint, type EndpointInput, getAdminEndpoint, updateEndpoint } from "@/lib/endpoints/admin";
import { listDbEndpoints, listEndpointsForUser, listModelChoices } from "@/lib/endpoints/catalog";
import {
  listPersonalKeySlots,
  removeUserEndpointKey,
  setUserEndpointKey,
} from "@/lib/endpoints/personal-keys";
import { resolveEndpointForUser } from "@/lib/endpoints/resolve";
import { DEMO_ENDPOINT_ID } from "@/lib/providers";
import { makeUser } from "../helpers/chat-fixtures";
import { query, resetDatabase } from "../helpers/reset-db";

const KEY = "sk-live-0123456789abcdefWXYZ";

function input(extra: Partial<EndpointInput> = {}): EndpointInput {
  return {
    name: "Local vLLM",
    protocol: "openai",
    baseURL: "http://127.0.0.1:9/v1",
    apiKey: KEY,
    headers: { "X-Org": "org-secret-value" },
    models: ["m1", "m2"],
    restricted: false,
    allowUserKeys: false,
    allowedUserIds: [],
    ...extra,
  };
}

async function rowOf(id: string) {
  const [row] = await query<{
    apiKeyEncrypted: string | null;
    apiKeyLast4: string | null;
    headersEncrypted: string | null;
  }>(`SELECT "apiKeyEncrypted", "apiKeyLast4", "headersEncrypted" FROM "Endpoint" WHERE id = $1`, [id]);
  return row;
}

describe("stored endpoints", () => {
  let alice: { id: string };
  let bob: { id: string };
  beforeEach(async () => {
    await resetDatabase();
    alice = await makeUser("Alice");
    bob = await makeUser("Bob");
  });

  it("keep the key and headers unreadable in the row, bound to that row", async () => {
    const a = await createEndpoint({ input: input() });
    const b = await createEndpoint({ input: input({ name: "Second" }) });
    const [ra, rb] = [await rowOf(a.id), await rowOf(b.id)];
    const dump = JSON.stringify(await query(`SELECT * FROM "Endpoint"`));
    expect(dump).not.toContain(KEY);
    expect(dump).not.toContain("0123456789");
    expect(dump).not.toContain("org-secret-value");
    expect(ra.apiKeyEncrypted).toMatch(/^enc:v1:/);
    expect(ra.apiKeyEncrypted).not.toBe(rb.apiKeyEncrypted);
    expect(ra.apiKeyLast4).toBe("WXYZ");

    expect((await resolveEndpointForUser({ id: a.id, userId: alice.id })).apiKey).toBe(KEY);
    expect((await resolveEndpointForUser({ id: a.id, userId: alice.id })).headers).toEqual({
      "X-Org": "org-secret-value",
    });

    // A ciphertext copied onto another row does not decrypt there.
    await query(`UPDATE "Endpoint" SET "apiKeyEncrypted" = $1 WHERE id = $2`, [ra.apiKeyEncrypted, b.id]);
    await expect(resolveEndpointForUser({ id: b.id, userId: alice.id })).rejects.toMatchObject({
      code: "provider:endpoint_secret",
    });
  });

  it("show only the last 4 characters to the admin and to users", async () => {
    const e = await createEndpoint({ input: input() });
    const views = [
      e,
      await listDbEndpoints(),
      await listEndpointsForUser({ userId: alice.id }),
      await getAdminEndpoint({ id: e.id }),
      await listModelChoices({ userId: alice.id }),
    ];
    for (const view of views) {
      const json = JSON.stringify(view);
      expect(json).not.toContain(KEY);
      expect(json).not.toContain("0123456789");
      expect(json).not.toContain("org-secret-value");
      expect(json).not.toContain("enc:v1");
    }
    expect(e.keyHint).toBe("••••WXYZ");
    expect((await getAdminEndpoint({ id: e.id })).headerNames).toEqual(["X-Org"]);
    // A short key shows no characters at all.
    expect((await updateEndpoint({ id: e.id, input: input({ apiKey: "short" }) })).keyHint).toBe("••••");
  });

  it("keeps the key and header values when the form leaves them empty, removes them on request", async () => {
    const e = await createEndpoint({ input: input() });
    const before = await rowOf(e.id);
    await updateEndpoint({
      id: e.id,
      input: input({ apiKey: undefined, headers: { "X-Org": null, "X-New": "n" }, models: ["m3"] }),
    });
    const kept = await resolveEndpointForUser({ id: e.id, userId: alice.id });
    expect(kept.apiKey).toBe(KEY);
    expect(kept.headers).toEqual({ "X-Org": "org-secret-value", "X-New": "n" });
    expect(kept.models).toEqual(["m3"]);
    expect((await rowOf(e.id)).apiKeyEncrypted).toBe(before.apiKeyEncrypted);

    await updateEndpoint({ id: e.id, input: input({ apiKey: "", headers: {} }) });
    expect(await rowOf(e.id)).toEqual({ apiKeyEncrypted: null, apiKeyLast4: null, headersEncrypted: null });
    const gone = await resolveEndpointForUser({ id: e.id, userId: alice.id });
    expect(gone.apiKey).toBeUndefined();
    expect(gone.headers).toBeUndefined();
  });

  it("hide restricted endpoints from other users and refuse to resolve them", async () => {
    const e = await createEndpoint({ input: input({ restricted: true, allowedUserIds: [alice.id] }) });
    expect((await listEndpointsForUser({ userId: alice.id })).map((x) => x.id)).toContain(e.id);
    expect((await listEndpointsForUser({ userId: bob.id })).map((x) => x.id)).not.toContain(e.id);
    expect((await listModelChoices({ userId: bob.id })).map((x) => x.id)).not.toContain(e.id);
    // Other users' ids never reach a picker.
    expect(
      (await listEndpointsForUser({ userId: alice.id })).find((x) => x.id === e.id)?.allowedUserIds,
    ).toEqual([]);
    await expect(resolveEndpointForUser({ id: e.id, userId: bob.id })).rejects.toMatchObject({
      code: "forbidden:endpoint",
      status: 403,
    });
    expect((await resolveEndpointForUser({ id: e.id, userId: alice.id })).apiKey).toBe(KEY);
  });

  it("offer DB endpoints in the model choices, and the demo by its protocol (pages label it)", async () => {
    const before = await listModelChoices({ userId: alice.id });
    const demo = before.find((c) => c.protocol === "demo");
    expect(demo?.id).toBe(DEMO_ENDPOINT_ID);
    const e = await createEndpoint({ input: input() });
    const after = await listModelChoices({ userId: alice.id });
    expect(after.find((c) => c.id === e.id)).toEqual({
      id: e.id,
      name: "Local vLLM",
      protocol: "openai",
      models: ["m1", "m2"],
    });
  });

  it("use a user's personal key instead of the shared one, only for them", async () => {
    const e = await createEndpoint({ input: input({ allowUserKeys: true }) });
    await setUserEndpointKey({ userId: alice.id, endpointId: e.id, apiKey: "alice-own-key-1234" });
    expect((await resolveEndpointForUser({ id: e.id, userId: alice.id })).apiKey).toBe("alice-own-key-1234");
    expect((await resolveEndpointForUser({ id: e.id, userId: bob.id })).apiKey).toBe(KEY);
    const slots = await listPersonalKeySlots({ userId: alice.id });
    expect(slots).toEqual([
      { endpointId: e.id, name: "Local vLLM", protocol: "openai", keyHint: "••••1234", hasSharedKey: true },
    ]);
    const [row] = await query<{ keyEncrypted: string }>(`SELECT "keyEncrypted" FROM "UserEndpointKey"`);
    expect(row.keyEncrypted).not.toContain("alice-own-key");

    // Moved to Bob, Alice's ciphertext does not decrypt.
    await query(
      `INSERT INTO "UserEndpointKey" ("userId","endpointId","keyEncrypted","keyLast4","updatedAt") VALUES ($1,$2,$3,'1234',now())`,
      [bob.id, e.id, row.keyEncrypted],
    );
    await expect(resolveEndpointForUser({ id: e.id, userId: bob.id })).rejects.toMatchObject({
      code: "provider:endpoint_secret",
    });

    await removeUserEndpointKey({ userId: alice.id, endpointId: e.id });
    expect((await resolveEndpointForUser({ id: e.id, userId: alice.id })).apiKey).toBe(KEY);

    // When the admin turns personal keys off, stored ones are ignored and new ones refused.
    await setUserEndpointKey({ userId: alice.id, endpointId: e.id, apiKey: "alice-own-key-1234" });
    await updateEndpoint({ id: e.id, input: input({ apiKey: undefined, allowUserKeys: false }) });
    expect((await resolveEndpointForUser({ id: e.id, userId: alice.id })).apiKey).toBe(KEY);
    await expect(
      setUserEndpointKey({ userId: alice.id, endpointId: e.id, apiKey: "another-key-5678" }),
    ).rejects.toMatchObject({ code: "forbidden:endpoint" });
  });

  it("refuse personal keys for restricted endpoints the user may not use", async () => {
    const e = await createEndpoint({
      input: input({ allowUserKeys: true, restricted: true, allowedUserIds: [alice.id] }),
    });
    expect(await listPersonalKeySlots({ userId: bob.id })).toEqual([]);
    await expect(
      setUserEndpointKey({ userId: bob.id, endpointId: e.id, apiKey: "bob-key-123456" }),
    ).rejects.toMatchObject({
      code: "not_found:endpoint",
    });
    expect(await query(`SELECT * FROM "UserEndpointKey"`)).toEqual([]);
  });

  it("refuse a second endpoint with the same name (any case) or a ready-made one's name", async () => {
    await createEndpoint({ input: input() });
    await expect(createEndpoint({ input: input({ name: "local VLLM" }) })).rejects.toMatchObject({
      code: "conflict:endpoint_name",
      fields: { name: { key: "conflict.endpoint_name" } },
    });
    await expect(
      createEndpoint({ input: input({ name: "Demo (scripted, offline)" }) }),
    ).rejects.toMatchObject({
      code: "conflict:endpoint_name",
    });
    expect(await query(`SELECT name FROM "Endpoint"`)).toEqual([{ name: "Local vLLM" }]);
  });
});
