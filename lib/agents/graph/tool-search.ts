/**
 * Tool search over big catalogs (LibreChat's deferred tools). An agent with more tools than the
 * admin's `toolSearchThreshold` beyond the built-in ones has those tools *deferred*: the model is
 * given `search_tools` instead of their definitions, and each tool a search finds is bound from the
 * next model call of the same execution on. What an execution found lives in the run's journal
 * (by span and agent), so a paused and resumed run keeps it, and a child execution — an explicit
 * subagent or a self-spawned copy — starts with nothing found (seed 000: `discoveredTools` is never
 * inherited).
 *
 * Ranking is BM25F (k1 = 1.2, b = 0.75) over each deferred tool's name (weight 3), server name
 * (weight 2) and description (weight 1): a query term's weighted frequency in the tool, its inverse
 * document frequency over the agent's deferred tools, normalised by the tool's weighted length.
 * Terms are lower-cased words split at punctuation, `_`, `-` and camelCase, each Han character on
 * its own, a plural "s" dropped, a few English stop words left out. A query equal to a tool's name
 * ranks that tool first. Ties go by name, so the same query over the same catalog always gives the
 * same answer.
 */
import type { AgentInput, RegistryTool } from "../types";
import type { AgentExecution } from "./context";
import { type FunctionToolDef, functionTool } from "./tool-defs";

export const SEARCH_TOOLS_NAME = "search_tools";
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 10;
/** Characters of a found tool's description the result repeats (its definition has all of it). */
const DESCRIPTION_CHARS = 200;

const K1 = 1.2;
const B = 0.75;
const NAME_WEIGHT = 3;
const SOURCE_WEIGHT = 2;
const DESCRIPTION_WEIGHT = 1;
/** Added to the score of a tool whose name is the whole query: above any BM25 score. */
const EXACT_NAME_BONUS = 1e6;

const STOP_WORDS = new Set([
  "a",
  "an",
  "and",
  "by",
  "for",
  "from",
  "in",
  "is",
  "it",
  "of",
  "on",
  "or",
  "the",
  "this",
  "that",
  "to",
  "with",
]);

/** The search terms of a text (see the module comment). */
export function searchTerms(text: string): string[] {
  const spaced = text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/(\p{Script=Han})/gu, " $1 ")
    .toLowerCase();
  const out: string[] = [];
  for (const word of spaced.split(/[^\p{L}\p{N}]+/u)) {
    if (!word || STOP_WORDS.has(word)) continue;
    out.push(word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word);
  }
  return out;
}

interface IndexedTool {
  tool: RegistryTool;
  /** Weighted frequency of each term in the tool. */
  tf: Map<string, number>;
  length: number;
}

interface ToolIndex {
  tools: IndexedTool[];
  /** Tools that contain each term. */
  df: Map<string, number>;
  avgLength: number;
}

function indexTools(tools: RegistryTool[]): ToolIndex {
  const df = new Map<string, number>();
  let total = 0;
  const indexed = tools.map((tool) => {
    const tf = new Map<string, number>();
    let length = 0;
    const add = (text: string | undefined, weight: number) => {
      for (const term of searchTerms(text ?? "")) {
        tf.set(term, (tf.get(term) ?? 0) + weight);
        length += weight;
      }
    };
    add(tool.name, NAME_WEIGHT);
    add(tool.source, SOURCE_WEIGHT);
    add(tool.description, DESCRIPTION_WEIGHT);
    for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    total += length;
    return { tool, tf, length };
  });
  return { tools: indexed, df, avgLength: indexed.length ? total / indexed.length : 0 };
}

const indexCache = new WeakMap<AgentInput, ToolIndex>();

function indexOf(input: AgentInput): ToolIndex {
  let index = indexCache.get(input);
  if (!index) {
    const tools = [...(input.deferredTools ?? [])].map((n) => input.toolRegistry.get(n) as RegistryTool);
    index = indexTools(tools);
    indexCache.set(input, index);
  }
  return index;
}

/** The deferred tools of `input` that match `query`, best first, at most `limit`. */
export function rankTools(input: AgentInput, query: string, limit: number): RegistryTool[] {
  const index = indexOf(input);
  const terms = [...new Set(searchTerms(query))];
  const whole = query.trim().toLowerCase();
  const n = index.tools.length;
  const scored: { tool: RegistryTool; score: number }[] = [];
  for (const doc of index.tools) {
    let score = doc.tool.name.toLowerCase() === whole ? EXACT_NAME_BONUS : 0;
    for (const term of terms) {
      const tf = doc.tf.get(term);
      if (!tf) continue;
      const df = index.df.get(term) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      const norm = K1 * (1 - B + (B * doc.length) / (index.avgLength || 1));
      score += idf * ((tf * (K1 + 1)) / (tf + norm));
    }
    if (score > 0) scored.push({ tool: doc.tool, score });
  }
  scored.sort((a, b) => b.score - a.score || (a.tool.name < b.tool.name ? -1 : 1));
  return scored.slice(0, limit).map((s) => s.tool);
}

/** The `search_tools` definition an agent with deferred tools is given. */
export function searchToolsDef(input: AgentInput): FunctionToolDef {
  const count = input.deferredTools?.size ?? 0;
  return functionTool(
    SEARCH_TOOLS_NAME,
    `Search the ${count} more tools you can use but whose definitions are not loaded yet (by name, server or what they do). The tools found are loaded for your next turn: call them then, by the names this search returns.`,
    {
      type: "object",
      properties: {
        query: {
          type: "string",
          description: "Words for the tool you need, e.g. 'create issue' or 'list pull requests'.",
        },
        limit: {
          type: "number",
          description: `How many tools to return at most, 1 to ${SEARCH_MAX_LIMIT} (default ${SEARCH_DEFAULT_LIMIT}).`,
        },
      },
      required: ["query"],
      additionalProperties: false,
    },
  );
}

/** Journal key of an execution's found tools (root agents of a multi-agent run share the root span). */
function foundKey(exec: AgentExecution): string {
  return `${exec.spanId}#${exec.input.agentId}`;
}

/** Deferred tools this execution has found so far, in the order it found them. */
export function foundTools(exec: AgentExecution): readonly string[] {
  return exec.run.journal.data.discovered?.[foundKey(exec)] ?? [];
}

/** Whether `name` is a deferred tool this execution has not found yet (its call is refused). */
export function notFoundYet(exec: AgentExecution, name: string): boolean {
  return Boolean(exec.input.deferredTools?.has(name)) && !foundTools(exec).includes(name);
}

export function notFoundYetError(name: string): string {
  return `Tool "${name}" is not loaded yet: call ${SEARCH_TOOLS_NAME} to find it first, then call it by the name the search returns.`;
}

/** Runs a `search_tools` call: ranks the deferred tools and records those found for the next turn. */
export function searchTools(
  exec: AgentExecution,
  args: Record<string, unknown>,
): { text: string; error?: string } {
  const query = typeof args.query === "string" ? args.query.trim() : "";
  if (!query) {
    const error = `${SEARCH_TOOLS_NAME} needs a query: words for the tool you need.`;
    return { text: `Error: ${error}`, error };
  }
  const asked =
    typeof args.limit === "number" && Number.isFinite(args.limit) ? Math.floor(args.limit) : undefined;
  const limit = Math.min(SEARCH_MAX_LIMIT, Math.max(1, asked ?? SEARCH_DEFAULT_LIMIT));
  const found = rankTools(exec.input, query, limit);
  if (!found.length)
    return { text: `No tool matched "${query}". Try other words: a name, a server, or what the tool does.` };
  const journal = exec.run.journal.data;
  journal.discovered ??= {};
  const key = foundKey(exec);
  const known = journal.discovered[key] ?? [];
  journal.discovered[key] = [...known, ...found.map((t) => t.name).filter((n) => !known.includes(n))];
  const lines = found.map((t) => {
    const description =
      t.description.length > DESCRIPTION_CHARS
        ? `${t.description.slice(0, DESCRIPTION_CHARS)}…`
        : t.description;
    return `- ${t.name}${t.source ? ` (${t.source})` : ""}: ${description}`;
  });
  return {
    text: `Found ${found.length} tool${found.length === 1 ? "" : "s"} for "${query}"; they are loaded for your next turn, call them by these names:\n${lines.join("\n")}`,
  };
}

/** Definitions of the tools this execution found, to bind beside the agent's own. */
export function foundToolDefs(exec: AgentExecution): FunctionToolDef[] {
  const defs: FunctionToolDef[] = [];
  for (const name of foundTools(exec)) {
    const t = exec.input.toolRegistry.get(name);
    if (t && exec.input.deferredTools?.has(name))
      defs.push(functionTool(t.name, t.description, t.parameters));
  }
  return defs;
}
