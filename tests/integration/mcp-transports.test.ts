import { type AddressInfo, createServer, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { McpToolError, mcpRegistryTool, mcpSettings, refreshMcpServer, resolveMcpTools } from "@/lib/mcp";
import { makeUser } from "../helpers/chat-fixtures";
import { type HttpTestServer, startHttpTestServer } from "../helpers/mcp-http-server";
import { resetDatabase } from "../helpers/reset-db";
import {
  ENV_SECRET,
  exec,
  HEADER_SECRET,
  httpInput,
  quietPool,
  register,
  stdioInput,
  toolOf,
  until,
} from "./mcp-helpers";

const ECHO = { name: "echo", description: "Echoes", inputSchema: { type: "object" } };
const serverConfigOf = (id: string, slug: string, port: number) => ({
  id,
  name: "Silent",
  slug,
  transport: { type: "http" as const, url: `http://127.0.0.1:${port}/mcp`, headers: {} },
});

// Servers are real processes and sockets: allow for a busy machine (no timing is asserted).
describe("MCP tools over streamable HTTP and stdio", { timeout: 60_000 }, () => {
  let http: HttpTestServer;
  let user: { id: string };
  let pool: ReturnType<typeof quietPool>;
  beforeAll(async () => {
    process.env.MCP_ALLOW_STDIO = "true";
    http = await startHttpTestServer();
  });
  afterAll(async () => {
    await http.stop();
  });
  beforeEach(async () => {
    await resetDatabase();
    user = await makeUser("Alice");
    pool = quietPool();
  });
  afterEach(async () => {
    await pool.closeAll();
  });

  it("lists each server's tools with their annotations, and which ask before running by default", async () => {
    const { input } = await stdioInput();
    for (const created of [await register(httpInput(http.url)), await register(input)]) {
      const summary = await refreshMcpServer({ id: created.id, pool });
      expect(summary.status).toBe("connected");
      expect(summary.lastError).toBeNull();
      expect(summary.lastRefreshedAt).toBeInstanceOf(Date);
      const byName = Object.fromEntries(summary.tools.map((t) => [t.name, t]));
      expect(Object.keys(byName)).toEqual(expect.arrayContaining(["echo", "slow", "big", "fail", "wipe"]));
      expect(byName.echo.modelName).toBe(`${created.slug}__echo`);
      expect(byName.echo.inputSchema).toMatchObject({
        type: "object",
        properties: { text: { type: "string" } },
      });
      expect(byName.wipe.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
      expect(byName.wipe.askByDefault).toBe(true);
      expect(byName.echo.askByDefault).toBe(false);
    }
  });

  it("calls a tool over both transports, sending the configured header and environment", async () => {
    const h = await register(httpInput(http.url));
    const { input } = await stdioInput();
    const s = await register(input);
    expect(await exec(await toolOf(user.id, pool, `${h.slug}__echo`), { text: "hi" })).toBe("echo: hi");
    expect(http.authorizations.at(-1)).toBe(HEADER_SECRET);
    expect(await exec(await toolOf(user.id, pool, `${s.slug}__echo`), { text: "yo" })).toBe("echo: yo");
    // Only built-in servers get the signed user: a third-party server never sees it.
    const meta = await exec(await toolOf(user.id, pool, `${h.slug}__meta`), {});
    expect(meta).not.toContain(user.id);
  });

  it("cancels a call that exceeds the timeout, and the server sees the cancellation", async () => {
    const h = await register(httpInput(http.url));
    const settings = { ...mcpSettings(), callTimeoutMs: 300 };
    const { tools } = await resolveMcpTools({ userId: user.id, names: [`${h.slug}__slow`], pool, settings });
    const err = await exec(tools[0], {}).catch((e) => e);
    expect(err).toBeInstanceOf(McpToolError);
    expect(err.failure).toBe("timeout");
    expect(err.message).toMatch(/did not answer within 1 s/);
    await until(() => http.events.some((e) => e.type === "cancelled"), "cancellation");
  });

  it("cuts an oversized result and tells the model so", async () => {
    const h = await register(httpInput(http.url));
    const settings = { ...mcpSettings(), maxResultChars: 1000 };
    const { tools } = await resolveMcpTools({ userId: user.id, names: [`${h.slug}__big`], pool, settings });
    const out = await exec(tools[0], { chars: 50_000 });
    expect(out.startsWith("0123456789".repeat(100))).toBe(true);
    expect(out).toContain("[Result truncated: showing the first 1000 of 50000 characters.");
    expect(out.length).toBeLessThan(1200);
  });

  it("says where the structured content begins in the result, secrets masked on both sides", async () => {
    const h = await register(httpInput(http.url));
    const tool = await toolOf(user.id, pool, `${h.slug}__weather`);
    const out = await tool.execute({}, { signal: new AbortController().signal });
    if (typeof out === "string") throw new Error(`no structured content marked in ${out}`);
    expect(out.text.slice(0, out.structuredAt)).toBe("It is mild.\n\n");
    expect(JSON.parse(out.text.slice(out.structuredAt))).toEqual({ temperature: 21, seen: "••••" });
    expect(out.text).not.toContain(HEADER_SECRET.replace(/^Bearer /, ""));
  });

  for (const transport of ["http", "stdio"] as const) {
    it(`reports a tool's error to the model with the server's secrets redacted (${transport})`, async () => {
      const created =
        transport === "http"
          ? await register(httpInput(http.url))
          : await register((await stdioInput()).input);
      const err = await exec(await toolOf(user.id, pool, `${created.slug}__fail`), {}).catch((e) => e);
      expect(err).toBeInstanceOf(McpToolError);
      expect(err.failure).toBe("tool");
      expect(err.message).toContain("Something broke. Credential seen: ");
      expect(err.message).toContain("••••");
      expect(err.message).not.toContain(transport === "http" ? "tok-live-7f3a9c1e5b2d4f60a8c9" : ENV_SECRET);
    });

    it(`aborting a slow call sends MCP cancellation to the server (${transport})`, async () => {
      const stdio = await stdioInput();
      const created =
        transport === "http" ? await register(httpInput(http.url)) : await register(stdio.input);
      const events = () => (transport === "http" ? http.events : stdio.events());
      // The HTTP server is shared by the tests: count only what happens from here on.
      const count = (type: string) => events().filter((e) => e.type === type && e.tool === "slow").length;
      const [before, started] = [count("cancelled"), count("called")];
      const tool = await toolOf(user.id, pool, `${created.slug}__slow`);
      const stop = new AbortController();
      const settled = exec(tool, {}, stop.signal).catch((e) => e);
      await until(() => count("called") > started, "the slow call to start");
      stop.abort(new Error("Stopped by the user"));
      expect(await settled).toMatchObject({ message: "Stopped by the user" });
      await until(() => count("cancelled") > before, "notifications/cancelled");
      // The cancelled call's response stream is closed, not left open on both sides.
      if (transport === "http") await until(() => http.openPosts() === 0, "the cancelled stream to close");
      // The connection is still good for the next call.
      expect(await exec(await toolOf(user.id, pool, `${created.slug}__echo`), { text: "ok" })).toBe(
        "echo: ok",
      );
    });
  }

  it("a server that goes down fails fast with a clear message, then is reconnected when it is back", async () => {
    const h = await register(httpInput(http.url));
    const echo = await toolOf(user.id, pool, `${h.slug}__echo`);
    expect(await exec(echo, { text: "1" })).toBe("echo: 1");
    await http.stop();
    try {
      const first = await exec(echo, { text: "2" }).catch((e) => e);
      expect(first).toBeInstanceOf(McpToolError);
      // The kept-alive socket dies with the server, or the next connect is refused.
      expect(first.message).toMatch(
        /MCP server "Test HTTP" .*(connection refused|connection closed by the server)/,
      );
      // Reconnecting fails too; from then on calls fail at once, without trying, until the back-off ends.
      const second = await exec(echo, { text: "3" }).catch((e) => e);
      expect(second.failure).toBe("unavailable");
      const requestsBefore = http.authorizations.length;
      const third = await exec(echo, { text: "4" }).catch((e) => e);
      expect(third.failure).toBe("unavailable");
      expect(third.message).toMatch(/is unavailable: connection refused\. It will be tried again in \d+ s\./);
      expect(pool.status(h.id)).toMatchObject({ state: "error", error: "connection refused" });
      expect(pool.status(h.id).retryAt).toBeInstanceOf(Date);
      expect(http.authorizations.length).toBe(requestsBefore);
    } finally {
      await http.start();
    }
    await until(() => (pool.status(h.id).retryAt?.getTime() ?? 0) < Date.now(), "the back-off to end");
    expect(await exec(echo, { text: "5" })).toBe("echo: 5");
    expect(pool.status(h.id).state).toBe("connected");
  });

  it("Stop while connecting to a server that never answers ends the call at once", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()));
    try {
      const port = (silent.address() as AddressInfo).port;
      const h = await register(httpInput(`http://127.0.0.1:${port}/mcp`, { name: "Silent" }));
      const settings = { ...mcpSettings(), connectTimeoutMs: 60_000 };
      const { tools } = await resolveMcpTools({
        userId: user.id,
        names: [`${h.slug}__echo`],
        pool,
        settings,
      });
      expect(tools).toHaveLength(0); // never refreshed and unreachable: unknown tool
      const stop = new AbortController();
      const echo = mcpRegistryTool(serverConfigOf(h.id, h.slug, port), ECHO, { pool, settings });
      const call = exec(echo, { text: "x" }, stop.signal).catch((e) => e);
      await until(() => sockets.length > 0, "the connection attempt");
      stop.abort(new Error("Stopped by the user"));
      expect(await call).toMatchObject({ message: "Stopped by the user" });
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });

  it("a server that forgot the session is reconnected transparently, the call sent once", async () => {
    const h = await register(httpInput(http.url));
    const echo = await toolOf(user.id, pool, `${h.slug}__echo`);
    expect(await exec(echo, { text: "a" })).toBe("echo: a");
    await http.forgetSessions();
    const calls = () => http.events.filter((e) => e.type === "called" && e.tool === "echo").length;
    const before = calls();
    expect(await exec(echo, { text: "b" })).toBe("echo: b");
    expect(calls()).toBe(before + 1);
  });

  it("a stdio server that exits is started again on the next call", async () => {
    const { input } = await stdioInput();
    const s = await register(input);
    const crash = await toolOf(user.id, pool, `${s.slug}__crash`);
    const err = await exec(crash, {}).catch((e) => e);
    expect(err).toBeInstanceOf(McpToolError);
    expect(err.failure).toBe("transport");
    expect(await exec(await toolOf(user.id, pool, `${s.slug}__echo`), { text: "back" })).toBe("echo: back");
  });

  it("a stdio server that cannot start reports its stderr, redacted", async () => {
    const { input } = await stdioInput({ name: "Broken stdio" });
    const s = await register({ ...input, env: { ...input.env, FAIL_ON_START: "1" } });
    const summary = await refreshMcpServer({ id: s.id, pool });
    expect(summary.status).toBe("error");
    expect(summary.lastError).toContain("cannot start: bad token ••••");
    expect(summary.lastError).not.toContain(ENV_SECRET);
  });
});
