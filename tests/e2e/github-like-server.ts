// A GitHub-like MCP server for the tool search e2e: the first `count` tools of the synthetic catalog
// (tests/helpers/github-like-catalog.ts) over streamable HTTP (stateless), listed with their JSON
// Schemas as they are. A call answers with what it was asked and is recorded for the test.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { githubLikeCatalog } from "../helpers/github-like-catalog";

export interface GithubLikeServer {
  url: string;
  /** Every call the server answered: tool name and arguments. */
  calls: { name: string; args: unknown }[];
  close(): Promise<void>;
}

export async function startGithubLikeServer(count: number): Promise<GithubLikeServer> {
  const tools = githubLikeCatalog(count);
  const calls: GithubLikeServer["calls"] = [];
  const build = () => {
    const server = new Server({ name: "github-like", version: "1.0.0" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name, arguments: args } = request.params;
      calls.push({ name, args });
      if (name === "create_issue") {
        const title = String((args as { title?: unknown } | undefined)?.title ?? "");
        return { content: [{ type: "text", text: `Created issue #42: ${title}` }] };
      }
      return { content: [{ type: "text", text: `${name} done` }] };
    });
    return server;
  };
  const httpServer = http.createServer(async (req, res) => {
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
    calls,
    close: () => new Promise((resolve) => httpServer.close(() => resolve())),
  };
}
