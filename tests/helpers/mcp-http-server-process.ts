// The HTTP test MCP server in a process of its own (`node --import tsx <this file>`), so a test can
// SIGKILL it mid-call as a crashing server would die. Prints its URL, then each event, as JSON lines.
import { startHttpTestServer } from "./mcp-http-server";

const server = await startHttpTestServer();
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
const printed = new Set<unknown>();
setInterval(() => {
  for (const e of server.events) {
    if (printed.has(e)) continue;
    printed.add(e);
    process.stdout.write(`${JSON.stringify(e)}\n`);
  }
}, 20);
