// The test MCP server over streamable HTTP, stateful (sessions), in the test's own process so the
// test can read what it saw, stop it ("server down") and start it again on the same port.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { createTestMcpServer, type TestServerEvent } from "./mcp-test-tools";

export interface HttpTestServer {
  url: string;
  events: TestServerEvent[];
  /** Authorization headers of the requests received, in order. */
  authorizations: string[];
  /** POST responses not finished yet (a cancelled call's stream must not stay open). */
  openPosts(): number;
  stop(): Promise<void>;
  /** Forgets every session (as a restarted server behind a proxy would): the next request gets 404. */
  forgetSessions(): Promise<void>;
  start(): Promise<void>;
}

export async function startHttpTestServer({ port = 0 } = {}): Promise<HttpTestServer> {
  const events: TestServerEvent[] = [];
  const authorizations: string[] = [];
  let sessions = new Map<string, StreamableHTTPServerTransport>();

  let openPosts = 0;
  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    authorizations.push(String(req.headers.authorization ?? ""));
    if (req.method === "POST") {
      openPosts++;
      res.once("close", () => openPosts--);
    }
    const sessionId = req.headers["mcp-session-id"];
    const transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (!transport) {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined;
      if (sessionId || req.method !== "POST" || !isInitializeRequest(body)) {
        res
          .writeHead(sessionId ? 404 : 400)
          .end(
            JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message: "No such session" }, id: null }),
          );
        return;
      }
      const own = sessions;
      const fresh: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: randomUUID,
        onsessioninitialized: (id) => {
          own.set(id, fresh);
        },
      });
      const server = createTestMcpServer({
        report: (e) => events.push(e),
        credential: (extra) => String(extra.requestInfo?.headers?.authorization ?? "none"),
      });
      await server.connect(fresh);
      await fresh.handleRequest(req, res, body);
      return;
    }
    await transport.handleRequest(req, res);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  const listen = (p: number) =>
    new Promise<void>((resolve) => server.listen(p, "127.0.0.1", () => resolve()));
  await listen(port);
  const actualPort = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${actualPort}/mcp`,
    events,
    authorizations,
    openPosts: () => openPosts,
    async stop() {
      for (const t of sessions.values()) await t.close().catch(() => {});
      sessions = new Map();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async forgetSessions() {
      const old = sessions;
      sessions = new Map();
      for (const t of old.values()) await t.close().catch(() => {});
    },
    start: () => listen(actualPort),
  };
}
