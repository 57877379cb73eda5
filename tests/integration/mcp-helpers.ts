// Shared pieces of the MCP integration tests: servers registered through lib/mcp, an isolated
// connection pool per test, and a reader for the stdio server's event log.
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { RegistryTool, ToolOutput } from "@/lib/agents/types";
import { createMcpServer, McpPool, type McpServerInput, resolveMcpTools } from "@/lib/mcp";
import type { TestServerEvent } from "../helpers/mcp-test-tools";

export const HEADER_SECRET = "Bearer tok-live-7f3a9c1e5b2d4f60a8c9";
export const ENV_SECRET = "env-secret-d41d8cd98f00b204e980";

export const quietPool = () => new McpPool({ log: () => {} });

export function httpInput(url: string, extra: Partial<McpServerInput> = {}): McpServerInput {
  return { name: "Test HTTP", transport: "http", url, headers: { Authorization: HEADER_SECRET }, ...extra };
}

export async function stdioInput(extra: Partial<McpServerInput> = {}) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "mcp-stdio-"));
  const logFile = path.join(dir, "events.jsonl");
  const input: McpServerInput = {
    name: "Test stdio",
    transport: "stdio",
    command: process.execPath,
    args: ["--import", "tsx", path.resolve("tests/helpers/mcp-stdio-server.ts")],
    env: { TEST_SECRET: ENV_SECRET, MCP_TEST_LOG: logFile },
    ...extra,
  };
  const events = (): TestServerEvent[] =>
    existsSync(logFile)
      ? readFileSync(logFile, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [];
  return { input, events };
}

/** One RegistryTool of a registered server, as a run would get it. */
export async function toolOf(userId: string, pool: McpPool, name: string) {
  const { tools, missing } = await resolveMcpTools({ userId, names: [name], pool });
  if (!tools[0]) throw new Error(`tool ${name} not resolved: ${JSON.stringify(missing)}`);
  return tools[0];
}

export async function register(input: McpServerInput) {
  return createMcpServer({ input });
}

/** Runs a tool as the engine does; its answer as the model receives it. */
export const exec = async (tool: RegistryTool, args: unknown, signal = new AbortController().signal) =>
  toolText(await tool.execute(args, { signal }));

/** The model's text of a tool's answer (a plain string, or a ToolOutput). */
export const toolText = (out: string | ToolOutput) => (typeof out === "string" ? out : out.text);

/** Waits until `check` holds (events arrive asynchronously from the servers). */
export async function until(check: () => boolean, what: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
