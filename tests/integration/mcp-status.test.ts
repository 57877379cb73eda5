// Issue 33, defect 4: a failing Refresh is stored even when the pool's error comes from another
// copy of lib/mcp/errors (Next.js bundles it once per server layer; the pool lives on globalThis).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { McpPool, refreshMcpServer } from "@/lib/mcp";
import type { McpServerConfig, McpToolInfo } from "@/lib/mcp/types";
import { type HttpTestServer, startHttpTestServer } from "../helpers/mcp-http-server";
import { resetDatabase } from "../helpers/reset-db";
import { httpInput, register } from "./mcp-helpers";

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
  });
});
