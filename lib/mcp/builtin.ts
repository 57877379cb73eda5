/**
 * MCP servers that ship with the app. Like the environment endpoints they exist without a row; a
 * row (same id) appears once an admin changes who may use one, disables it, or refreshes its tools.
 * Their transport always comes from here, never from the row.
 */
import type { McpSettings } from "./config";
import { noteToolInfos } from "./notes/tools";
import type { McpServerConfig, McpToolInfo } from "./types";

export interface BuiltinServer {
  id: string;
  name: string;
  slug: string;
  description: string;
  /** Its tools as shipped, shown until the first refresh asks the server itself. */
  tools: () => McpToolInfo[];
  config: (settings: McpSettings) => McpServerConfig;
}

export const NOTES_SERVER_ID = "builtin:notes";

const notes: BuiltinServer = {
  id: NOTES_SERVER_ID,
  name: "Notes (built-in)",
  slug: "notes",
  description: "Private notes per user, stored in this app's database: save, list, read and delete.",
  tools: noteToolInfos,
  config: (settings) => ({
    id: NOTES_SERVER_ID,
    name: "Notes (built-in)",
    slug: "notes",
    transport: { type: "http", url: settings.notesUrl, headers: {} },
    identity: "signed-user",
    builtin: true,
  }),
};

export const BUILTIN_SERVERS: readonly BuiltinServer[] = Object.freeze([notes]);

export function builtinServer(id: string): BuiltinServer | undefined {
  return BUILTIN_SERVERS.find((b) => b.id === id);
}
