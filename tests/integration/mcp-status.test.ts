// Issue 33, defect 4: a failing Refresh is stored even when the pool's error comes from another
// copy of lib/mcp/errors (Next.js bundles it once per server layer; the pool lives on globalThis).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getMcpServerForAdmin, McpPool, refreshMcpServer } from "@/lib/mcp";
import type { McpServerConfig, McpToolInfo } from "@/lib/mcp/types";
import { makeUser } from "../helpers/chat-fixtures";
import { type HttpTestServer, startHttpTestServer } from "../helpers/mcp-http-server";
import { resetDatabase } from "../helpers/reset-db";
import { exec, httpInput, quietPool, register, toolOf } from "./mcp-helpers";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// A second module instance of errors.ts, as another server layer has: its class is not ours. (The
// query makes Vite load the file again; a variable keeps TypeScript from resolving the specifier.)
const secondCopy = "@/lib/mcp/errors.ts?layer=other";
const otherLayer: typeof import("@/lib/mcp/errors") = await import(/* @vite-ignore */ secondCopy);

/** A pool created in another layer: its failures are that layer's McpToolError. */
class OtherLayerPool extends McpPool {
  override async listTools(config: McpServerConfig, options?: { refresh?: boolean }): Promise<McpToolInfo[]> {
    try {
      return await super.listTools(config, options);
    } catch (err) {
      throw new otherLayer.McpToolError("unavailable", (err as Error).message);
    }
  }
}

describe("MCP server status", { timeout: 60_000 }, () => {
  let http: HttpTestServer;
  beforeAll(async () => {
    http = await startHttpTestServer();
  });
  afterAll(async () => {
    await http.stop().catch(() => {});
  });
  beforeEach(async () => {
    await resetDatabase();
  });

  it("stores a failing Refresh whose error comes from another server layer's copy of the error class", async () => {
    const pool = new OtherLayerPool({ log: () => {} });
    const created = await register(httpInput(http.url));
    expect((await refreshMcpServer({ id: created.id, pool })).status).toBe("connected");
    await http.stop();
    const after = await refreshMcpServer({ id: created.id, pool });
    expect(after.status).toBe("error");
    expect(after.lastError).toMatch(/MCP server "Test HTTP" (failed|is unavailable)/);
    expect(after.lastRefreshedAt).toBeInstanceOf(Date);
    await pool.closeAll();
    await http.start();
  });

  it("tool calls update the same stored status as Refresh: error when the server is gone, connected when it answers again", async () => {
    const pool = quietPool();
    const user = await makeUser("Alice");
    const created = await register(httpInput(http.url));
    expect((await refreshMcpServer({ id: created.id, pool })).status).toBe("connected");
    const echo = await toolOf(user.id, pool, `${created.slug}__echo`);
    const storedBecomes = async (status: string, what: string) => {
      for (const end = Date.now() + 15_000; Date.now() < end; await sleep(50)) {
        const summary = await getMcpServerForAdmin({ id: created.id });
        if (summary.status === status) return summary;
      }
      throw new Error(`timed out waiting for ${what}`);
    };
    await http.stop();
    await expect(exec(echo, { text: "hi" })).rejects.toThrow(/Test HTTP/);
    const down = await storedBecomes("error", "status error after a failed call");
    expect(down.lastError).toMatch(/MCP server "Test HTTP"/);
    expect(down.lastError).not.toMatch(/tried again/);
    await http.start();
    // The pool may still be in back-off after the failed connect: try until it answers.
    let answer: unknown;
    for (const end = Date.now() + 40_000; answer !== "echo: back" && Date.now() < end; await sleep(250)) {
      answer = await exec(echo, { text: "back" }).catch(() => undefined);
    }
    expect(answer).toBe("echo: back");
    const up = await storedBecomes("connected", "status connected after an answered call");
    expect(up.lastError).toBeNull();
    await pool.closeAll();
  });
});
