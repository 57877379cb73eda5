import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorBody } from "@/lib/http/error-body";
import {
  deleteMcpServer,
  getMcpServerForAdmin,
  listMcpServersForAdmin,
  listMcpToolsForUser,
  McpToolError,
  NOTES_SERVER_ID,
  refreshMcpServer,
  resolveMcpTools,
  updateMcpServer,
} from "@/lib/mcp";
import { makeUser } from "../helpers/chat-fixtures";
import { type HttpTestServer, startHttpTestServer } from "../helpers/mcp-http-server";
import { installQueryCounter } from "../helpers/query-counter";
import { query, resetDatabase } from "../helpers/reset-db";
import {
  ENV_SECRET,
  exec,
  HEADER_SECRET,
  httpInput,
  quietPool,
  register,
  stdioInput,
  toolOf,
} from "./mcp-helpers";

describe("MCP servers (admin)", () => {
  let http: HttpTestServer;
  let other: HttpTestServer;
  let alice: { id: string };
  let bob: { id: string };
  let pool: ReturnType<typeof quietPool>;
  beforeAll(async () => {
    [http, other] = await Promise.all([startHttpTestServer(), startHttpTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([http.stop(), other.stop()]);
  });
  beforeEach(async () => {
    process.env.MCP_ALLOW_STDIO = "true";
    await resetDatabase();
    alice = await makeUser("Alice");
    bob = await makeUser("Bob");
    pool = quietPool();
  });
  afterEach(async () => {
    await pool.closeAll();
  });

  it("keep header and env values encrypted at rest, bound to their row, and out of every summary", async () => {
    const h = await register(httpInput(http.url));
    const s = await register((await stdioInput()).input);
    const dump = JSON.stringify(await query(`SELECT * FROM "McpServer"`));
    for (const secret of ["tok-live-7f3a9c1e5b2d4f60a8c9", ENV_SECRET]) expect(dump).not.toContain(secret);
    const summaries = JSON.stringify(await listMcpServersForAdmin());
    for (const secret of ["tok-live-7f3a9c1e5b2d4f60a8c9", ENV_SECRET])
      expect(summaries).not.toContain(secret);
    expect((await getMcpServerForAdmin({ id: h.id })).headerNames).toEqual(["Authorization"]);
    expect((await getMcpServerForAdmin({ id: s.id })).envNames).toEqual(["TEST_SECRET", "MCP_TEST_LOG"]);

    // A ciphertext copied onto another row does not decrypt there.
    const second = await register(httpInput(other.url, { name: "Second", headers: {} }));
    await query(
      `UPDATE "McpServer" SET "headersEncrypted" = (SELECT "headersEncrypted" FROM "McpServer" WHERE id = $1) WHERE id = $2`,
      [h.id, second.id],
    );
    expect((await getMcpServerForAdmin({ id: second.id })).secretsUnreadable).toBe(true);
    const { missing } = await resolveMcpTools({ userId: alice.id, names: [`${second.slug}__echo`], pool });
    expect(missing[0].reason).toMatch(/cannot be decrypted/);
  });

  it("keeps stored header values the form leaves empty, and replaces the connection when edited", async () => {
    const h = await register(
      httpInput(http.url, { headers: { Authorization: HEADER_SECRET, "X-Team": "blue-team-42" } }),
    );
    await refreshMcpServer({ id: h.id, pool });
    const echo = await toolOf(alice.id, pool, `${h.slug}__echo`);
    expect(await exec(echo, { text: "first" })).toBe("echo: first");
    const before = other.authorizations.length;

    await updateMcpServer({
      id: h.id,
      pool,
      input: httpInput(other.url, { name: "Renamed", headers: { Authorization: null } }),
    });
    const edited = await getMcpServerForAdmin({ id: h.id });
    expect(edited).toMatchObject({
      name: "Renamed",
      slug: h.slug,
      headerNames: ["Authorization"],
      url: other.url,
    });
    // The same tool (same model-facing name) now reaches the other server, with the kept header.
    const again = await toolOf(alice.id, pool, `${h.slug}__echo`);
    expect(await exec(again, { text: "second" })).toBe("echo: second");
    expect(other.authorizations.slice(before)).toContain(HEADER_SECRET);
  });

  it("refuses stdio servers unless the operator allows them, and their tools cannot run", async () => {
    const { input } = await stdioInput();
    const s = await register(input);
    delete process.env.MCP_ALLOW_STDIO;
    await expect(register({ ...input, name: "Another" })).rejects.toMatchObject({
      code: "forbidden:mcp_stdio",
    });
    expect((await getMcpServerForAdmin({ id: s.id })).stdioBlocked).toBe(true);
    const summary = await refreshMcpServer({ id: s.id, pool });
    expect(summary.status).toBe("error");
    expect(summary.lastError).toMatch(/MCP_ALLOW_STDIO=true/);
    const tool = await resolveMcpTools({ userId: alice.id, names: [`${s.slug}__echo`], pool });
    // The tool list is unknown (never refreshed), so the name cannot be resolved: reported, not thrown.
    expect(tool.missing).toHaveLength(1);
  });

  it("validates input with a message per field", async () => {
    // As the admin reads them: each field's catalog message, in the request's language.
    const written = async (p: Promise<unknown>) =>
      (
        await errorBody(
          await p.then(
            () => null,
            (e: unknown) => e,
          ),
          "zh-CN",
        )
      ).fields;
    await expect(register(httpInput("ftp://example.com"))).rejects.toMatchObject({
      code: "bad_request:mcp_server",
      fields: { url: { key: "field.url_http" } },
    });
    expect(await written(register(httpInput("ftp://example.com")))).toEqual({ url: "请输入 http(s) URL。" });
    expect(await written(register(httpInput(http.url, { headers: { "mcp-session-id": "x" } })))).toEqual({
      headers: "“mcp-session-id”不能用作请求头。",
    });
    await register(httpInput(http.url));
    await expect(register(httpInput(http.url))).rejects.toMatchObject({ code: "conflict:mcp_server_name" });
    await expect(register(httpInput(http.url, { name: "Notes (built-in)" }))).rejects.toMatchObject({
      code: "conflict:mcp_server_name",
    });
  });

  it("gives each server its own slug, so tool names never collide", async () => {
    const a = await register(httpInput(http.url, { name: "Tools!" }));
    const b = await register(httpInput(other.url, { name: "tools" }));
    const c = await register(httpInput(other.url, { name: "Notes" }));
    expect([a.slug, b.slug, c.slug]).toEqual(["tools", "tools-2", "notes-2"]);
  });

  it("restricted servers are invisible and unusable for users not listed", async () => {
    const h = await register(httpInput(http.url, { restricted: true, allowedUserIds: [alice.id] }));
    await refreshMcpServer({ id: h.id, pool });
    const servers = (u: string) => listMcpToolsForUser({ userId: u }).then((g) => g.map((x) => x.server.id));
    expect(await servers(alice.id)).toContain(h.id);
    expect(await servers(bob.id)).not.toContain(h.id);
    const forBob = await resolveMcpTools({ userId: bob.id, names: [`${h.slug}__echo`], pool });
    expect(forBob.tools).toEqual([]);
    expect(forBob.missing[0].reason).toMatch(/not available/);
  });

  it("resolves a run's tools from several servers in one statement, with the chatting user's access", async () => {
    const open = await register(httpInput(http.url, { name: "Open" }));
    const closed = await register(
      httpInput(other.url, { name: "Closed", restricted: true, allowedUserIds: [bob.id] }),
    );
    await refreshMcpServer({ id: open.id, pool });
    await refreshMcpServer({ id: closed.id, pool });
    await updateMcpServer({
      id: NOTES_SERVER_ID,
      pool,
      input: { restricted: true, allowedUserIds: [alice.id] },
    });
    const names = [`${open.slug}__echo`, `${closed.slug}__echo`, "notes__list_notes"];
    const counter = installQueryCounter();
    try {
      const forAlice = await resolveMcpTools({ userId: alice.id, names, pool });
      expect(counter.count()).toBe(1);
      expect(forAlice.tools.map((t) => t.name)).toEqual([`${open.slug}__echo`, "notes__list_notes"]);
      expect(forAlice.missing.map((m) => m.name)).toEqual([`${closed.slug}__echo`]);
      const forBob = await resolveMcpTools({ userId: bob.id, names, pool });
      expect(forBob.tools.map((t) => t.name)).toEqual([`${open.slug}__echo`, `${closed.slug}__echo`]);
      expect(forBob.missing.map((m) => m.name)).toEqual(["notes__list_notes"]);
    } finally {
      await counter.restore();
    }
  });

  it("a tool that disappeared is reported as missing; a down server's known tools fail fast when called", async () => {
    const h = await register(httpInput(http.url));
    await refreshMcpServer({ id: h.id, pool });
    const { tools, missing } = await resolveMcpTools({
      userId: alice.id,
      names: [`${h.slug}__echo`, `${h.slug}__gone`],
      pool,
    });
    expect(tools.map((t) => t.name)).toEqual([`${h.slug}__echo`]);
    expect(missing).toEqual([
      {
        name: `${h.slug}__gone`,
        kind: "gone",
        server: h.name,
        reason: expect.stringMatching(/no longer exists/),
      },
    ]);

    await updateMcpServer({ id: h.id, pool, input: httpInput("http://127.0.0.1:9/mcp") });
    const down = await resolveMcpTools({ userId: alice.id, names: [`${h.slug}__echo`], pool });
    const err = await exec(down.tools[0], { text: "x" }).catch((e) => e);
    expect(err).toBeInstanceOf(McpToolError);
    expect(err.failure).toBe("unavailable");
  });

  it("the built-in notes server is listed for everyone, can be restricted or disabled, not deleted", async () => {
    const listed = await listMcpServersForAdmin();
    expect(listed[0]).toMatchObject({ id: NOTES_SERVER_ID, builtin: true, enabled: true, transport: "http" });
    expect(listed[0].tools.find((t) => t.name === "delete_note")?.askByDefault).toBe(true);
    expect(listed[0].tools.find((t) => t.name === "save_note")?.askByDefault).toBe(false);
    await expect(deleteMcpServer({ id: NOTES_SERVER_ID, pool })).rejects.toMatchObject({
      code: "bad_request:mcp_builtin",
    });

    await updateMcpServer({
      id: NOTES_SERVER_ID,
      pool,
      input: { restricted: true, allowedUserIds: [alice.id] },
    });
    const has = async (u: string) =>
      (await listMcpToolsForUser({ userId: u })).some((g) => g.server.id === NOTES_SERVER_ID);
    expect([await has(alice.id), await has(bob.id)]).toEqual([true, false]);
    await updateMcpServer({ id: NOTES_SERVER_ID, pool, input: { enabled: false } });
    expect(await has(alice.id)).toBe(false);
    const names = ["notes__list_notes"];
    expect((await resolveMcpTools({ userId: alice.id, names, pool })).missing).toHaveLength(1);
  });

  it("deleting a server removes its tools from every user", async () => {
    const h = await register(httpInput(http.url));
    await refreshMcpServer({ id: h.id, pool });
    await deleteMcpServer({ id: h.id, pool });
    await expect(getMcpServerForAdmin({ id: h.id })).rejects.toMatchObject({ code: "not_found:mcp_server" });
    const { missing } = await resolveMcpTools({ userId: alice.id, names: [`${h.slug}__echo`], pool });
    expect(missing).toHaveLength(1);
  });
});
