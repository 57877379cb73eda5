// How this server names endpoints and tools for one user, both ways: what a team file says
// (endpoint name; MCP server name + tool name) and what an agent stores (endpoint id; model-facing
// tool name). Only endpoints and servers open to the user are known, as in the builder.
import "server-only";
import { listBuiltinTools } from "@/lib/agents/tools";
import { listModelChoices } from "@/lib/endpoints/catalog";
import { listMcpToolsForUser } from "@/lib/mcp";
import { slugOfToolName, TOOL_NAME_SEPARATOR } from "@/lib/mcp/names";
import type { TeamTool } from "./file-schema";

export interface ToolOption {
  /** Stored name (`calculator`, `notes__save_note`). */
  name: string;
  /** The reference a file uses for it. */
  ref: TeamTool;
  /** `builtin`, or the MCP server's name. */
  group: string;
}

export interface ServerNames {
  endpoints: { id: string; name: string; models: string[] }[];
  tools: ToolOption[];
}

export async function serverNames(userId: string): Promise<ServerNames> {
  const [choices, servers] = await Promise.all([
    listModelChoices({ userId }),
    listMcpToolsForUser({ userId }),
  ]);
  const tools: ToolOption[] = [
    ...listBuiltinTools().map((t) => ({ name: t.name, ref: { builtin: t.name }, group: "builtin" })),
    ...servers.flatMap((g) =>
      g.tools.map((t) => ({
        name: t.modelName,
        ref: { server: g.server.name, tool: t.name },
        group: g.server.name,
      })),
    ),
  ];
  return { endpoints: choices.map(({ id, name, models }) => ({ id, name, models })), tools };
}

/** Endpoint id → file name (an endpoint the user can't see keeps its id: the importer maps it). */
export function endpointNamer(names: ServerNames) {
  const byId = new Map(names.endpoints.map((e) => [e.id, e.name]));
  return (id: string) => byId.get(id) ?? id;
}

/** Stored tool name → file reference (a tool of a server the user can't see: split by its slug). */
export function toolNamer(names: ServerNames) {
  const byName = new Map(names.tools.map((t) => [t.name, t.ref]));
  return (name: string): TeamTool => {
    const known = byName.get(name);
    if (known) return { ...known };
    const slug = slugOfToolName(name);
    if (!slug) return { builtin: name };
    return { server: slug, tool: name.slice(slug.length + TOOL_NAME_SEPARATOR.length) };
  };
}
