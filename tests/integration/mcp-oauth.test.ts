import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "@/lib/agents";
import { type ScriptContext, scriptedModelFactory } from "@/lib/agents/testing/scripted-model";
import { createAgent } from "@/lib/builder/agents";
import { listToolChoices } from "@/lib/builder/tools";
import { setTestModelFactory } from "@/lib/chat/test-hooks";
import { isAppError } from "@/lib/errors";
import {
  createMcpServer,
  listMcpToolsForUser,
  type McpServerSummary,
  refreshMcpServer,
  resolveMcpTools,
  updateMcpServer,
} from "@/lib/mcp";
import { beginMcpConnection, disconnectMcpConnection, listMcpConnections } from "@/lib/mcp/oauth/connections";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "@/lib/providers";
import { makeUser, post, readStream, type StreamItem } from "../helpers/chat-fixtures";
import { consent, type OAuthTestServer, startOAuthTestServer } from "../helpers/mcp-oauth-server";
import { query, resetDatabase } from "../helpers/reset-db";
import { exec, quietPool } from "./mcp-helpers";

// Per-user OAuth 2.1 MCP servers against a local authorization server + MCP server (the SDK's own
// server-side auth helpers): connect (discovery, dynamic registration, PKCE, callback), calls
// with the chatting user's own token, expiry and refresh, disconnect and revocation, and that
// nobody reaches another user's authorization.
const session = vi.hoisted(() => ({ userId: null as string | null }));
vi.mock("@/lib/auth/index", () => ({
  auth: async () =>
    session.userId ? (await import("../helpers/auth-session")).testSession(session.userId) : null,
}));

const callbackRoute = await import("@/app/api/mcp/oauth/callback/route");
const chatRoute = await import("@/app/api/chat/route");

const ORIGIN = "http://localhost:3000";
// Access tokens live 2 s here; waiting this long means the next call's token has expired.
const EXPIRY_WAIT_MS = 3100;
const eventsOf = (items: StreamItem[]) => items.filter((i): i is RunEvent => i.type !== "meta");
const hasToolResult = (ctx: ScriptContext) => ctx.messages.some((m) => m.getType() === "tool");

async function codeOf(fn: () => Promise<unknown>): Promise<string> {
  const err = await fn().then(
    () => null,
    (e) => e,
  );
  if (!isAppError(err)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err.code;
}

/** The browser's way back from the service: GET the callback as the signed-in `userId`. */
async function callback(userId: string | null, url: URL | string) {
  session.userId = userId;
  const search = typeof url === "string" ? url : url.search;
  return callbackRoute.GET(new Request(`${ORIGIN}/api/mcp/oauth/callback${search}`));
}

describe("per-user OAuth MCP servers", () => {
  let svc: OAuthTestServer;
  let server: McpServerSummary;
  let alice: { id: string };
  let bob: { id: string };
  let logged: string[];
  const pool = quietPool();

  /** Connect as `userId`, signing in at the service as `account`; returns the callback's answer. */
  async function connect(userId: string, account: string) {
    const { authorizationUrl } = await beginMcpConnection({ userId, serverId: server.id, origin: ORIGIN });
    if (!authorizationUrl) throw new Error("expected a consent to begin");
    return callback(userId, await consent(authorizationUrl, account));
  }
  const whoami = () => `${server.slug}__whoami`;
  async function callAs(userId: string) {
    const { tools, missing } = await resolveMcpTools({ userId, names: [whoami()], pool });
    if (!tools[0]) throw new Error(`not resolved: ${JSON.stringify(missing)}`);
    return exec(tools[0], {});
  }
  const callError = (userId: string) =>
    callAs(userId).then(
      () => "",
      (e: Error) => e.message,
    );

  beforeAll(async () => {
    svc = await startOAuthTestServer({ accessTokenSeconds: 2 });
  });
  afterAll(async () => {
    setTestModelFactory(undefined);
    await pool.closeAll();
    await svc.stop();
  });
  beforeEach(async () => {
    await resetDatabase();
    await pool.closeAll();
    alice = await makeUser("Alice");
    bob = await makeUser("Bob");
    server = await createMcpServer({
      input: { name: "Test GitHub", transport: "http", url: svc.url, auth: "oauth" },
    });
    logged = [];
    for (const level of ["log", "warn", "error", "info"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(" "));
      });
    }
  });
  afterEach(() => {
    vi.restoreAllMocks();
    // No token or client secret ever reaches a log line.
    const secrets = svc.issuedTokens();
    for (const line of logged) for (const s of secrets) expect(line).not.toContain(s);
  });

  it("connects a user through discovery, dynamic registration and PKCE, and calls with their own token", async () => {
    const registrationsBefore = svc.registrations;
    const res = await connect(alice.id, "alice-gh");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${ORIGIN}/settings/connections?connected=${server.id}`);
    expect(svc.registrations).toBe(registrationsBefore + 1);
    expect(svc.grants).toContain("authorization_code");

    // Stored encrypted: no token in the row, and the in-flight state and verifier are gone.
    const [row] = await query<Record<string, string | null>>(
      `SELECT "tokensEncrypted", "pendingState", "verifierEncrypted" FROM "McpOAuthConnection" WHERE "userId" = $1`,
      [alice.id],
    );
    expect(row.pendingState).toBeNull();
    expect(row.verifierEncrypted).toBeNull();
    for (const t of svc.issuedTokens()) expect(row.tokensEncrypted).not.toContain(t);
    const [srv] = await query<{ oauthClientEncrypted: string }>(
      `SELECT "oauthClientEncrypted" FROM "McpServer" WHERE id = $1`,
      [server.id],
    );
    expect(srv.oauthClientEncrypted).toMatch(/\S/);
    expect(srv.oauthClientEncrypted).not.toContain("client_secret");

    expect(await listMcpConnections({ userId: alice.id })).toEqual([
      { server: { id: server.id, name: "Test GitHub" }, connected: true, connectedAt: expect.any(Date) },
    ]);
    expect(await listMcpConnections({ userId: bob.id })).toEqual([
      { server: { id: server.id, name: "Test GitHub" }, connected: false, connectedAt: null },
    ]);

    // Refreshing without an account of one's own is refused, and marks nothing "unavailable" for everyone.
    expect(await codeOf(() => refreshMcpServer({ id: server.id, userId: bob.id, pool }))).toBe(
      "bad_request:mcp_oauth_connect_first",
    );
    expect(
      (await listMcpToolsForUser({ userId: alice.id })).find((g) => g.server.id === server.id),
    ).toMatchObject({ status: "unknown" });
    // The admin's refresh lists the tools with the refresher's own authorization.
    const refreshed = await refreshMcpServer({ id: server.id, userId: alice.id, pool });
    expect(refreshed).toMatchObject({ status: "connected", auth: "oauth" });
    expect(refreshed.tools.map((t) => t.name)).toEqual(["whoami"]);

    expect(await callAs(alice.id)).toBe("Signed in as alice-gh");
    expect(svc.calls.at(-1)).toMatchObject({ tool: "whoami", account: "alice-gh" });
    // A second user connects with the same registration (one client per server).
    await connect(bob.id, "bob-gh");
    expect(svc.registrations).toBe(registrationsBefore + 1);
    // The app moved to another address: its registration's redirect URI is stale, so it registers again.
    const carol = await makeUser("Carol");
    const moved = await beginMcpConnection({
      userId: carol.id,
      serverId: server.id,
      origin: "http://127.0.0.1:3999",
    });
    expect(moved.authorizationUrl).toContain(
      encodeURIComponent("http://127.0.0.1:3999/api/mcp/oauth/callback"),
    );
    expect(svc.registrations).toBe(registrationsBefore + 2);
  });

  it("tells a user who has not connected where to connect, and sends nothing to the server for them", async () => {
    await connect(alice.id, "alice-gh");
    await refreshMcpServer({ id: server.id, userId: alice.id, pool });
    const refusedBefore = svc.refused;
    const callsBefore = svc.calls.length;
    const message = await callError(bob.id);
    expect(message).toContain('"Test GitHub"');
    expect(message).toContain(`${ORIGIN}/settings/connections`);
    expect(svc.calls.length).toBe(callsBefore);
    expect(svc.refused).toBe(refusedBefore);
    // Nothing was begun on Bob's behalf (no authorization in flight, no row).
    const rows = await query(`SELECT 1 FROM "McpOAuthConnection" WHERE "userId" = $1`, [bob.id]);
    expect(rows).toHaveLength(0);
    // The builder's picker offers Bob the Connect link, not Alice.
    const groupFor = async (userId: string) =>
      (await listToolChoices({ userId })).find((g) => g.id === server.id);
    expect(await groupFor(bob.id)).toMatchObject({ needsConnection: true });
    expect(await groupFor(alice.id)).not.toHaveProperty("needsConnection");
    // A user's "not connected" is not the server's status for everyone.
    expect(
      (await listMcpToolsForUser({ userId: alice.id })).find((g) => g.server.id === server.id),
    ).toMatchObject({
      status: "connected",
    });
  });

  it("refreshes an expired access token through the SDK and keeps calling", async () => {
    await connect(alice.id, "alice-gh");
    await refreshMcpServer({ id: server.id, userId: alice.id, pool });
    const [before] = await query<{ t: string }>(
      `SELECT "tokensEncrypted" AS t FROM "McpOAuthConnection" WHERE "userId" = $1`,
      [alice.id],
    );
    expect(await callAs(alice.id)).toBe("Signed in as alice-gh");
    const refreshesBefore = svc.grants.filter((g) => g === "refresh_token").length;
    const refusedBefore = svc.refused;
    await new Promise((r) => setTimeout(r, EXPIRY_WAIT_MS));
    expect(await callAs(alice.id)).toBe("Signed in as alice-gh");
    expect(svc.refused).toBeGreaterThan(refusedBefore);
    expect(svc.grants.filter((g) => g === "refresh_token").length).toBeGreaterThan(refreshesBefore);
    const [after] = await query<{ t: string }>(
      `SELECT "tokensEncrypted" AS t FROM "McpOAuthConnection" WHERE "userId" = $1`,
      [alice.id],
    );
    expect(after.t).not.toBe(before.t);
    expect(svc.calls.at(-1)?.account).toBe("alice-gh");
  });

  it("disconnect revokes the tokens at the service and the next call asks to connect again", async () => {
    await connect(alice.id, "alice-gh");
    await refreshMcpServer({ id: server.id, userId: alice.id, pool });
    expect(await callAs(alice.id)).toBe("Signed in as alice-gh");
    const issued = svc.issuedTokens();
    expect(await disconnectMcpConnection({ userId: alice.id, serverId: server.id, pool })).toEqual({
      revoked: true,
    });
    expect(svc.revoked.some((t) => issued.includes(t) && t.startsWith("rt-"))).toBe(true);
    expect(await query(`SELECT 1 FROM "McpOAuthConnection" WHERE "userId" = $1`, [alice.id])).toHaveLength(0);
    expect(await callError(alice.id)).toMatch(/have not connected.*"Test GitHub"/);
    // Disconnecting again: nothing to disconnect.
    expect(await codeOf(() => disconnectMcpConnection({ userId: alice.id, serverId: server.id, pool }))).toBe(
      "not_found:mcp_connection",
    );
  });

  it("an authorization the service ended (refresh refused) becomes 'connect again', for that user only", async () => {
    await connect(alice.id, "alice-gh");
    await connect(bob.id, "bob-gh");
    await refreshMcpServer({ id: server.id, userId: alice.id, pool });
    expect(await callAs(alice.id)).toBe("Signed in as alice-gh");
    svc.revokeAccount("alice-gh");
    await new Promise((r) => setTimeout(r, EXPIRY_WAIT_MS));
    expect(await callError(alice.id)).toMatch(/have not connected.*"Test GitHub".*settings\/connections/);
    const [row] = await query<{ t: string | null }>(
      `SELECT "tokensEncrypted" AS t FROM "McpOAuthConnection" WHERE "userId" = $1`,
      [alice.id],
    );
    expect(row.t).toBeNull();
    expect(await callAs(bob.id)).toBe("Signed in as bob-gh");
  });

  it("a shared agent calls with the chatting user's token, never the owner's", async () => {
    await connect(alice.id, "alice-gh");
    await connect(bob.id, "bob-gh");
    await refreshMcpServer({ id: server.id, userId: alice.id, pool });
    const agent = await createAgent({
      userId: alice.id,
      input: {
        name: "Who am I",
        provider: DEMO_ENDPOINT_ID,
        model: DEMO_MODEL_ID,
        tools: [whoami()],
        visibility: "public",
      },
    });
    setTestModelFactory(
      scriptedModelFactory({
        [agent.id]: (ctx) =>
          hasToolResult(ctx)
            ? { text: `tool said: ${ctx.lastText}` }
            : { toolCalls: [{ name: whoami(), args: {} }] },
      }),
    );
    const chatAs = async (userId: string) => {
      session.userId = userId;
      const evs = eventsOf(
        await readStream(await chatRoute.POST(post("/api/chat", { agentId: agent.id, text: "who?" }))),
      );
      expect(evs.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
      return evs.find((e) => e.type === "tool_call_end");
    };
    const tokensOf = (account: string) => svc.calls.filter((c) => c.account === account).map((c) => c.token);

    expect(await chatAs(bob.id)).toMatchObject({ result: "Signed in as bob-gh" });
    expect(svc.calls.at(-1)?.account).toBe("bob-gh");
    expect(await chatAs(alice.id)).toMatchObject({ result: "Signed in as alice-gh" });
    expect(svc.calls.at(-1)?.account).toBe("alice-gh");
    // Two accounts, two different tokens on the wire.
    expect(new Set(tokensOf("bob-gh")).size).toBeGreaterThan(0);
    for (const t of tokensOf("bob-gh")) expect(tokensOf("alice-gh")).not.toContain(t);

    // Bob disconnects: his run does not fall back to the owner's token.
    await disconnectMcpConnection({ userId: bob.id, serverId: server.id });
    const callsBefore = svc.calls.length;
    const end = await chatAs(bob.id);
    expect(end).toMatchObject({ error: expect.stringMatching(/have not connected.*"Test GitHub"/) });
    expect(svc.calls.length).toBe(callsBefore);
  });

  it("refuses bad and foreign callbacks, and servers the user may not use, storing nothing", async () => {
    const { authorizationUrl } = await beginMcpConnection({
      userId: alice.id,
      serverId: server.id,
      origin: ORIGIN,
    });
    const back = await consent(authorizationUrl as string, "alice-gh");

    // Not signed in: 401, typed.
    const anonymous = await callback(null, back);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: "unauthorized" });
    // Bob cannot finish Alice's consent (he would get her account).
    const foreign = await callback(bob.id, back);
    expect(foreign.headers.get("location")).toBe(`${ORIGIN}/settings/connections?error=state`);
    // Unknown state, missing code, and a refusal at the service.
    const forged = new URL(back);
    forged.searchParams.set("state", "made-up");
    expect((await callback(alice.id, forged)).headers.get("location")).toMatch(/error=state$/);
    expect((await callback(alice.id, "?state=x")).headers.get("location")).toMatch(/error=state$/);
    expect((await callback(alice.id, "?error=access_denied&state=x")).headers.get("location")).toMatch(
      /error=denied$/,
    );
    const tokens = await query(`SELECT 1 FROM "McpOAuthConnection" WHERE "tokensEncrypted" IS NOT NULL`);
    expect(tokens).toHaveLength(0);
    // Alice's own consent still finishes (her state was not spent by the others).
    expect((await callback(alice.id, back)).headers.get("location")).toMatch(/connected=/);
    // Used once: the same callback again is refused.
    expect((await callback(alice.id, back)).headers.get("location")).toMatch(/error=state$/);

    // A server restricted to Alice, and a plain server, do not exist for connecting.
    await updateMcpServer({
      id: server.id,
      input: {
        name: "Test GitHub",
        transport: "http",
        url: svc.url,
        auth: "oauth",
        restricted: true,
        allowedUserIds: [alice.id],
      },
      pool,
    });
    expect(
      await codeOf(() => beginMcpConnection({ userId: bob.id, serverId: server.id, origin: ORIGIN })),
    ).toBe("not_found:mcp_server");
    expect(await listMcpConnections({ userId: bob.id })).toEqual([]);
    const plain = await createMcpServer({ input: { name: "Plain", transport: "http", url: svc.url } });
    expect(
      await codeOf(() => beginMcpConnection({ userId: alice.id, serverId: plain.id, origin: ORIGIN })),
    ).toBe("not_found:mcp_server");
    expect(
      await codeOf(() => beginMcpConnection({ userId: alice.id, serverId: "nope", origin: ORIGIN })),
    ).toBe("not_found:mcp_server");
    // OAuth is for HTTP servers only: a typed field error.
    const err = await createMcpServer({
      input: { name: "Bad", transport: "stdio", command: "x", auth: "oauth" },
    }).catch((e) => e);
    expect(isAppError(err) && err.code).toBe("bad_request:mcp_server");
    expect(err.fields).toHaveProperty("auth");
  });
});
