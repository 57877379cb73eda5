import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "@/lib/agents/limits";
import type { AgentDefinition } from "@/lib/agents/types";
import type { PreviewNode } from "./preview";
import { worstCaseOfTree } from "./worst-case";

const agent = (id: string, model: string, extra: Partial<AgentDefinition> = {}): AgentDefinition => ({
  id,
  name: id.toUpperCase(),
  description: "",
  instructions: "",
  provider: "ep",
  model,
  tools: [],
  ...extra,
});
const node = (kind: PreviewNode["kind"], a: AgentDefinition, children: PreviewNode[] = []): PreviewNode => ({
  kind,
  agentId: a.id,
  name: a.name,
  depth: 1,
  tools: [],
  askTools: [],
  children,
});
// Output 10 per million tokens (reasoning 12, the dearer), so a 1,000-token call is 12,000 micros.
const price = { input: 1, cachedInput: 0.5, output: 10, reasoning: 12 };
const limits = { ...DEFAULT_LIMITS, recursionLimit: 12 }; // root 6 calls, a subagent 4

describe("the builder's worst case of one answer", () => {
  it("sums every agent once at its turn limit and max output, at the dearer output price", () => {
    const root = agent("r", "big", {
      parameters: { maxOutputTokens: 1000 },
      subagents: { enabled: true, allowSelf: true, selfModel: { provider: "ep", model: "small" } },
    });
    const child = agent("c", "big", { parameters: { maxOutputTokens: 500 } });
    const self = { ...node("self", root), name: "R (self)" };
    const w = worstCaseOfTree({
      root,
      nodes: [self, node("agent", child)],
      agents: { c: child },
      limits,
      prices: [
        { endpointId: "ep", model: "big", price },
        { endpointId: "ep", model: "small", price: { ...price, output: 1, reasoning: 1 } },
      ],
      currency: "USD",
    });
    // root 6 × 1000 × 12 + self copy (cheaper model) 4 × 1000 × 1 + child 4 × 500 × 12
    expect(w).toEqual({ micros: 72_000 + 4_000 + 24_000, calls: 14, unpriced: [], currency: "USD" });
  });

  it("is unknown, naming the entries, when a model has no price", () => {
    const root = agent("r", "big");
    const child = agent("c", "mystery");
    const w = worstCaseOfTree({
      root,
      nodes: [node("agent", child)],
      agents: { c: child },
      limits,
      prices: [
        { endpointId: "ep", model: "big", price },
        { endpointId: "ep", model: "mystery", price: null },
      ],
      currency: "EUR",
    });
    expect(w.micros).toBeNull();
    expect(w.unpriced).toEqual(["C"]);
  });
});
