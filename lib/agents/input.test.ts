import { describe, expect, it } from "vitest";
import {
  buildAgentInput,
  computeEffectiveMaxContextTokens,
  getReasoningKey,
  mapProvider,
  resolveSummarizationProvider,
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

describe("getReasoningKey", () => {
  it("uses `reasoning` for OpenRouter by endpoint name or baseURL", () => {
    expect(getReasoningKey("openai", { endpointName: "OpenRouter" })).toBe("reasoning");
    expect(getReasoningKey("custom", { baseURL: "https://openrouter.ai/api/v1" })).toBe("reasoning");
  });
  it("uses `reasoning` for Google and for OpenAI/Azure on the Responses API", () => {
    expect(getReasoningKey("google")).toBe("reasoning");
    expect(getReasoningKey("openai", { useResponsesApi: true })).toBe("reasoning");
    expect(getReasoningKey("azure_openai", { useResponsesApi: true })).toBe("reasoning");
  });
  it("defaults to `reasoning_content`", () => {
    expect(getReasoningKey("openai")).toBe("reasoning_content");
    expect(getReasoningKey("anthropic")).toBe("reasoning_content");
    expect(getReasoningKey("deepseek", { baseURL: "https://api.deepseek.com" })).toBe("reasoning_content");
  });
  it("lets an explicit per-endpoint key win", () => {
    expect(getReasoningKey("google", { reasoningKey: "reasoning_content" })).toBe("reasoning_content");
    expect(getReasoningKey("openai", { reasoningKey: "reasoning" })).toBe("reasoning");
  });
});

describe("provider mapping and summarization", () => {
  it("maps custom endpoint names to the client that speaks their protocol", () => {
    expect(mapProvider("Ollama")).toBe("openai");
    expect(mapProvider("OpenRouter")).toBe("openai");
    expect(mapProvider("anthropic")).toBe("anthropic");
    expect(mapProvider("MyProxy", { MyProxy: { provider: "anthropic" } })).toBe("anthropic");
    expect(mapProvider("unknown-thing")).toBe("unknown-thing");
  });
  it("falls back to the raw provider when a custom endpoint cannot be resolved", () => {
    const endpoints = {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal env placeholder, as configs hold it
      Local: { provider: "openai", baseURL: "http://x", apiKey: "${LOCAL_KEY}" },
      Ready: { provider: "openai", baseURL: "http://y", apiKey: "k" },
      Missing: { provider: "openai", apiKey: "k" },
    };
    expect(resolveSummarizationProvider("Local", endpoints, {})).toBe("Local");
    expect(resolveSummarizationProvider("Local", endpoints, { LOCAL_KEY: "set" })).toBe("openai");
    expect(resolveSummarizationProvider("Ready", endpoints, {})).toBe("openai");
    expect(resolveSummarizationProvider("Missing", endpoints, {})).toBe("Missing");
  });
  it("shapes the summarization block with the agent's provider and model as defaults", () => {
    const shaped = shapeSummarizationConfig(
      { trigger: { type: "messages", value: 20 }, reserveRatio: 0.1 },
      agent("a"),
    );
    expect(shaped).toEqual({
      provider: "openai",
      model: "gpt-test",
      trigger: { type: "messages", value: 20 },
      parameters: {},
      reserveRatio: 0.1,
    });
    expect(shapeSummarizationConfig(undefined, agent("a"))).toBeUndefined();
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
    expect(input.discoveredTools).toEqual([]);
    expect(input.toolDefinitions?.map((t) => t.name)).toEqual(["calculator"]);
  });
  it("isolates subagents: no summary, no discovered tools, no injected definitions", () => {
    const input = buildAgentInput(a, { isSubagent: true, initialSummary: "earlier" });
    expect(input.isSubagent).toBe(true);
    expect(input.initialSummary).toBeUndefined();
    expect(input.discoveredTools).toBeUndefined();
    expect(input.toolDefinitions).toBeUndefined();
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
