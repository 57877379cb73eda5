import type { AgentDraftInput } from "@/lib/builder/schema";
import type { AgentTreeRow } from "@/lib/db/agents-tree";
import type { TeamAgent, TeamTool } from "./file-schema";

// The two directions between a stored agent and its entry in a team file. Pure: how endpoints,
// tools and agents are named on this server comes in as lookups, so both directions are unit-tested
// and the same mapping serves the UI, the API and the CLI.

/** A stored agent as lib/db/agents-tree.ts loads it (only the fields a team file carries). */
export type StoredAgent = Omit<AgentTreeRow, "ownerId" | "visibility" | "sharedWith">;

export interface ExportNames {
  /** Endpoint id → the name the file uses. */
  endpoint: (id: string) => string;
  /** Stored tool name → its reference in the file (ask is added here). */
  tool: (name: string) => TeamTool;
  /** Agent id → key in the file; undefined = left out (not visible to the exporter). */
  key: (agentId: string) => string | undefined;
}

const mode = (m: "ISOLATED" | "FORK") => (m === "FORK" ? "fork" : "isolated");
const PARAMS = ["temperature", "maxOutputTokens", "maxContextTokens"] as const;

/** The file entry of a stored agent. Defaults are left out so files stay short and diff well. */
export function toTeamAgent(row: StoredAgent, key: string, names: ExportNames): TeamAgent {
  const out: TeamAgent = {
    key,
    id: row.id,
    name: row.name,
    endpoint: names.endpoint(row.provider),
    model: row.model,
  };
  if (row.category !== "general") out.category = row.category as TeamAgent["category"];
  if (row.description) out.description = row.description;
  if (row.instructions) out.instructions = row.instructions;
  const parameters: NonNullable<TeamAgent["parameters"]> = {};
  for (const p of PARAMS)
    if (typeof row.parameters[p] === "number") parameters[p] = row.parameters[p] as number;
  if (Object.keys(parameters).length) out.parameters = parameters;
  if (row.tools.length) {
    out.tools = row.tools.map((t) => ({
      ...names.tool(t),
      ...(row.askTools.includes(t) ? { ask: true } : {}),
    }));
  }
  const children = row.children.flatMap((c) => {
    const agent = names.key(c.childId);
    if (!agent) return [];
    return [
      {
        agent,
        ...(c.mode === "FORK" ? { mode: "fork" as const } : {}),
        ...(c.budget !== null ? { budget: c.budget } : {}),
        ...(c.background ? { background: true } : {}),
      },
    ];
  });
  const selfDefault =
    row.allowSelf &&
    row.selfMode === "ISOLATED" &&
    row.selfBudget === null &&
    !row.selfModel &&
    !row.selfBackground;
  if (row.subagentsEnabled || children.length || !selfDefault) {
    out.subagents = {
      enabled: row.subagentsEnabled,
      self: {
        allowed: row.allowSelf,
        ...(row.selfMode === "FORK" ? { mode: mode(row.selfMode) } : {}),
        ...(row.selfBudget !== null ? { budget: row.selfBudget } : {}),
        ...(row.selfProvider && row.selfModel
          ? { endpoint: names.endpoint(row.selfProvider), model: row.selfModel }
          : {}),
        ...(row.selfBackground ? { background: true } : {}),
      },
      ...(children.length ? { children } : {}),
    };
  }
  const sum = row.summarization;
  if (sum?.trigger) {
    out.summarization = {
      ...(sum.provider ? { endpoint: names.endpoint(sum.provider) } : {}),
      ...(sum.model ? { model: sum.model } : {}),
      trigger: { type: sum.trigger.type, value: sum.trigger.value },
      ...(typeof sum.reserveRatio === "number" ? { reserveRatio: sum.reserveRatio } : {}),
    };
  }
  const handoffs = row.handoffs.flatMap((h) => {
    const agent = names.key(h.to);
    return agent ? [{ agent, ...(h.description ? { description: h.description } : {}) }] : [];
  });
  if (handoffs.length) out.handoffs = handoffs;
  return out;
}

export interface ImportNames {
  /** Endpoint name in the file → endpoint id here (undefined = missing: mapped or refused). */
  endpoint: (name: string) => string | undefined;
  /** A tool reference → the stored tool name here; null = dropped by the mapping; undefined = missing. */
  tool: (ref: TeamTool) => string | null | undefined;
}

/** The mapping key of a tool reference ("builtin/calculator", "mcp/Notes/save_note"). */
export function toolRef(t: TeamTool): string {
  return "builtin" in t ? `builtin/${t.builtin}` : `mcp/${t.server}/${t.tool}`;
}

/**
 * The builder form's input for a file entry (children and handoffs by key). Unresolved endpoints
 * keep a placeholder (`missing:<name>`) so the form's rules still check everything else.
 */
export function toDraftInput(agent: TeamAgent, names: ImportNames): AgentDraftInput {
  const endpoint = (name: string) => names.endpoint(name) ?? `missing:${name}`;
  const tools: string[] = [];
  const askTools: string[] = [];
  for (const t of agent.tools ?? []) {
    const resolved = names.tool(t);
    if (resolved === null) continue;
    const name = resolved ?? `missing:${toolRef(t)}`;
    if (tools.includes(name)) continue;
    tools.push(name);
    if (t.ask) askTools.push(name);
  }
  const sub = agent.subagents;
  const self = sub?.self;
  return {
    name: agent.name,
    description: agent.description ?? "",
    category: agent.category ?? "general",
    instructions: agent.instructions ?? "",
    provider: endpoint(agent.endpoint),
    model: agent.model,
    parameters: { ...(agent.parameters ?? {}) },
    tools,
    askTools,
    visibility: "private",
    subagents: {
      enabled: sub?.enabled ?? false,
      allowSelf: self?.allowed ?? true,
      selfMode: self?.mode ?? "isolated",
      selfBudget: self?.budget,
      selfModel:
        self?.endpoint && self.model ? { provider: endpoint(self.endpoint), model: self.model } : null,
      selfBackground: self?.background ?? false,
      children: (sub?.children ?? []).map((c) => ({
        id: c.agent,
        mode: c.mode ?? "isolated",
        budget: c.budget,
        background: c.background ?? false,
      })),
    },
    summarization: agent.summarization
      ? {
          ...(agent.summarization.endpoint ? { provider: endpoint(agent.summarization.endpoint) } : {}),
          ...(agent.summarization.model ? { model: agent.summarization.model } : {}),
          trigger: agent.summarization.trigger,
          ...(agent.summarization.reserveRatio !== undefined
            ? { reserveRatio: agent.summarization.reserveRatio }
            : {}),
        }
      : null,
    handoffs: (agent.handoffs ?? []).map((h) => ({ to: h.agent, description: h.description ?? "" })),
  };
}
