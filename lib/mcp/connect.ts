/** Opens one SDK client for a server: transport, initialize handshake (bounded), tool-list updates. */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { describeError } from "./classify";
import type { McpSettings } from "./config";
import { safeErrorText, secretValues } from "./redact";
import { toToolInfo } from "./tool-info";
import { openTransport } from "./transport";
import type { McpServerConfig, McpToolInfo } from "./types";

export const CLIENT_INFO = { name: "delegate-chat", version: "0.1.0" };

export interface ConnectHooks {
  /** The server announced a changed tool list; here is the new one. */
  onToolsChanged: (tools: McpToolInfo[]) => void;
  /** The transport closed (stdio process exited, or we closed it). */
  onClose: (client: Client) => void;
  /** A request's response stream broke: the server went away under the calls in flight. */
  onBroken: (client: Client, error: unknown) => void;
}

/** Resolves with a connected client, or rejects with an Error whose message says why (redacted). */
export async function connectClient(
  config: McpServerConfig,
  settings: McpSettings,
  hooks: ConnectHooks,
): Promise<Client> {
  // `client` is assigned before any request is sent, so the hook always sees it.
  let opened: Client | undefined;
  const { transport, stderrTail } = openTransport(config, settings, {
    onStreamBroken: (error) => {
      if (opened) hooks.onBroken(opened, error);
    },
  });
  const client = new Client(CLIENT_INFO, {
    capabilities: {},
    listChanged: {
      tools: {
        onChanged: (error, tools) => {
          if (!error && tools) hooks.onToolsChanged(tools.map(toToolInfo));
        },
      },
    },
  });
  opened = client;
  client.onclose = () => hooks.onClose(client);
  // Errors of the optional server-to-client event stream are not failures of calls; calls report their own.
  client.onerror = () => {};
  try {
    await client.connect(transport, { timeout: settings.connectTimeoutMs });
    return client;
  } catch (err) {
    await client.close().catch(() => {});
    const stderr = stderrTail();
    const why = describeError(err) + (stderr ? `; stderr: ${stderr.slice(-500)}` : "");
    throw new Error(safeErrorText(why, secretValues(config)), { cause: err });
  }
}
