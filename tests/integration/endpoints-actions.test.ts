import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { registerUser } from "@/lib/auth/register";
import { type FakeServer, startFakeOpenAIServer } from "../helpers/fake-openai-server";
import { serverIntl } from "../helpers/intl-server";
import { query, resetDatabase } from "../helpers/reset-db";

// The admin's endpoint actions and the user's key actions, called directly as the browser would.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
// Server actions translate their notices: the English catalog unless a test picks zh-CN.
vi.mock("next-intl/server", () => import("../helpers/intl-server"));

const { saveEndpointAction, deleteEndpointAction, fetchModelsAction } = await import(
  "@/app/(app)/admin/endpoints/actions"
);
const { saveMyKeyAction, removeMyKeyAction } = await import("@/app/(app)/settings/actions");

const KEY = "sk-fake-key-abcdef123456";

function isNotFound(err: unknown): boolean {
  return String((err as { digest?: string }).digest ?? "").includes("404");
}

function form(extra: Record<string, unknown> = {}) {
  return {
    name: "Fake vLLM",
    protocol: "openai",
    baseURL: "http://127.0.0.1:9/v1",
    apiKey: KEY,
    removeKey: false,
    headers: [{ name: "X-Org", value: "org-1" }],
    models: "fake-model\nfake-model-mini",
    access: "everyone",
    allowedEmails: "",
    allowUserKeys: true,
    ...extra,
  };
}

async function endpointRows() {
  return query(`SELECT * FROM "Endpoint" ORDER BY name`);
}

describe("endpoint actions", () => {
  let adminId: string;
  let userId: string;
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeOpenAIServer({ apiKey: KEY, models: ["fake-model", "fake-model-mini"] });
  });
  afterAll(async () => server.close());
  beforeEach(async () => {
    await resetDatabase();
    serverIntl.locale = "en";
    const reg = (name: string) =>
      registerUser({
        input: { name, email: `${name.toLowerCase()}@example.com`, password: "correct-horse-42" },
      });
    adminId = (await reg("Admin")).id;
    userId = (await reg("User")).id;
  });

  it("answer a normal user and an anonymous caller with 404 and change nothing", async () => {
    session.userId = adminId;
    const saved = await saveEndpointAction(form());
    if (!saved.ok) throw new Error(saved.error.message);
    const before = await endpointRows();

    for (const who of [userId, null]) {
      session.userId = who;
      const calls = [
        () => saveEndpointAction(form({ name: "Sneaky" })),
        () =>
          saveEndpointAction(
            form({ id: saved.data.id, apiKey: "attacker-key-99999", baseURL: "http://evil.test/v1" }),
          ),
        () => deleteEndpointAction({ id: saved.data.id }),
        () => fetchModelsAction({ ...form(), id: saved.data.id, apiKey: "", baseURL: "http://evil.test/v1" }),
      ];
      for (const call of calls) expect(isNotFound(await call().catch((e) => e))).toBe(true);
    }
    expect(await endpointRows()).toEqual(before);
    expect(server.requests).toHaveLength(0);
  });

  it("let the admin add, edit and delete an endpoint; the answers never carry the key", async () => {
    session.userId = adminId;
    const created = await saveEndpointAction(form({ access: "selected", allowedEmails: "User@example.com" }));
    expect(created).toMatchObject({ ok: true, message: "Saved Fake vLLM." });
    if (!created.ok) return;
    expect(JSON.stringify(created)).not.toContain(KEY);
    const [row] = await query<{ restricted: boolean; models: string[]; apiKeyLast4: string }>(
      `SELECT restricted, models, "apiKeyLast4" FROM "Endpoint"`,
    );
    expect(row).toEqual({ restricted: true, models: ["fake-model", "fake-model-mini"], apiKeyLast4: "3456" });
    expect(await query(`SELECT "userId" FROM "EndpointUser"`)).toEqual([{ userId }]);

    // Empty key and header value = keep them. Edited by an admin reading Chinese: the notice too.
    serverIntl.locale = "zh-CN";
    const edited = await saveEndpointAction(
      form({
        id: created.data.id,
        apiKey: "",
        headers: [{ name: "X-Org", value: "" }],
        access: "everyone",
        models: "fake-model",
      }),
    );
    expect(edited).toMatchObject({ ok: true, message: "已保存 Fake vLLM。" });
    serverIntl.locale = "en";
    const [after] = await query<{ apiKeyLast4: string; models: string[]; headersEncrypted: string }>(
      `SELECT "apiKeyLast4", models, "headersEncrypted" FROM "Endpoint"`,
    );
    expect(after.apiKeyLast4).toBe("3456");
    expect(after.models).toEqual(["fake-model"]);
    expect(after.headersEncrypted).toMatch(/^enc:v1:/);
    expect(await query(`SELECT * FROM "EndpointUser"`)).toEqual([]);

    // Remove the key explicitly.
    expect((await saveEndpointAction(form({ id: created.data.id, apiKey: "", removeKey: true }))).ok).toBe(
      true,
    );
    expect(await query(`SELECT "apiKeyEncrypted" FROM "Endpoint"`)).toEqual([{ apiKeyEncrypted: null }]);

    expect(await deleteEndpointAction({ id: created.data.id })).toEqual({ ok: true, data: null });
    expect(await endpointRows()).toEqual([]);
    expect(await deleteEndpointAction({ id: created.data.id })).toMatchObject({ ok: false });
  });

  it("refuse bad input with a message per field and write nothing", async () => {
    session.userId = adminId;
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ name: "  " }, "name"],
      [{ name: "x".repeat(61) }, "name"],
      [{ protocol: "cohere" }, "protocol"],
      [{ baseURL: "ftp://example.com" }, "baseURL"],
      [{ baseURL: "not a url" }, "baseURL"],
      [{ apiKey: "has space inside" }, "apiKey"],
      [{ models: "  \n , " }, "models"],
      [{ headers: [{ name: "Bad Header", value: "v" }] }, "headers"],
      [{ headers: [{ name: "X-A", value: "" }] }, "headers"],
      [
        {
          headers: [
            { name: "X-A", value: "1" },
            { name: "x-a", value: "2" },
          ],
        },
        "headers",
      ],
      [{ access: "selected", allowedEmails: "" }, "allowedEmails"],
      [{ access: "selected", allowedEmails: "nobody@example.com" }, "allowedEmails"],
      [{ access: "selected", allowedEmails: "not-an-email" }, "allowedEmails"],
      [{ apiKey: "sk-new-123456789", removeKey: true }, "apiKey"],
    ];
    for (const [patch, field] of bad) {
      const r = await saveEndpointAction(form(patch));
      expect(r.ok, JSON.stringify(patch)).toBe(false);
      if (!r.ok) expect(Object.keys(r.error.fields ?? {}), JSON.stringify(patch)).toContain(field);
    }
    expect(await endpointRows()).toEqual([]);

    // A name clash is a field error too, and the first endpoint stays as it was.
    expect((await saveEndpointAction(form())).ok).toBe(true);
    const before = await endpointRows();
    const clash = await saveEndpointAction(form({ name: "FAKE vllm", baseURL: "http://other.test/v1" }));
    expect(clash).toMatchObject({
      ok: false,
      error: {
        code: "conflict:endpoint_name",
        fields: { name: "An endpoint with this name already exists." },
      },
    });
    expect(await endpointRows()).toEqual(before);
  });

  it("fetch the models of an unsaved and of a saved endpoint, with a clear message when it fails", async () => {
    session.userId = adminId;
    const draft = form({ baseURL: server.url, models: "" });
    expect(await fetchModelsAction(draft)).toEqual({
      ok: true,
      data: { models: ["fake-model", "fake-model-mini"] },
    });
    expect(server.requests.at(-1)?.headers["x-org"]).toBe("org-1");

    expect(await fetchModelsAction({ ...draft, apiKey: "sk-wrong-key-000000" })).toEqual({
      ok: false,
      error: {
        code: "provider:auth",
        message: expect.stringMatching(/^The endpoint Fake vLLM rejected the API key/),
      },
    });
    const unreachable = await fetchModelsAction({ ...draft, baseURL: "http://127.0.0.1:9/v1" });
    expect(unreachable).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining("Could not reach the endpoint Fake vLLM") },
    });
    expect(JSON.stringify(unreachable)).not.toContain(KEY);

    // Saved endpoint: an empty key field uses the stored key.
    const saved = await saveEndpointAction({ ...draft, models: "fake-model" });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(
      await fetchModelsAction({
        ...draft,
        id: saved.data.id,
        apiKey: "",
        headers: [{ name: "X-Org", value: "" }],
      }),
    ).toEqual({
      ok: true,
      data: { models: ["fake-model", "fake-model-mini"] },
    });
    expect(server.requests.at(-1)?.headers["x-org"]).toBe("org-1");
  });

  it("never send a stored key or header value to a base URL other than the one it was saved with", async () => {
    session.userId = adminId;
    // A second server that accepts any key: it must never see the stored one.
    const other = await startFakeOpenAIServer({ models: ["other-model"] });
    try {
      const saved = await saveEndpointAction(form({ baseURL: server.url, models: "fake-model" }));
      if (!saved.ok) throw new Error(saved.error.message);
      const id = saved.data.id;
      const keep = { id, apiKey: "", headers: [{ name: "X-Org", value: "" }] };

      const moved = await fetchModelsAction({ ...form(), ...keep, baseURL: other.url });
      expect(moved).toMatchObject({
        ok: false,
        error: { code: "bad_request:endpoint_secret", fields: { apiKey: expect.stringMatching(/again/) } },
      });
      // A new key but the stored header value: still refused (the header value is a secret too).
      const headerKept = await fetchModelsAction({
        ...form(),
        ...keep,
        apiKey: "sk-typed-again-1234",
        baseURL: other.url,
      });
      expect(headerKept).toMatchObject({ ok: false, error: { fields: { headers: expect.any(String) } } });
      // Nor may an edit move the stored secrets to another address.
      const before = await endpointRows();
      const edit = await saveEndpointAction(form({ ...keep, baseURL: other.url }));
      expect(edit).toMatchObject({ ok: false, error: { code: "bad_request:endpoint_secret" } });
      expect(await endpointRows()).toEqual(before);
      expect(other.requests).toEqual([]);

      // Typing the secrets again sends what was typed, to the new address.
      const retyped = await fetchModelsAction({
        ...form(),
        id,
        apiKey: "sk-typed-again-1234",
        headers: [{ name: "X-Org", value: "org-2" }],
        baseURL: other.url,
      });
      expect(retyped).toEqual({ ok: true, data: { models: ["other-model"] } });
      expect(JSON.stringify(other.requests)).not.toContain(KEY);
      expect(other.requests.at(-1)?.headers.authorization).toBe("Bearer sk-typed-again-1234");

      // The saved address still gets the stored key.
      expect(await fetchModelsAction({ ...form(), ...keep, baseURL: `${server.url}/` })).toMatchObject({
        ok: true,
      });
      expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    } finally {
      await other.close();
    }
  });

  it("let a user store, replace and remove their own key; masked, never echoed", async () => {
    session.userId = adminId;
    const saved = await saveEndpointAction(form());
    if (!saved.ok) throw new Error(saved.error.message);
    session.userId = userId;
    expect(await saveMyKeyAction({ endpointId: saved.data.id, apiKey: "   " })).toMatchObject({
      ok: false,
      error: { fields: { apiKey: expect.any(String) } },
    });
    expect(await query(`SELECT * FROM "UserEndpointKey"`)).toEqual([]);

    const r = await saveMyKeyAction({ endpointId: saved.data.id, apiKey: "user-key-aaaa1111" });
    expect(r).toEqual({ ok: true, data: null, message: "Your key is saved." });
    // A user whose language is Chinese reads the notice in Chinese.
    serverIntl.locale = "zh-CN";
    expect(await saveMyKeyAction({ endpointId: saved.data.id, apiKey: "user-key-aaaa1111" })).toEqual({
      ok: true,
      data: null,
      message: "你的密钥已保存。",
    });
    serverIntl.locale = "en";
    await saveMyKeyAction({ endpointId: saved.data.id, apiKey: "user-key-bbbb2222" });
    const rows = await query<{ keyLast4: string; keyEncrypted: string; userId: string }>(
      `SELECT "keyLast4", "keyEncrypted", "userId" FROM "UserEndpointKey"`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ keyLast4: "2222", userId });
    expect(rows[0].keyEncrypted).not.toContain("bbbb");

    expect(await removeMyKeyAction({ endpointId: saved.data.id })).toMatchObject({ ok: true });
    expect(await query(`SELECT * FROM "UserEndpointKey"`)).toEqual([]);

    session.userId = null;
    expect(await saveMyKeyAction({ endpointId: saved.data.id, apiKey: "anon-key-123456" })).toMatchObject({
      ok: false,
      error: { code: "unauthorized" },
    });
    expect(await query(`SELECT * FROM "UserEndpointKey"`)).toEqual([]);
  });
});
