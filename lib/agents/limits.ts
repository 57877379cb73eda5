/** Admin-settable limits of the engine (product.md §2-3). */
export interface Limits {
  /** Deepest level a subagent may run at (root = 0). */
  maxSubagentDepth: number;
  /** Total subagent entries (self or explicit, any level) one run may expand. */
  maxSubagentRunConfigs: number;
  /** Explicit children one agent may list. */
  maxSubagentsPerAgent: number;
  /** LangGraph recursion limit of a root agent; children get floor(recursionLimit / 3) model turns. */
  recursionLimit: number;
  /** Subagent calls of one model turn that run at the same time. */
  maxParallelSubagents: number;
  /**
   * Tool search: an agent with more tools than this beyond the built-in ones gets `search_tools`
   * and only the definitions it found are bound (0 = off: every definition is always bound).
   */
  toolSearchThreshold: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxSubagentDepth: 5,
  maxSubagentRunConfigs: 100,
  maxSubagentsPerAgent: 10,
  recursionLimit: 50,
  maxParallelSubagents: 4,
  toolSearchThreshold: 40,
});

export function resolveLimits(limits?: Partial<Limits>): Limits {
  const out: Limits = { ...DEFAULT_LIMITS };
  if (!limits) return out;
  for (const key of Object.keys(out) as (keyof Limits)[]) {
    const v = limits[key];
    if (typeof v === "number" && Number.isFinite(v) && v >= 0) out[key] = Math.floor(v);
  }
  if (out.maxParallelSubagents < 1) out.maxParallelSubagents = 1;
  return out;
}

/** Model turns a subagent may take. */
export function childMaxTurns(limits: Limits): number {
  return Math.max(1, Math.floor(limits.recursionLimit / 3));
}
