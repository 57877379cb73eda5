import "server-only";
import { z } from "zod";
import type { AgentDefinition, RegistryTool, RunNotice } from "@/lib/agents";
import { BUILTIN_TOOLS, builtinRegistryTool } from "@/lib/agents/tools";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import { resolveMcpTools } from "@/lib/mcp";
import { argsProblem } from "@/lib/mcp/check-args";

export interface RunTools {
  /** The agents with the tools they can use in this run (tools that are gone taken out). */
  agents: Map<string, AgentDefinition>;
  /** The MCP tools of the run, for `createRun({ tools })`. */
  tools: RegistryTool[];
  /** One notice per tool that is gone, for `createRun({ notices })`: shown in the chat, not a crash. */
  notices: RunNotice[];
}

/**
 * The MCP tools every agent of a loaded tree names, resolved for the chatting user (the user's
 * access counts, not the agent owner's). A tool that disappeared, or that this user may not use,
 * is taken out of the agents that name it and reported as a notice; the run goes on without it.
 */
export async function resolveRunTools({
  userId,
  agents,
}: {
  userId: string;
  agents: Map<string, AgentDefinition>;
}): Promise<RunTools> {
  const names = new Set<string>();
  for (const agent of agents.values())
    for (const t of agent.tools ?? []) if (!Object.hasOwn(BUILTIN_TOOLS, t)) names.add(t);
  if (names.size === 0) return { agents, tools: [], notices: [] };
  const { tools, missing } = await resolveMcpTools({ userId, names: [...names] });
  if (missing.length === 0) return { agents, tools, notices: [] };
  const gone = new Set(missing.map((m) => m.name));
  const out = new Map<string, AgentDefinition>();
  for (const [id, agent] of agents) {
    out.set(id, { ...agent, tools: (agent.tools ?? []).filter((t) => !gone.has(t)) });
  }
  const english = (await translatorFor(DEFAULT_LOCALE)) as unknown as (
    key: string,
    values: Record<string, string | number>,
  ) => string;
  const notices = missing.map((m): RunNotice => {
    const users = [...agents.values()].filter((a) => a.tools?.includes(m.name)).map((a) => a.name);
    // The chat words it in the reader's language (the agents as a list of that language).
    const key = `chat.notices.toolGone.${m.kind}`;
    const values = { tool: m.name, server: m.server ?? "", agents: users, count: users.length };
    const list = new Intl.ListFormat(DEFAULT_LOCALE, { type: "conjunction" }).format(users);
    return { key, values, message: english(key, { ...values, agents: list }) };
  });
  return { agents: out, tools, notices };
}

/**
 * Why `args` don't fit the tool named `name` (its zod schema for built-in tools, its JSON Schema
 * for MCP tools, as `userId` may use them), or null: edited arguments are checked before they run.
 * A tool that can't be found now is not judged here (the run reports it).
 */
export async function toolArgsProblem({
  userId,
  name,
  args,
}: {
  userId: string;
  name: string;
  args: Record<string, unknown>;
}): Promise<string | null> {
  const builtin = builtinRegistryTool(name);
  if (builtin?.parse) {
    try {
      builtin.parse(args);
      return null;
    } catch (err) {
      return err instanceof z.ZodError ? z.prettifyError(err) : String(err);
    }
  }
  const { tools } = await resolveMcpTools({ userId, names: [name] });
  return tools[0] ? argsProblem(tools[0].parameters, args) : null;
}
