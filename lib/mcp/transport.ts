/** The SDK transport for a server's configuration (streamable HTTP, or stdio when the operator allows it). */
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpSettings } from "./config";
import { McpToolError } from "./errors";
import type { McpServerConfig } from "./types";

const STDERR_TAIL_CHARS = 2000;

export interface OpenedTransport {
  transport: Transport;
  /** The end of what a stdio server wrote to stderr (for error messages; redact before use). */
  stderrTail: () => string;
}

export function stdioRefusal(name: string): McpToolError {
  return new McpToolError(
    "config",
    `MCP server "${name}" uses stdio, which is switched off on this server (the operator can allow it with MCP_ALLOW_STDIO=true).`,
  );
}

export function openTransport(config: McpServerConfig, settings: McpSettings): OpenedTransport {
  const t = config.transport;
  if (t.type === "http") {
    let url: URL;
    try {
      url = new URL(t.url);
    } catch {
      throw new McpToolError("config", `MCP server "${config.name}" has an invalid URL.`);
    }
    return {
      transport: new StreamableHTTPClientTransport(url, { requestInit: { headers: t.headers } }),
      stderrTail: () => "",
    };
  }
  if (!settings.allowStdio) throw stdioRefusal(config.name);
  const transport = new StdioClientTransport({
    command: t.command,
    args: t.args,
    env: t.env,
    stderr: "pipe",
  });
  let tail = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
  });
  return { transport, stderrTail: () => tail.trim() };
}
