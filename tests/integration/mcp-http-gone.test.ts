// Issue 33, defect 1: a streamable-HTTP server killed mid-call must fail the call at once ("went
// away"), not leave it running until the per-call timeout.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { McpToolError } from "@/lib/mcp";
import { quietPool } from "./mcp-helpers";

function startServerProcess() {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve("tests/helpers/mcp-http-server-process.ts")],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const lines: Record<string, unknown>[] = [];
  const waiters: (() => void)[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => {
    lines.push(JSON.parse(line));
    for (const w of waiters.splice(0)) w();
  });
  const next = (match: (l: Record<string, unknown>) => boolean) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const look = () => {
        const hit = lines.find(match);
        if (hit) resolve(hit);
        else waiters.push(look);
      };
      look();
    });
  return { child, next };
}

describe("a streamable-HTTP MCP server that dies mid-call", { timeout: 60_000 }, () => {
  let child: ChildProcess | undefined;
  const pool = quietPool();
  afterEach(async () => {
    child?.kill("SIGKILL");
    await pool.closeAll();
  });

  it("fails the call within seconds saying the server went away, and the status says so", async () => {
    const server = startServerProcess();
    child = server.child;
    const { url } = (await server.next((l) => "url" in l)) as { url: string };
    const config = {
      id: "gone-1",
      name: "Crashy",
      slug: "crashy",
      builtin: true,
      transport: { type: "http" as const, url, headers: {} },
    };
    const call = pool.callTool(config, { tool: "slow", args: { ms: 50_000 }, timeoutMs: 45_000 });
    const outcome = call.then(
      () => new Error("the call answered"),
      (err: unknown) => err,
    );
    await server.next((l) => l.type === "called" && l.tool === "slow");
    const killedAt = Date.now();
    child.kill("SIGKILL");
    const err = await outcome;
    const failedAfterMs = Date.now() - killedAt;
    console.info(`[mcp-http-gone] call failed ${failedAfterMs} ms after SIGKILL`);
    expect(err).toBeInstanceOf(McpToolError);
    expect((err as McpToolError).failure).toBe("transport");
    expect((err as Error).message).toMatch(/MCP server "Crashy" went away while calling "slow"/);
    expect(failedAfterMs).toBeLessThan(5_000);
    expect(pool.status("gone-1").state).not.toBe("connected");
  });
});
