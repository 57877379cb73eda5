// The tools an agent may be given by a user: the built-in ones and the tools of every MCP server
// open to that user (as of the server's last refresh). The builder's picker offers exactly these
// and saving an agent accepts exactly these.
import "server-only";
import { listBuiltinTools } from "@/lib/agents/tools";
import { listMcpToolsForUser } from "@/lib/mcp";

export interface ToolChoice {
  /** What the agent stores and the model sees (`calculator`, `notes__save_note`). */
  name: string;
  /** The tool's own name on its server (the built-in name for built-in tools). */
  label: string;
  description: string;
  /** "Ask before running" starts on when the tool is picked (destructive or open-world MCP tools). */
  askByDefault: boolean;
}

export interface ToolGroup {
  /** `builtin`, or the MCP server's id. */
  id: string;
  name: string;
  kind: "builtin" | "mcp";
  /** MCP servers: the outcome of the last refresh (the tools listed are from then). */
  status?: "unknown" | "connected" | "error";
  /** MCP servers: when the last refresh ran (ISO), to say since when one is unavailable. */
  checkedAt?: string | null;
  /** A per-user OAuth server this user has not connected: the picker offers Connect. */
  needsConnection?: boolean;
  tools: ToolChoice[];
}

export async function listToolChoices({ userId }: { userId: string }): Promise<ToolGroup[]> {
  const builtin: ToolGroup = {
    id: "builtin",
    name: "Built-in",
    kind: "builtin",
    tools: listBuiltinTools().map((t) => ({
      name: t.name,
      label: t.name,
      description: t.description,
      askByDefault: false,
    })),
  };
  const servers = await listMcpToolsForUser({ userId });
  return [
    builtin,
    ...servers.map(
      (g): ToolGroup => ({
        id: g.server.id,
        name: g.server.name,
        kind: "mcp",
        status: g.status,
        checkedAt: g.lastRefreshedAt?.toISOString() ?? null,
        ...(g.connected === false ? { needsConnection: true } : {}),
        tools: g.tools.map((t) => ({
          name: t.modelName,
          label: t.title || t.name,
          description: t.description,
          askByDefault: t.askByDefault,
        })),
      }),
    ),
  ];
}

/** The first of `names` this user may not give an agent (the refusal: errors.bad_request.agent_tool). */
export async function firstUnusableTool({
  userId,
  names,
}: {
  userId: string;
  names: string[];
}): Promise<{ name: string } | null> {
  if (names.length === 0) return null;
  const usable = new Set((await listToolChoices({ userId })).flatMap((g) => g.tools.map((t) => t.name)));
  const name = names.find((n) => !usable.has(n));
  if (name === undefined) return null;
  return { name };
}
