import "server-only";
import { BUILTIN_TOOLS } from "@/lib/agents/tools";
import type { AgentDefinition, ContextMode, Limits } from "@/lib/agents/types";
import { canView, loadAgentForest } from "@/lib/db/agents-tree";
import { findUsersByEmails } from "@/lib/db/agents-users";
import { listModelChoices } from "@/lib/endpoints/catalog";
import { AppError } from "@/lib/errors";
import { currentLimits } from "./limits";
import { type PreviewResult, previewSubagentTree } from "./preview";
import { type AgentDraft, agentDraftSchema, fieldErrors, subagentsSchema } from "./schema";

/** A validated agent as it is stored, and as every version snapshot keeps it. */
export type AgentData = Omit<AgentDraft, "shareEmails"> & { shareUserIds: string[] };

/** Id the unsaved agent of a "new agent" form has in previews. */
export const DRAFT_ID = "__draft__";

const refuse = (code: `${string}:${string}`, field: string, message: string) =>
  new AppError(code as `bad_request:${string}`, message, { fields: { [field]: message } });

/** Parses the form/API input and checks it against the database. Throws AppError; writes nothing. */
export async function validateAgentInput({
  userId,
  agentId,
  input,
}: {
  userId: string;
  agentId?: string;
  input: unknown;
}): Promise<AgentData> {
  const parsed = agentDraftSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError("bad_request:agent", "Please fix the highlighted fields.", {
      fields: fieldErrors(parsed.error),
    });
  }
  const { shareEmails, ...draft } = parsed.data;
  let shareUserIds: string[] = [];
  if (draft.visibility === "shared") {
    const emails = [...new Set(shareEmails.filter(Boolean))];
    if (emails.length === 0)
      throw refuse("bad_request:agent_share", "shareEmails", "Add at least one email.");
    const users = await findUsersByEmails({ emails });
    const missing = emails.filter((e) => !users.some((u) => u.email === e));
    if (missing.length) {
      throw refuse("bad_request:agent_share", "shareEmails", `No account uses ${missing.join(", ")}.`);
    }
    shareUserIds = users.map((u) => u.id).filter((id) => id !== userId);
  }
  const data: AgentData = { ...draft, shareUserIds };
  await checkAgentData({ userId, agentId, data });
  return data;
}

/** Database checks of a parsed agent: endpoint, tools, children, handoffs, the expanded tree. */
export async function checkAgentData({
  userId,
  agentId,
  data,
}: {
  userId: string;
  agentId?: string;
  data: AgentData;
}): Promise<void> {
  const choices = await listModelChoices({ userId });
  if (!choices.some((c) => c.id === data.provider)) {
    throw refuse("bad_request:agent_model", "provider", "That endpoint is not available. Pick another one.");
  }
  const sumProvider = data.summarization?.provider;
  if (sumProvider && !choices.some((c) => c.id === sumProvider)) {
    throw refuse("bad_request:agent_model", "summarization", "That summarization endpoint is not available.");
  }
  const unknownTool = data.tools.find((t) => !Object.hasOwn(BUILTIN_TOOLS, t));
  if (unknownTool)
    throw refuse("bad_request:agent_tool", "tools", `There is no tool named "${unknownTool}".`);

  const limits = await currentLimits(userId);
  const result = await previewTree({ userId, agentId, data, limits });
  if (result.verdict) {
    const field = result.verdict.field ?? "subagents";
    throw new AppError(result.verdict.code as `limit:${string}`, result.verdict.message, {
      fields: { [field]: result.verdict.message },
    });
  }
}

type DraftForTree = Pick<
  AgentData,
  "name" | "description" | "instructions" | "provider" | "model" | "tools"
> & {
  subagents: AgentData["subagents"];
  handoffs?: AgentData["handoffs"];
  parameters?: AgentData["parameters"];
};

/** The engine's definition of an unsaved agent. */
export function draftDefinition(id: string, data: DraftForTree): AgentDefinition {
  const modes: Record<string, ContextMode> = { self: data.subagents.selfMode };
  for (const c of data.subagents.children) modes[c.id] = c.mode;
  return {
    id,
    name: data.name,
    description: data.description,
    instructions: data.instructions,
    provider: data.provider,
    model: data.model,
    parameters: { ...(data.parameters ?? {}) },
    tools: [...data.tools],
    subagents: {
      enabled: data.subagents.enabled,
      allowSelf: data.subagents.allowSelf,
      agent_ids: data.subagents.children.map((c) => c.id),
      modes,
    },
  };
}

export type TreeVerdict = PreviewResult & { verdict?: { code: string; message: string; field?: string } };

/**
 * The would-be tree of an agent as the form has it: the unsaved agent plus its children loaded from
 * the database (one query per level). Refusals about the listed agents come back as the verdict.
 */
export async function previewTree({
  userId,
  agentId,
  data,
  limits,
}: {
  userId: string;
  agentId?: string;
  data: DraftForTree;
  limits: Limits;
}): Promise<TreeVerdict> {
  const rootId = agentId ?? DRAFT_ID;
  const root = draftDefinition(rootId, data);
  const base: TreeVerdict = {
    root: { id: rootId, name: data.name },
    nodes: [],
    count: 0,
    limits: {
      maxSubagentDepth: limits.maxSubagentDepth,
      maxSubagentRunConfigs: limits.maxSubagentRunConfigs,
      maxSubagentsPerAgent: limits.maxSubagentsPerAgent,
    },
  };
  const childIds = data.subagents.children.map((c) => c.id);
  const handoffIds = (data.handoffs ?? []).map((h) => h.to);
  const fail = (code: string, message: string, field = "subagents"): TreeVerdict => ({
    ...base,
    verdict: { code, message, field },
  });
  if (childIds.length > limits.maxSubagentsPerAgent) {
    return fail(
      "limit:subagents_per_agent",
      `At most ${limits.maxSubagentsPerAgent} subagents per agent; ${childIds.length} are chosen.`,
    );
  }
  if (childIds.includes(rootId))
    return fail("bad_request:subagent_self", "An agent can't be its own subagent.");
  if (handoffIds.includes(rootId)) {
    return fail("bad_request:handoff_self", "An agent can't hand off to itself.", "handoffs");
  }
  const forest = await loadAgentForest({
    startIds: [...childIds, ...handoffIds],
    // Children are level 1: load down to maxDepth + 1 so the engine can name the agent that is too deep.
    maxLevels: limits.maxSubagentDepth + 1,
    exclude: [rootId],
  });
  for (const [ids, field, what] of [
    [childIds, "subagents", "subagent"],
    [handoffIds, "handoffs", "handoff"],
  ] as const) {
    const missing = ids.find((id) => !forest.rows.has(id));
    if (missing) {
      return fail(
        `bad_request:${what}_not_found`,
        `Agent ${missing} does not exist (it may have been deleted).`,
        field,
      );
    }
    const hidden = ids.find((id) => {
      const row = forest.rows.get(id);
      return row ? !canView(row, userId) : false;
    });
    if (hidden) return fail(`forbidden:${what}`, `You don't have access to agent ${hidden}.`, field);
  }
  return { ...base, ...previewSubagentTree({ root, lookup: forest.agents, limits }) };
}

/** Lenient parse of the form's subagent state for the live preview (other fields may be half-typed). */
export function parsePreviewInput(input: unknown): DraftForTree {
  const raw = (input ?? {}) as Record<string, unknown>;
  const sub = subagentsSchema.safeParse(raw.subagents ?? {});
  const tools = Array.isArray(raw.tools)
    ? raw.tools.filter((t): t is string => Object.hasOwn(BUILTIN_TOOLS, t))
    : [];
  const str = (v: unknown, fallback = "") => (typeof v === "string" && v.trim() ? v.trim() : fallback);
  return {
    name: str(raw.name, "This agent"),
    description: str(raw.description),
    instructions: str(raw.instructions),
    provider: str(raw.provider, "preview"),
    model: str(raw.model, "preview"),
    tools,
    subagents: sub.success
      ? sub.data
      : { enabled: false, allowSelf: true, selfMode: "isolated", children: [] },
  };
}
