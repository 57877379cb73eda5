// A third-party MCP server for the browser tests: "team notes" over streamable HTTP (stateless),
// started by the test itself. Its tools are named like the bundled notes server's, so the scripted
// demo model uses them when asked ("list my notes", "save a note …"). It checks a bearer token.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";

export interface TeamNotesServer {
  url: string;
  token: string;
  notes: string[];
  close(): Promise<void>;
}

export async function startTeamNotesServer(token: string): Promise<TeamNotesServer> {
  const notes = ["Stand-up moves to 9:30 on Mondays"];
  const text = (t: string) => ({ content: [{ type: "text" as const, text: t }] });
  const build = () => {
    const server = new McpServer({ name: "team-notes", version: "1.0.0" });
    server.registerTool(
      "list_notes",
      { description: "List the team's shared notes.", annotations: { readOnlyHint: true } },
      // With structured content too, as servers with an output schema give it (the trace shows it apart).
      async () => ({
        ...text(notes.map((n, i) => `${i + 1}. ${n}`).join("\n")),
        structuredContent: { count: notes.length },
      }),
    );
    server.registerTool(
      "save_note",
      {
        description: "Save a note for the whole team.",
        inputSchema: { title: z.string(), content: z.string() },
      },
      async ({ content }) => {
        notes.push(content);
        return text(`Saved team note ${notes.length}.`);
      },
    );
    return server;
  };
  const httpServer = http.createServer(async (req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401).end("unauthorized");
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = build();
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
  const { port } = httpServer.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    token,
    notes,
    close: () => new Promise((resolve) => httpServer.close(() => resolve())),
  };
}
