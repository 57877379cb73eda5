// What an MCP server's failures and configuration may expose: upstream error text reaches admins
// only (redacted by value, bounded), never users' builder pages or the log unbounded; and where an
// admin's server may point (the address policy, on save and on every connection).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listToolChoices } from "@/lib/builder/tools";
import { errorBody } from "@/lib/http/error-body";
import { createMcpServer, getMcpServerForAdmin, McpPool, mcpSettings, refreshMcpServer } from "@/lib/mcp";
import { parseAddressPolicy } from "@/lib/mcp/address-policy";
import { MAX_ERROR_CHARS } from "@/lib/mcp/redact";
import { makeUser } from "../helpers/chat-fixtures";
import { startHttpTestServer } from "../helpers/mcp-http-server";
import { query, resetDatabase } from "../helpers/reset-db";
import { HEADER_SECRET, httpInput, register } from "./mcp-helpers";

const URL_TOKEN = "qs-token-93b1c0ffee4d2a7e";
const TOKEN = HEADER_SECRET.split(" ")[1];

/** An upstream that refuses everything with 403 and a body echoing what it was sent, and more. */
async function refusingServer() {
  const server: Server = createServer((req, res) => {
    res.writeHead(403, { "content-type": "text/plain" });
    res.end(
      `forbidden for ${req.headers.authorization} at ${req.url} internal-host=db-7.corp ${"x".repeat(5000)}`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/mcp`, stop: () => new Promise((r) => server.close(r)) };
}

describe("MCP server failures as users and admins see them", () => {
  let upstream: Awaited<ReturnType<typeof refusingServer>>;
  let logs: string[];
  let pool: McpPool;
  beforeAll(async () => {
    upstream = await refusingServer();
  });
  afterAll(async () => {
    await upstream.stop();
  });
  beforeEach(async () => {
    await resetDatabase();
    logs = [];
    pool = new McpPool({ log: (line) => logs.push(JSON.stringify(line)) });
  });
  afterEach(async () => {
    await pool.closeAll();
  });

  it("shows users a neutral status and admins the reason, redacted and bounded", async () => {
    const user = await makeUser("Alice");
    const created = await register(httpInput(`${upstream.url}?token=${URL_TOKEN}`, { name: "Refusing" }));
    const summary = await refreshMcpServer({ id: created.id, pool });
    expect(summary.status).toBe("error");

    // Users: that it is unavailable and since when, nothing of what the server said.
    const groups = await listToolChoices({ userId: user.id });
    const group = groups.find((g) => g.id === created.id);
    expect(group).toMatchObject({ status: "error", checkedAt: summary.lastRefreshedAt?.toISOString() });
    const page = JSON.stringify(groups);
    for (const leak of ["forbidden", "db-7.corp", "403", TOKEN, URL_TOKEN]) expect(page).not.toContain(leak);

    // Admins: the reason, with the header value and the URL's token masked, within the bound.
    const admin = await getMcpServerForAdmin({ id: created.id });
    expect(admin.lastError).toContain("HTTP 403");
    expect(admin.lastError).toContain("forbidden for ••••");
    expect(admin.lastError?.length).toBeLessThanOrEqual(MAX_ERROR_CHARS);
    for (const secret of [TOKEN, URL_TOKEN]) expect(admin.lastError).not.toContain(secret);

    // The log: as bounded and as redacted.
    expect(logs.length).toBeGreaterThan(0);
    for (const line of logs) {
      expect(line.length).toBeLessThan(MAX_ERROR_CHARS + 200);
      for (const secret of [TOKEN, URL_TOKEN]) expect(line).not.toContain(secret);
    }
  });
});

describe("MCP server address policy", () => {
  beforeEach(async () => {
    await resetDatabase();
  });

  it("refuses metadata, link-local, unspecified and credential URLs on save, whatever the operator allows", async () => {
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://metadata.google.internal/computeMetadata/v1/",
      "http://[fd00:ec2::254]/",
      "http://[::ffff:169.254.169.254]/",
      "http://2852039166/",
      "http://0xa9fea9fe/",
      "http://0.0.0.0:3000/mcp",
      "http://user:pass@example.com/mcp",
    ]) {
      const err = await createMcpServer({
        input: { name: `Bad ${url.length}`, transport: "http", url },
      }).catch((e) => e);
      expect(err, url).toMatchObject({ code: "bad_request:mcp_server" });
      expect((await errorBody(err)).fields?.url, url).toMatch(/^This URL can't be used: /);
    }
    expect(await query(`SELECT 1 FROM "McpServer"`)).toHaveLength(0);
  });

  it("allows loopback only when the operator opted in (the test suite does), judged after DNS", async () => {
    const saved = process.env.MCP_ALLOWED_NETWORKS;
    try {
      process.env.MCP_ALLOWED_NETWORKS = "";
      for (const url of ["http://127.0.0.1:9/mcp", "http://localhost:9/mcp", "http://10.0.0.5/mcp"]) {
        const err = await createMcpServer({ input: { name: "Local", transport: "http", url } }).catch(
          (e) => e,
        );
        expect((await errorBody(err)).fields?.url, url).toMatch(/MCP_ALLOWED_NETWORKS=(loopback|private)/);
      }
      // A name the operator allowed may resolve to loopback.
      process.env.MCP_ALLOWED_NETWORKS = "localhost";
      await expect(
        createMcpServer({ input: { name: "Named", transport: "http", url: "http://localhost:9/mcp" } }),
      ).resolves.toMatchObject({ url: "http://localhost:9/mcp" });
    } finally {
      process.env.MCP_ALLOWED_NETWORKS = saved;
    }
  });

  it("checks the address actually connected to and every redirect, at connect time", async () => {
    const mcp = await startHttpTestServer();
    // Redirects to the metadata service, or to a loopback server under a policy without loopback.
    const redirector = createServer((req, res) => {
      const to = req.url?.startsWith("/meta") ? "http://169.254.169.254/latest/" : mcp.url;
      res.writeHead(307, { location: to });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, "127.0.0.1", resolve));
    const port = (redirector.address() as AddressInfo).port;
    const mcpPort = new URL(mcp.url).port;
    const config = (url: string) => ({
      id: `addr-${url}`,
      name: "Guarded",
      slug: "guarded",
      transport: { type: "http" as const, url, headers: {} },
    });
    const poolWith = (allowed: string) =>
      new McpPool({
        log: () => {},
        settings: () => ({ ...mcpSettings(), addressPolicy: parseAddressPolicy(allowed) }),
      });
    const refusal = async (pool: McpPool, url: string) => {
      const err = await pool.listTools(config(url), { refresh: true }).catch((e) => e);
      await pool.closeAll();
      return String(err?.message);
    };
    try {
      // Allowed: the server itself, through its name.
      const open = poolWith("loopback");
      expect((await open.listTools(config(`http://localhost:${mcpPort}/mcp`))).length).toBeGreaterThan(0);
      await open.closeAll();
      // The name resolves to loopback, which this policy doesn't allow: refused before connecting.
      expect(await refusal(poolWith(""), `http://localhost:${mcpPort}/mcp`)).toMatch(
        /address not allowed: localhost resolves to 127\.0\.0\.1 is a loopback address/,
      );
      // A redirect to the metadata service is refused even though its origin is allowed.
      expect(await refusal(poolWith("loopback"), `http://127.0.0.1:${port}/meta`)).toMatch(
        /address not allowed: 169\.254\.169\.254 is a link-local, metadata/,
      );
      // A redirect from a host the operator allowed by name to an address it did not allow.
      expect(await refusal(poolWith("localhost"), `http://localhost:${port}/x`)).toMatch(
        /address not allowed: 127\.0\.0\.1 is a loopback address/,
      );
    } finally {
      await new Promise((r) => redirector.close(r));
      await mcp.stop();
    }
  });
});
