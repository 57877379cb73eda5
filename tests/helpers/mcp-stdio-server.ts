// The test MCP server over stdio (run as `node --import tsx tests/helpers/mcp-stdio-server.ts`).
// It reports what it sees as JSON lines to the file in MCP_TEST_LOG; its credential is the
// TEST_SECRET environment variable the app passes to it.
import { appendFileSync } from "node:fs";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { createTestMcpServer } from "./mcp-test-tools";

const logFile = process.env.MCP_TEST_LOG;
if (process.env.FAIL_ON_START) {
  process.stderr.write(`cannot start: bad token ${process.env.TEST_SECRET}\n`);
  process.exit(3);
}

const server = createTestMcpServer({
  report: (event) => {
    if (logFile) appendFileSync(logFile, `${JSON.stringify(event)}\n`);
  },
  credential: () => process.env.TEST_SECRET ?? "none",
  crash: () => process.exit(1),
});
await server.connect(new StdioServerTransport());
