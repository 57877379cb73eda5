import { describe, expect, it } from "vitest";
import {
  buildAgentInput,
  computeEffectiveMaxContextTokens,
  protocolOf,
  shapeSummarizationConfig,
} from "./input";
import { DEFAULT_LIMITS } from "./limits";
import { chooseGraphType } from "./run";
import { agent } from "./testing/fixtures";

describe("computeEffectiveMaxContextTokens", () => {
  it("reserves the ratio: 200000 with 0.03 gives 194000", () => {
    expect(computeEffectiveMaxContextTokens(200000, 0.03)).toBe(194000);
  });
  it("never goes below the 1024 floor", () => {
    expect(computeEffectiveMaxContextTokens(1000, 0.5)).toBe(1024);
    expect(computeEffectiveMaxContextTokens(2000, 0.9)).toBe(1024);
  });
  it("is unchanged when the ratio is unset or outside (0, 1)", () => {
    expect(computeEffectiveMaxContextTokens(5000)).toBe(5000);
    expect(computeEffectiveMaxContextTokens(5000, 0)).toBe(5000);
    expect(computeEffectiveMaxContextTokens(5000, 1)).toBe(5000);
    expect(computeEffectiveMaxContextTokens(5000, -0.2)).toBe(5000);
  });
  it("is capped by maxContextTokens", () => {
    expect(computeEffectiveMaxContextTokens(200000, 0.03, 50000)).toBe(50000);
  });
});

describe("endpoint references", () => {
  it("maps provider names through the one providerEndpointMap, resolved endpoints by their protocol", () => {
    expect(protocolOf("Ollama")).toBe("openai");
    expect(protocolOf("OpenRouter")).toBe("openai");
    expect(protocolOf("Azure OpenAI")).toBe("openai");
    expect(protocolOf("anthropic")).toBe("anthropic");
    expect(protocolOf("ep_123", { ep_123: { provider: "anthropic" } })).toBe("anthropic");
    expect(protocolOf("unknown-thing")).toBe("unknown-thing");
  });
  it("takes the reasoning key from the resolved endpoint, else the provider rule", () => {
    const endpoints = {
      ep_or: { name: "Team proxy", provider: "openai", baseURL: "https://openrouter.ai/api/v1" },
      ep_g: { name: "Work", provider: "google" },
      ep_x: { name: "Pinned", provider: "google", reasoningKey: "reasoning_content" as const },
    };
    const key = (provider: string) =>
      buildAgentInput(agent("a", undefined, { provider }), { isSubagent: false, endpoints }).reasoningKey;
    expect(key("ep_or")).toBe("reasoning");
    expect(key("ep_g")).toBe("reasoning");
    expect(key("ep_x")).toBe("reasoning_content");
    expect(key("OpenRouter")).toBe("reasoning");
    expect(key("openai")).toBe("reasoning_content");
  });
  it("shapes the summarization block with the agent's endpoint and model as defaults", () => {
    const shaped = shapeSummarizationConfig(
      { trigger: { type: "messages", value: 20 }, reserveRatio: 0.1 },
      agent("a"),
    );
    expect(shaped).toEqual({
      endpointId: "openai",
      provider: "openai",
      model: "gpt-test",
      trigger: { type: "messages", value: 20 },
      parameters: {},
      reserveRatio: 0.1,
    });
    expect(shapeSummarizationConfig(undefined, agent("a"))).toBeUndefined();
  });
  it("keeps the summarizer's own endpoint id (never the agent's) when the settings name one", () => {
    const shaped = shapeSummarizationConfig(
      { provider: "ep_b", model: "m-b" },
      agent("a", undefined, { provider: "ep_a" }),
      {
        ep_a: { provider: "openai" },
        ep_b: { provider: "anthropic" },
      },
    );
    expect(shaped).toMatchObject({ endpointId: "ep_b", provider: "anthropic", model: "m-b" });
  });
});

describe("buildAgentInput", () => {
  const a = agent("a", undefined, {
    tools: ["calculator"],
    parameters: { maxContextTokens: 200000 },
    summarization: { reserveRatio: 0.03 },
  });
  it("computes the budget, reasoning key and tool registry", () => {
    const input = buildAgentInput(a, { isSubagent: false, initialSummary: "earlier" });
    expect(input.effectiveMaxContextTokens).toBe(194000);
    expect(input.reasoningKey).toBe("reasoning_content");
    expect([...input.toolRegistry.keys()]).toEqual(["calculator"]);
    expect(input.initialSummary).toBe("earlier");
  });
  it("isolates subagents: no summary", () => {
    const input = buildAgentInput(a, { isSubagent: true, initialSummary: "earlier" });
    expect(input.isSubagent).toBe(true);
    expect(input.initialSummary).toBeUndefined();
  });
  it("rejects unknown tools with a typed error", () => {
    expect(() => buildAgentInput(agent("x", undefined, { tools: ["rm_rf"] }), { isSubagent: false })).toThrow(
      expect.objectContaining({ code: "bad_request:agent" }),
    );
  });
});

describe("graph type", () => {
  it("is standard for one agent and no edges, multi-agent otherwise", () => {
    expect(chooseGraphType(1, 0)).toBe("standard");
    expect(chooseGraphType(2, 0)).toBe("multi-agent");
    expect(chooseGraphType(1, 1)).toBe("multi-agent");
  });
  it("has the documented defaults", () => {
    expect(DEFAULT_LIMITS).toMatchObject({
      maxSubagentDepth: 5,
      maxSubagentRunConfigs: 100,
      maxSubagentsPerAgent: 10,
      recursionLimit: 50,
      maxParallelSubagents: 4,
    });
  });
});
