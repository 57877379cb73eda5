// The builder's money preview: what one answer of the tree could cost at most, from the same
// limits and prices a run uses. Pure: the caller gives the definitions, limits and resolved prices.
import { WORST_CASE_OUTPUT_TOKENS } from "@/lib/agents/budget";
import type { PricedModel } from "@/lib/agents/cost";
import { childMaxTurns } from "@/lib/agents/limits";
import type { AgentDefinition, Limits } from "@/lib/agents/types";
import type { PreviewNode } from "./preview";

export interface WorstCase {
  /** Micro-units of the currency; null when an entry's model has no price (then it is not a bound). */
  micros: number | null;
  /** Model calls the bound assumes (every agent of the tree once, each at its turn limit). */
  calls: number;
  /** Agents (names) whose model has no price, once each. */
  unpriced: string[];
  currency: string;
}

/**
 * Every agent of the expanded tree run once, each taking its turn limit of model calls (the root
 * about recursionLimit / 2 — a turn is a model step and a tool step — a subagent childMaxTurns),
 * each call writing its max output tokens (4096 when unset, as the engine's own check assumes) at
 * the dearer of its output and reasoning prices. Input is left out: it depends on the
 * conversation, and the engine checks it before every call anyway. A parent that delegates to the
 * same entry several times multiplies that entry's share; the preview says "each subagent once".
 */
export function worstCaseOfTree({
  root,
  nodes,
  agents,
  limits,
  prices,
  currency,
}: {
  root: AgentDefinition;
  nodes: PreviewNode[];
  agents: Record<string, AgentDefinition>;
  limits: Limits;
  prices: PricedModel[];
  currency: string;
}): WorstCase {
  const priceOf = (endpointId: string, model: string) =>
    prices.find((p) => p.endpointId === endpointId && p.model === model)?.price ?? null;
  const unpriced = new Set<string>();
  let micros: number | null = 0;
  let calls = 0;
  const add = (
    agent: AgentDefinition,
    model: { provider: string; model: string },
    turns: number,
    name: string,
  ) => {
    const price = priceOf(model.provider, model.model);
    calls += turns;
    if (!price) {
      unpriced.add(name);
      micros = null;
      return;
    }
    const maxOut = Number(agent.parameters?.maxOutputTokens) || WORST_CASE_OUTPUT_TOKENS;
    if (micros !== null) micros += Math.ceil(turns * maxOut * Math.max(price.output, price.reasoning));
  };
  add(root, root, Math.max(1, Math.floor(limits.recursionLimit / 2)), root.name);
  const walk = (list: PreviewNode[], parent: AgentDefinition) => {
    for (const n of list) {
      if (n.kind === "self") {
        add(parent, parent.subagents?.selfModel ?? parent, childMaxTurns(limits), n.name);
      } else if (n.kind === "agent") {
        const child = agents[n.agentId];
        if (!child) continue;
        add(child, child, childMaxTurns(limits), n.name);
        walk(n.children, child);
      }
    }
  };
  walk(nodes, root);
  return { micros, calls, unpriced: [...unpriced], currency };
}
