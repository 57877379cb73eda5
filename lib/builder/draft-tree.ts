// The would-be subagent tree of an agent as the form has it (saved or not), for the builder's live
// preview and for validating a save: the engine's own expansion, with its exact verdicts.
import "server-only";
import type { AgentDefinition, ContextMode, Limits } from "@/lib/agents/types";
import { loadAgentForest } from "@/lib/db/agents-tree";
import { errorWriter } from "@/lib/http/error-body";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { modelsOfAgents, type PriceRow, pricesFor } from "@/lib/pricing";
import { type EngineVerdict, emptyPreview, type PreviewResult, previewSubagentTree } from "./preview";
import type { AgentData } from "./schema";
import { backgroundEntries, subagentsSchema } from "./schema";
import { type WorstCase, worstCaseOfTree } from "./worst-case";

/** Id the unsaved agent of a "new agent" form has in previews. */
const DRAFT_ID = "__draft__";

type DraftForTree = Pick<
  AgentData,
  "name" | "description" | "instructions" | "provider" | "model" | "tools"
> & {
  askTools?: AgentData["askTools"];
  subagents: AgentData["subagents"];
  handoffs?: AgentData["handoffs"];
  parameters?: AgentData["parameters"];
};

/** The engine's definition of an unsaved agent. */
export function draftDefinition(id: string, data: DraftForTree): AgentDefinition {
  const modes: Record<string, ContextMode> = { self: data.subagents.selfMode };
  for (const c of data.subagents.children) modes[c.id] = c.mode;
  const budgets: Record<string, number> = {};
  if (data.subagents.selfBudget !== undefined) budgets.self = data.subagents.selfBudget;
  for (const c of data.subagents.children) if (c.budget !== undefined) budgets[c.id] = c.budget;
  const background = backgroundEntries(data.subagents.selfBackground, data.subagents.children);
  return {
    id,
    name: data.name,
    description: data.description,
    instructions: data.instructions,
    provider: data.provider,
    model: data.model,
    parameters: { ...(data.parameters ?? {}) },
    tools: [...data.tools],
    askTools: [...(data.askTools ?? [])],
    subagents: {
      enabled: data.subagents.enabled,
      allowSelf: data.subagents.allowSelf,
      agent_ids: data.subagents.children.map((c) => c.id),
      modes,
      ...(Object.keys(budgets).length ? { budgets } : {}),
      ...(background.length ? { background } : {}),
      ...(data.subagents.selfModel ? { selfModel: data.subagents.selfModel } : {}),
    },
  };
}

/** The preview with its verdict written out (in the request's language) and the field it is about. */
export type TreeVerdict = Omit<PreviewResult, "verdict"> & {
  verdict?: EngineVerdict & { message: string; field?: string };
  /** What one answer could cost at most (when prices were given). */
  worstCase?: WorstCase;
};

/** The installation's prices, for the preview's worst case. */
export interface PreviewPricing {
  prices: readonly PriceRow[];
  currency: string;
}

/**
 * The would-be tree of an agent as the form has it: the unsaved agent plus its children loaded from
 * the database (one query per level). Refusals about the listed agents come back as the verdict,
 * its message written in `locale` (the request's; English when a save only checks it).
 */
export async function previewTree({
  locale = DEFAULT_LOCALE,
  ...input
}: {
  userId: string;
  agentId?: string;
  data: DraftForTree;
  limits: Limits;
  locale?: Locale;
  pricing?: PreviewPricing;
}): Promise<TreeVerdict> {
  const { verdict, ...tree } = await expandDraft(input);
  if (!verdict) return tree;
  const write = await errorWriter(locale);
  return { ...tree, verdict: { ...verdict, message: write(verdict, { code: verdict.code }) } };
}

async function expandDraft({
  userId,
  agentId,
  data,
  limits,
  pricing,
}: {
  userId: string;
  agentId?: string;
  data: DraftForTree;
  limits: Limits;
  pricing?: PreviewPricing;
}): Promise<PreviewResult & { verdict?: EngineVerdict & { field?: string }; worstCase?: WorstCase }> {
  const rootId = agentId ?? DRAFT_ID;
  const root = draftDefinition(rootId, data);
  const base = emptyPreview(root, limits);
  const childIds = data.subagents.children.map((c) => c.id);
  const handoffIds = (data.handoffs ?? []).map((h) => h.to);
  /** A refusal: the code names its sentence (errors.<type>.<detail>), with values. */
  const fail = (code: string, values?: Record<string, string | number>, field = "subagents") => ({
    ...base,
    verdict: { code, key: code.replace(":", "."), values, field },
  });
  const refused = linkRefusal({ rootId, childIds, handoffIds, limits });
  if (refused) return fail(refused.code, refused.values, refused.field);
  // Children sit at depth 1; handoff targets answer in the run's first level, at depth 0.
  const forest = await loadAgentForest({
    startIds: handoffIds,
    childIds,
    viewerId: userId,
    maxDepth: limits.maxSubagentDepth,
    exclude: [rootId],
  });
  for (const [ids, field, what] of [
    [childIds, "subagents", "subagent"],
    [handoffIds, "handoffs", "handoff"],
  ] as const) {
    // A missing agent and one the user may not view answer the same, so ids of private agents
    // can't be confirmed by listing them here.
    const unusable = ids.find((id) => !forest.rows.has(id) || forest.hidden.includes(id));
    if (unusable) {
      return fail(`bad_request:${what}_not_found`, { agent: unusable }, field);
    }
  }
  const tree = { ...base, ...previewSubagentTree({ root, lookup: forest.agents, limits }) };
  if (!pricing || tree.verdict) return tree;
  const agents = { ...forest.agents, [root.id]: root };
  const prices = pricesFor(
    modelsOfAgents(Object.values(agents)),
    pricing.prices,
    pricing.currency,
    new Date(),
  );
  const worstCase = worstCaseOfTree({
    root,
    nodes: tree.nodes,
    agents,
    limits,
    prices,
    currency: pricing.currency,
  });
  return { ...tree, worstCase };
}

/** The builder's own refusals of an agent's links, before the engine expands anything. */
export function linkRefusal({
  rootId,
  childIds,
  handoffIds,
  limits,
}: {
  rootId: string;
  childIds: string[];
  handoffIds: string[];
  limits: Pick<Limits, "maxSubagentsPerAgent">;
}): { code: string; values?: Record<string, number>; field: string } | undefined {
  if (childIds.length > limits.maxSubagentsPerAgent) {
    const values = { max: limits.maxSubagentsPerAgent, count: childIds.length };
    return { code: "limit:subagents_per_agent", values, field: "subagents" };
  }
  if (childIds.includes(rootId)) return { code: "bad_request:subagent_self", field: "subagents" };
  if (handoffIds.includes(rootId)) return { code: "bad_request:handoff_self", field: "handoffs" };
  return undefined;
}

/** Lenient parse of the form's subagent state for the live preview (other fields may be half-typed). */
export function parsePreviewInput(input: unknown): DraftForTree {
  const raw = (input ?? {}) as Record<string, unknown>;
  const sub = subagentsSchema.safeParse(raw.subagents ?? {});
  // Names only (shown per node); whether each may be used is checked when saving.
  const tools = Array.isArray(raw.tools)
    ? raw.tools.filter((t): t is string => typeof t === "string" && t.length <= 200).slice(0, 200)
    : [];
  const askTools = Array.isArray(raw.askTools)
    ? raw.askTools.filter((t): t is string => typeof t === "string" && tools.includes(t))
    : [];
  const str = (v: unknown, fallback = "") => (typeof v === "string" && v.trim() ? v.trim() : fallback);
  const maxOut = (raw.parameters as { maxOutputTokens?: unknown } | undefined)?.maxOutputTokens;
  return {
    name: str(raw.name, "This agent"),
    description: str(raw.description),
    instructions: str(raw.instructions),
    provider: str(raw.provider, "preview"),
    model: str(raw.model, "preview"),
    ...(typeof maxOut === "number" && Number.isInteger(maxOut) && maxOut > 0
      ? { parameters: { maxOutputTokens: maxOut } }
      : {}),
    tools,
    askTools,
    subagents: sub.success
      ? sub.data
      : { enabled: false, allowSelf: true, selfMode: "isolated", selfBackground: false, children: [] },
  };
}
