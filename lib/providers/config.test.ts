import { describe, expect, it } from "vitest";
import { providerEndpointMap, resolveProtocol } from "./endpoint-map";
import { demoEndpoint, endpointsFromEnv, withDemoEndpoint } from "./env";
import { ProviderError, toProviderError } from "./errors";
import { createChatModel, normalizeParameters, resolveModelTarget } from "./factory";
import { getReasoningKey } from "./reasoning";
import { backoffDelay } from "./resilience";

describe("endpointsFromEnv", () => {
  it("returns nothing without keys", () => {
    expect(endpointsFromEnv({})).toEqual([]);
  });

  it("turns keys and URLs into ready-made endpoints with base URL overrides", () => {
    const eps = endpointsFromEnv({
      OPENAI_API_KEY: "sk-o",
      OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      ANTHROPIC_API_KEY: "sk-a",
      ANTHROPIC_BASE_URL: "http://127.0.0.1:8",
      GOOGLE_API_KEY: "g",
      OPENROUTER_API_KEY: "or",
      OLLAMA_BASE_URL: "http://localhost:11434/",
      OLLAMA_MODELS: "llama3, qwen2.5",
    });
    expect(eps.map((e) => [e.id, e.name, e.protocol, e.baseURL, e.source])).toEqual([
      ["env:openai", "OpenAI", "openai", "http://127.0.0.1:9/v1", "env"],
      ["env:anthropic", "Anthropic", "anthropic", "http://127.0.0.1:8", "env"],
      ["env:google", "Google", "google", undefined, "env"],
      ["env:openrouter", "OpenRouter", "openai", "https://openrouter.ai/api/v1", "env"],
      ["env:ollama", "Ollama", "openai", "http://localhost:11434/v1", "env"],
    ]);
    expect(eps[4].models).toEqual(["llama3", "qwen2.5"]);
    expect(eps[4].apiKey).toBeUndefined();
    expect(eps[0].models.length).toBeGreaterThan(0);
  });

  it("adds the demo endpoint when nothing else is configured (or when forced)", () => {
    expect(withDemoEndpoint([], {})).toEqual([demoEndpoint()]);
    expect(demoEndpoint()).toMatchObject({
      name: "Demo (scripted, offline)",
      protocol: "demo",
      models: ["demo-delegator"],
    });
    const configured = endpointsFromEnv({ OPENAI_API_KEY: "x" });
    expect(withDemoEndpoint(configured, {})).toHaveLength(1);
    expect(withDemoEndpoint(configured, { DEMO_ENDPOINT: "on" })).toHaveLength(2);
    expect(withDemoEndpoint([], { DEMO_ENDPOINT: "off" })).toHaveLength(0);
  });
});

describe("providerEndpointMap / resolveModelTarget", () => {
  it("maps custom endpoint names to the protocol client", () => {
    expect(providerEndpointMap.Ollama).toBe("openai");
    expect(providerEndpointMap.OpenRouter).toBe("openai");
    expect(providerEndpointMap.anthropic).toBe("anthropic");
    expect(resolveProtocol("LM Studio")).toBe("openai");
    expect(resolveProtocol("GROQ")).toBe("openai");
    expect(resolveProtocol("google")).toBe("google");
    expect(resolveProtocol("nope")).toBeUndefined();
  });

  it("uses the known base URL of a named server and rejects unknown providers clearly", () => {
    expect(resolveModelTarget({ provider: "DeepSeek", model: "deepseek-chat" }).baseURL).toBe(
      "https://api.deepseek.com/v1",
    );
    const err = (() => {
      try {
        createChatModel({ provider: "Mystery", model: "m" });
      } catch (e) {
        return e as ProviderError;
      }
    })();
    expect(err).toBeInstanceOf(ProviderError);
    expect(err?.message).toMatch(/Unknown provider "Mystery"/);
  });

  it("requires a key for Anthropic and Google but not for OpenAI-compatible servers", () => {
    expect(() => createChatModel({ provider: "anthropic", model: "claude" })).toThrow(
      /has no API key configured/,
    );
    expect(() => createChatModel({ provider: "Ollama", model: "llama3" })).not.toThrow();
  });
});

describe("normalizeParameters", () => {
  it("keeps valid model fields, coerces numeric strings and drops engine-only keys", () => {
    expect(
      normalizeParameters({ temperature: "0.5", maxOutputTokens: 200, maxContextTokens: 9000, topP: "x" }),
    ).toEqual({
      temperature: 0.5,
      maxOutputTokens: 200,
      topP: undefined,
      thinkingBudgetTokens: undefined,
    });
  });
});

describe("getReasoningKey", () => {
  it("follows product.md §2", () => {
    expect(getReasoningKey("OpenRouter")).toBe("reasoning");
    expect(getReasoningKey("openai", { baseURL: "https://openrouter.ai/api/v1" })).toBe("reasoning");
    expect(getReasoningKey("DeepSeek", { name: "DeepSeek via OpenRouter" })).toBe("reasoning");
    expect(getReasoningKey("DeepSeek", { name: "OpenRouter" })).toBe("reasoning");
    expect(getReasoningKey("Gemini")).toBe("reasoning");
    expect(getReasoningKey("azure_openai", { useResponsesApi: true })).toBe("reasoning");
    expect(getReasoningKey("google")).toBe("reasoning");
    expect(getReasoningKey("openai")).toBe("reasoning_content");
    expect(getReasoningKey("openai", { useResponsesApi: true })).toBe("reasoning");
    expect(getReasoningKey("azureOpenAI", { useResponsesApi: true })).toBe("reasoning");
    expect(getReasoningKey("DeepSeek", { baseURL: "https://api.deepseek.com/v1" })).toBe("reasoning_content");
    expect(getReasoningKey("Ollama")).toBe("reasoning_content");
    expect(getReasoningKey("OpenRouter", { reasoningKey: "reasoning_content" })).toBe("reasoning_content");
  });
});

describe("toProviderError", () => {
  const ctx = { endpointName: "X", model: "m", baseURL: "http://h/v1" };
  it("maps statuses and network failures to codes", () => {
    expect(toProviderError({ status: 401, message: "bad" }, ctx).code).toBe("provider:auth");
    expect(toProviderError({ status: 403, message: "forbidden" }, ctx).code).toBe("provider:auth");
    expect(
      toProviderError({ status: 400, message: "API key not valid. Please pass a valid API key." }, ctx).code,
    ).toBe("provider:auth");
    expect(
      toProviderError({ status: 404, error: { code: "model_not_found", message: "no" } }, ctx).code,
    ).toBe("provider:model_not_found");
    const wrongUrl = toProviderError({ status: 404, message: "Not Found" }, ctx);
    expect(wrongUrl.code).toBe("provider:bad_request");
    expect(wrongUrl.message).toMatch(/check its base URL/);
    expect(toProviderError({ status: 429, message: "slow down" }, ctx)).toMatchObject({
      code: "provider:rate_limited",
      retryable: true,
    });
    expect(toProviderError({ status: 429, error: { code: "insufficient_quota" } }, ctx).retryable).toBe(
      false,
    );
    expect(toProviderError({ status: 529, message: "Overloaded" }, ctx)).toMatchObject({
      code: "provider:connection",
      retryable: true,
    });
    expect(toProviderError({ status: 400, message: "max_tokens too large" }, ctx).message).toBe(
      "The endpoint X rejected the request (HTTP 400: max_tokens too large).",
    );
    const refused = new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }),
    });
    expect(toProviderError(refused, ctx).message).toBe(
      "Could not reach the endpoint X at http://h/v1 (ECONNREFUSED).",
    );
  });

  it("backs off exponentially with a cap", () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, { baseDelayMs: 100, maxDelayMs: 500 }))).toEqual([
      100, 200, 400, 500,
    ]);
  });
});
