// The test MCP server over streamable HTTP, in a process of its own (so the benchmark's client
// and the server do not share an event loop). Prints its URL on the first line of stdout.
import { startHttpTestServer } from "../tests/helpers/mcp-http-server";

const server = await startHttpTestServer();
process.stdout.write(`${server.url}\n`);
process.on("SIGTERM", () => void server.stop().then(() => process.exit(0)));
