// What an MCP server's failures and configuration may expose: upstream error text reaches admins
// only (redacted by value, bounded), never users' builder pages or the log unbounded.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listToolChoices } from "@/lib/builder/tools";
import { getMcpServerForAdmin, McpPool, refreshMcpServer } from "@/lib/mcp";
import { MAX_ERROR_CHARS } from "@/lib/mcp/redact";
import { makeUser } from "../helpers/chat-fixtures";
import { resetDatabase } from "../helpers/reset-db";
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
    const admin = await getMcpServerForAdmin({ id: created.id, pool });
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
