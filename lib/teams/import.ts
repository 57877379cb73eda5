// Import: a team file checked as the builder checks a save (the form's rules per agent, endpoints
// and tools open to the importer, the engine's expansion of the tree against their limits), with a
// mapping for the endpoints and tools this server lacks. `planTeamImport` only reads (the preview);
// `importTeam` writes every agent in one transaction, or nothing.
import "server-only";
import { z } from "zod";
import type { Limits } from "@/lib/agents/limits";
import { draftDefinition, linkRefusal, type TreeVerdict } from "@/lib/builder/draft-tree";
import { currentLimits } from "@/lib/builder/limits";
import { emptyPreview, type PreviewResult, previewSubagentTree } from "@/lib/builder/preview";
import { type AgentData, agentDraftSchema } from "@/lib/builder/schema";
import { type TeamWrite, writeTeam } from "@/lib/db/agents-team";
import { canView, loadAgentRows } from "@/lib/db/agents-tree";
import { isRecordMissing, isUniqueViolation } from "@/lib/db/client";
import { AppError, type ErrorCode } from "@/lib/errors";
import { errorWriter } from "@/lib/http/error-body";
import { issueText } from "@/lib/http/zod-fields";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { toDraftInput, toolRef } from "./convert";
import type { TeamAgent, TeamFile, TeamTool } from "./file-schema";
import { type ServerNames, serverNames } from "./server-names";
import { parseTeamFile } from "./yaml";

const name = z.string().max(500);
export const teamImportSchema = z
  .object({
    /** The YAML text (bounded in parseTeamFile). */
    file: z.string(),
    /** create: new agents; update: the agents it came from where the importer owns them. */
    mode: z.enum(["create", "update"]).default("create"),
    mapping: z
      .object({
        /** Endpoint name in the file → endpoint id here. */
        endpoints: z.record(name, name).default({}),
        /** Tool reference ("builtin/x", "mcp/Server/tool") → stored tool name here; "" drops it. */
        tools: z.record(name, name).default({}),
      })
      .default({ endpoints: {}, tools: {} }),
  })
  .strict();
export type TeamImportInput = z.input<typeof teamImportSchema>;

export interface ImportPlan {
  root: string;
  agents: { key: string; name: string; action: "create" | "update"; id?: string }[];
  /** The root's tree as the engine expands it (node agentIds are file keys). */
  tree: TreeVerdict;
  /** Engine refusals of any agent's tree, written in the request's language. */
  verdicts: { key: string; name: string; code: string; message: string }[];
  missing: {
    endpoints: { name: string; agents: string[] }[];
    tools: { ref: string; agents: string[] }[];
  };
  /** What the mapping may point at. */
  options: {
    endpoints: { id: string; name: string }[];
    tools: { name: string; ref: string; group: string }[];
  };
  ready: boolean;
}

interface Planned {
  plan: ImportPlan;
  file: TeamFile;
  data: Map<string, AgentData>;
}

const refuse = (code: ErrorCode, values: Record<string, string | number>) => new AppError(code, { values });

/** The preview of an import: reads only. Throws a 4xx for a file or mapping it can't use. */
export async function planTeamImport({
  userId,
  input,
  locale = DEFAULT_LOCALE,
}: {
  userId: string;
  input: unknown;
  locale?: Locale;
}): Promise<Planned> {
  const options = teamImportSchema.safeParse(input);
  if (!options.success) {
    const issue = options.error.issues[0];
    throw new AppError("bad_request:team_field", {
      values: { field: issue.path.join(".") || "body", problem: issueText(issue) },
    });
  }
  const { mode, mapping } = options.data;
  const file = parseTeamFile(options.data.file);
  checkReferences(file);
  const names = await serverNames(userId);
  checkMapping(mapping, names);

  const missingEndpoints = new Map<string, Set<string>>();
  const missingTools = new Map<string, Set<string>>();
  const note = (into: Map<string, Set<string>>, what: string, agent: string) =>
    into.set(what, (into.get(what) ?? new Set()).add(agent));
  const data = new Map<string, AgentData>();
  file.agents.forEach((agent, i) => {
    const resolver = {
      endpoint: (n: string) => {
        const id = mapping.endpoints[n] ?? names.endpoints.find((e) => e.name === n)?.id;
        if (!id) note(missingEndpoints, n, agent.name);
        return id;
      },
      tool: (t: TeamTool) => {
        const ref = toolRef(t);
        if (ref in mapping.tools) return mapping.tools[ref] || null;
        const found = names.tools.find((o) => toolRef(o.ref) === ref)?.name;
        if (!found) note(missingTools, ref, agent.name);
        return found;
      },
    };
    const parsed = agentDraftSchema.safeParse(toDraftInput(agent, resolver));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw refuse("bad_request:team_field", {
        field: `agents.${i}.${issue.path.join(".")}`,
        problem: issueText(issue) as never,
      });
    }
    const { shareEmails: _none, ...draft } = parsed.data;
    data.set(agent.key, { ...draft, shareUserIds: [] });
  });

  const { tree, verdicts } = await expandAll(file, data, userId, locale);
  const agents = await chooseActions(file, mode, userId);
  const missing = {
    endpoints: [...missingEndpoints].map(([n, a]) => ({ name: n, agents: [...a] })),
    tools: [...missingTools].map(([ref, a]) => ({ ref, agents: [...a] })),
  };
  return {
    file,
    data,
    plan: {
      root: file.root,
      agents,
      tree,
      verdicts,
      missing,
      options: {
        endpoints: names.endpoints.map(({ id, name: n }) => ({ id, name: n })),
        tools: names.tools.map((t) => ({ name: t.name, ref: toolRef(t.ref), group: t.group })),
      },
      ready: !missing.endpoints.length && !missing.tools.length && !verdicts.length,
    },
  };
}

/** Keys unique; the root, every child and every handoff target an agent of the file. */
function checkReferences(file: TeamFile) {
  const keys = new Set<string>();
  file.agents.forEach((a, i) => {
    if (keys.has(a.key)) throw refuse("bad_request:team_key_twice", { field: `agents.${i}.key`, key: a.key });
    keys.add(a.key);
  });
  const unknown = (field: string, key: string) => {
    if (!keys.has(key)) throw refuse("bad_request:team_unknown_agent", { field, key });
  };
  unknown("root", file.root);
  file.agents.forEach((a, i) => {
    for (const [j, c] of (a.subagents?.children ?? []).entries()) {
      unknown(`agents.${i}.subagents.children.${j}.agent`, c.agent);
    }
    for (const [j, h] of (a.handoffs ?? []).entries()) unknown(`agents.${i}.handoffs.${j}.agent`, h.agent);
  });
}

/** A mapping may only point at endpoints and tools open to the importer. */
function checkMapping(
  mapping: { endpoints: Record<string, string>; tools: Record<string, string> },
  names: ServerNames,
) {
  for (const [from, to] of Object.entries(mapping.endpoints)) {
    if (!names.endpoints.some((e) => e.id === to))
      throw refuse("bad_request:team_mapping", { field: `mapping.endpoints.${from}` });
  }
  for (const [from, to] of Object.entries(mapping.tools)) {
    if (to !== "" && !names.tools.some((t) => t.name === to))
      throw refuse("bad_request:team_mapping", { field: `mapping.tools.${from}` });
  }
}

/** The engine's expansion of the root's tree, and its refusals of any agent's tree. */
async function expandAll(file: TeamFile, data: Map<string, AgentData>, userId: string, locale: Locale) {
  const limits = await currentLimits(userId);
  const defs = Object.fromEntries([...data].map(([key, d]) => [key, draftDefinition(key, d)]));
  const write = await errorWriter(locale);
  const verdicts: ImportPlan["verdicts"] = [];
  let tree: PreviewResult | undefined;
  for (const agent of file.agents) {
    const d = data.get(agent.key) as AgentData;
    const result = ownLinkVerdict(agent, d, limits) ?? {
      ...previewSubagentTree({ root: defs[agent.key], lookup: defs, limits }),
    };
    if (agent.key === file.root) tree = result;
    if (result.verdict) {
      const { code, key, values } = result.verdict;
      verdicts.push({ key: agent.key, name: agent.name, code, message: write({ key, values }, { code }) });
    }
  }
  const root = tree as PreviewResult;
  const rootVerdict = verdicts.find((v) => v.key === file.root);
  return {
    tree: {
      ...root,
      verdict: root.verdict && rootVerdict ? { ...root.verdict, message: rootVerdict.message } : undefined,
    },
    verdicts,
  };
}

/** The builder's own refusals of an agent's links (too many children, itself as child or target). */
function ownLinkVerdict(agent: TeamAgent, d: AgentData, limits: Limits): PreviewResult | undefined {
  const refused = linkRefusal({
    rootId: agent.key,
    childIds: d.subagents.children.map((c) => c.id),
    handoffIds: d.handoffs.map((h) => h.to),
    limits,
  });
  if (!refused) return undefined;
  const { code, values } = refused;
  const root = { id: agent.key, name: agent.name, tools: d.tools, askTools: d.askTools };
  return { ...emptyPreview(root, limits), verdict: { code, key: code.replace(":", "."), values } };
}

// Ids a file may bring for new agents: shaped like this app's (cuid-like) ids.
const KEEPABLE_ID = /^c[a-z0-9]{20,32}$/;

/**
 * Per agent: update the agent it came from (mode update, and the importer owns it), else create
 * one, keeping the file's id when no agent has it (so a team moved to a fresh server and exported
 * again gives the same file). Agents of others answer like missing ones: a new agent is created.
 */
async function chooseActions(file: TeamFile, mode: "create" | "update", userId: string) {
  const ids = [...new Set(file.agents.flatMap((a) => (a.id ? [a.id] : [])))];
  const rows = new Map((await loadAgentRows({ ids })).map((r) => [r.id, r]));
  const used = new Set<string>();
  return file.agents.map((a): ImportPlan["agents"][number] => {
    const row = a.id ? rows.get(a.id) : undefined;
    const fresh = { key: a.key, name: a.name, action: "create" as const };
    if (!a.id || used.has(a.id)) return fresh;
    used.add(a.id);
    if (mode === "update" && row && row.ownerId === userId && canView(row, userId))
      return { ...fresh, action: "update", id: a.id };
    if (!row && KEEPABLE_ID.test(a.id)) return { ...fresh, id: a.id };
    return fresh;
  });
}

/** Writes the planned import: refuses (4xx, nothing written) unless everything is mapped and allowed. */
export async function importTeam({
  userId,
  input,
}: {
  userId: string;
  input: unknown;
}): Promise<{ rootId: string; created: number; updated: number }> {
  const { plan, file, data } = await planTeamImport({ userId, input });
  const endpoint = plan.missing.endpoints[0];
  if (endpoint) throw refuse("bad_request:team_unmapped_endpoint", { name: endpoint.name });
  const tool = plan.missing.tools[0];
  if (tool) throw refuse("bad_request:team_unmapped_tool", { name: tool.ref });
  const verdict = plan.verdicts[0];
  if (verdict) {
    throw new AppError(verdict.code as ErrorCode, {
      key: "bad_request.team_verdict",
      values: { name: verdict.name, message: verdict.message },
    });
  }
  const existing = new Map(
    (
      await loadAgentRows({ ids: plan.agents.flatMap((a) => (a.action === "update" && a.id ? [a.id] : [])) })
    ).map((r) => [r.id, r]),
  );
  const writes: TeamWrite[] = plan.agents.map((a) => {
    const d = data.get(a.key) as AgentData;
    const row = a.action === "update" && a.id ? existing.get(a.id) : undefined;
    // An update keeps who the agent is shared with; new agents are private.
    const access = row
      ? { visibility: row.visibility.toLowerCase() as AgentData["visibility"], shareUserIds: row.sharedWith }
      : { visibility: "private" as const, shareUserIds: [] };
    return { key: a.key, id: a.id, update: Boolean(row), data: { ...d, ...access } };
  });
  const ids = await writeTeam({ userId, agents: writeOrder(file, writes) }).catch((err) => {
    // An id kept from the file was taken (or an agent updated was deleted) since the plan: retry.
    if (isUniqueViolation(err) || isRecordMissing(err)) throw new AppError("conflict:team_changed");
    throw err;
  });
  return {
    rootId: ids[file.root],
    created: writes.filter((w) => !w.update).length,
    updated: writes.filter((w) => w.update).length,
  };
}

/** Children before parents (from the root, depth first), so each version's tree sees its children's. */
function writeOrder(file: TeamFile, writes: TeamWrite[]): TeamWrite[] {
  const byKey = new Map(writes.map((w) => [w.key, w]));
  const out: TeamWrite[] = [];
  const visit = (key: string) => {
    const w = byKey.get(key);
    if (!w) return;
    byKey.delete(key);
    for (const c of w.data.subagents.children) visit(c.id);
    for (const h of w.data.handoffs) visit(h.to);
    out.push(w);
  };
  visit(file.root);
  for (const a of file.agents) visit(a.key);
  return out;
}
