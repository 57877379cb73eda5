// The tools of the test MCP servers (stdio and streamable HTTP share them): each one exercises a
// behaviour of the app's MCP client — plain answers, slowness and cancellation, oversized results,
// tool errors, destructive annotations, and what a server gets to see of the caller.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

/** Something the server saw, reported to the test (in memory for HTTP, as JSON lines for stdio). */
export type TestServerEvent =
  | { type: "called"; tool: string; requestId: string | number }
  | { type: "cancelled"; tool: string; requestId: string | number }
  | { type: "finished"; tool: string; requestId: string | number };

export interface TestServerOptions {
  report: (event: TestServerEvent) => void;
  /** What the server knows of its caller's credential (a header for HTTP, an env var for stdio). */
  credential: (extra: { requestInfo?: { headers?: Record<string, unknown> } }) => string;
  /** Called by the `crash` tool (stdio: exit the process). */
  crash?: () => void;
}

const text = (t: string, isError = false) => ({ content: [{ type: "text" as const, text: t }], isError });

export function createTestMcpServer(options: TestServerOptions): McpServer {
  const server = new McpServer({ name: "delegate-test-server", version: "1.0.0" });
  const { report } = options;

  server.registerTool(
    "echo",
    { description: "Echoes the text back.", inputSchema: { text: z.string() } },
    async ({ text: t }, extra) => {
      report({ type: "called", tool: "echo", requestId: extra.requestId });
      return text(`echo: ${t}`);
    },
  );

  server.registerTool(
    "slow",
    {
      description: "Waits until cancelled (or `ms` milliseconds), then answers.",
      inputSchema: { ms: z.number().optional() },
    },
    async ({ ms }, extra) => {
      report({ type: "called", tool: "slow", requestId: extra.requestId });
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms ?? 600_000);
        extra.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          report({ type: "cancelled", tool: "slow", requestId: extra.requestId });
          resolve();
        });
      });
      report({ type: "finished", tool: "slow", requestId: extra.requestId });
      return text("slow: done");
    },
  );

  server.registerTool(
    "big",
    { description: "Returns `chars` characters of text.", inputSchema: { chars: z.number().int() } },
    async ({ chars }, extra) => {
      report({ type: "called", tool: "big", requestId: extra.requestId });
      return text("0123456789".repeat(Math.ceil(chars / 10)).slice(0, chars));
    },
  );

  server.registerTool(
    "fail",
    { description: "Always reports an error, quoting the caller's credential." },
    async (extra) => {
      report({ type: "called", tool: "fail", requestId: extra.requestId });
      return text(`Something broke. Credential seen: ${options.credential(extra)}`, true);
    },
  );

  server.registerTool(
    "weather",
    { description: "A summary, and the same data as structured content (quoting the caller's credential)." },
    async (extra) => ({
      content: [{ type: "text" as const, text: "It is mild." }],
      structuredContent: { temperature: 21, seen: options.credential(extra) },
    }),
  );

  server.registerTool("meta", { description: "Returns the request's _meta as JSON." }, async (extra) =>
    text(JSON.stringify(extra._meta ?? {})),
  );

  server.registerTool(
    "wipe",
    {
      description: "Pretends to delete everything.",
      annotations: { title: "Wipe", readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    },
    async (extra) => {
      report({ type: "called", tool: "wipe", requestId: extra.requestId });
      return text("wiped");
    },
  );

  if (options.crash) {
    const crash = options.crash;
    server.registerTool("crash", { description: "Exits the server process." }, async () => {
      crash();
      return text("never");
    });
  }
  return server;
}
