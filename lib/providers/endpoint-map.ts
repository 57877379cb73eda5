import type { Protocol } from "./types";

/**
 * Provider names → the protocol client that speaks to them (the one copy of this mapping: the
 * provider factory and the engine both go through `resolveProtocol`). Endpoints resolved by id carry
 * their protocol themselves. Keys are present in display case and lower case; use `resolveProtocol`
 * for any other spelling.
 */
const DISPLAY_NAMES: Record<string, Protocol> = {
  openAI: "openai",
  OpenAI: "openai",
  azureOpenAI: "openai",
  "Azure OpenAI": "openai",
  Azure: "openai",
  azure_openai: "openai",
  Anthropic: "anthropic",
  Google: "google",
  Gemini: "google",
  Demo: "demo",
  OpenRouter: "openai",
  Ollama: "openai",
  DeepSeek: "openai",
  vLLM: "openai",
  "LM Studio": "openai",
  LMStudio: "openai",
  Groq: "openai",
  Mistral: "openai",
  "Together AI": "openai",
  Together: "openai",
  Fireworks: "openai",
  xAI: "openai",
  Perplexity: "openai",
  LiteLLM: "openai",
};

export const providerEndpointMap: Readonly<Record<string, Protocol>> = Object.freeze(
  Object.fromEntries(
    Object.entries(DISPLAY_NAMES).flatMap(([name, protocol]) => [
      [name, protocol],
      [name.toLowerCase(), protocol],
    ]),
  ),
);

/** Default base URLs of well-known OpenAI-compatible servers (lower-case name → URL). */
export const knownEndpointBaseURLs: Readonly<Record<string, string>> = Object.freeze({
  openrouter: "https://openrouter.ai/api/v1",
  ollama: "http://localhost:11434/v1",
  deepseek: "https://api.deepseek.com/v1",
  vllm: "http://localhost:8000/v1",
  "lm studio": "http://localhost:1234/v1",
  lmstudio: "http://localhost:1234/v1",
  groq: "https://api.groq.com/openai/v1",
  mistral: "https://api.mistral.ai/v1",
  "together ai": "https://api.together.xyz/v1",
  together: "https://api.together.xyz/v1",
  fireworks: "https://api.fireworks.ai/inference/v1",
  xai: "https://api.x.ai/v1",
  perplexity: "https://api.perplexity.ai",
});

/**
 * The protocol for a provider or endpoint name (case-insensitive), or undefined when unknown.
 * A plain protocol name (`openai`, `anthropic`, `google`, `demo`) resolves to itself.
 */
export function resolveProtocol(provider: string): Protocol | undefined {
  return providerEndpointMap[provider] ?? providerEndpointMap[provider.trim().toLowerCase()];
}

/** True for Azure OpenAI provider names. */
export function isAzureProvider(provider: string): boolean {
  const p = provider.trim().toLowerCase();
  return p === "azureopenai" || p === "azure_openai" || p === "azure openai" || p === "azure";
}
