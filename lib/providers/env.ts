/**
 * Ready-made endpoints from environment variables, and the builtin demo endpoint.
 *
 * | variable              | endpoint                                   |
 * |-----------------------|--------------------------------------------|
 * | OPENAI_API_KEY        | "OpenAI" (OPENAI_BASE_URL overrides the URL) |
 * | ANTHROPIC_API_KEY     | "Anthropic" (ANTHROPIC_BASE_URL)            |
 * | GOOGLE_API_KEY        | "Google" (GOOGLE_BASE_URL)                  |
 * | OPENROUTER_API_KEY    | "OpenRouter" (OPENROUTER_BASE_URL)          |
 * | OLLAMA_BASE_URL       | "Ollama" (no key; `/v1` is appended if missing) |
 * | <NAME>_MODELS         | comma-separated model list replacing the defaults, e.g. OPENAI_MODELS |
 * | DEMO_ENDPOINT         | `auto` (default: demo only when nothing else is configured), `on`, `off` |
 *
 * The default model lists are suggestions; `listModels(endpoint)` fetches the real ones.
 */
import { DEMO_ENDPOINT_ID, DEMO_ENDPOINT_NAME, DEMO_MODEL_ID } from "./demo-constants";
import { knownEndpointBaseURLs } from "./endpoint-map";
import type { EndpointDefinition } from "./types";

type Env = Record<string, string | undefined>;

const DEFAULT_MODELS = {
  OPENAI: ["gpt-4.1", "gpt-4.1-mini", "gpt-4o", "gpt-4o-mini", "o4-mini"],
  ANTHROPIC: ["claude-opus-4-1", "claude-sonnet-4-5", "claude-haiku-4-5"],
  GOOGLE: ["gemini-2.5-pro", "gemini-2.5-flash"],
  OPENROUTER: ["openai/gpt-4o-mini", "anthropic/claude-sonnet-4.5", "deepseek/deepseek-r1"],
  OLLAMA: [] as string[],
};

export function endpointsFromEnv(env: Env): EndpointDefinition[] {
  const out: EndpointDefinition[] = [];
  const value = (k: string) => env[k]?.trim() || undefined;
  const models = (prefix: keyof typeof DEFAULT_MODELS) =>
    value(`${prefix}_MODELS`)
      ?.split(",")
      .map((m) => m.trim())
      .filter(Boolean) ?? DEFAULT_MODELS[prefix];

  // Keyed endpoints: one row each; `<PREFIX>_API_KEY` turns it on, `<PREFIX>_BASE_URL` overrides the URL.
  const keyed: {
    prefix: Exclude<keyof typeof DEFAULT_MODELS, "OLLAMA">;
    name: string;
    protocol: EndpointDefinition["protocol"];
    baseURL?: string;
    headers?: Record<string, string>;
  }[] = [
    { prefix: "OPENAI", name: "OpenAI", protocol: "openai" },
    { prefix: "ANTHROPIC", name: "Anthropic", protocol: "anthropic" },
    { prefix: "GOOGLE", name: "Google", protocol: "google" },
    {
      prefix: "OPENROUTER",
      name: "OpenRouter",
      protocol: "openai",
      baseURL: knownEndpointBaseURLs.openrouter,
      headers: { "X-Title": "Delegate Chat" },
    },
  ];
  for (const e of keyed) {
    const apiKey = value(`${e.prefix}_API_KEY`);
    if (!apiKey) continue;
    out.push({
      id: `env:${e.prefix.toLowerCase()}`,
      name: e.name,
      protocol: e.protocol,
      baseURL: value(`${e.prefix}_BASE_URL`) ?? e.baseURL,
      apiKey,
      ...(e.headers ? { headers: e.headers } : {}),
      models: models(e.prefix),
      source: "env",
    });
  }
  const ollama = value("OLLAMA_BASE_URL");
  if (ollama) {
    const base = ollama.replace(/\/+$/, "");
    out.push({
      id: "env:ollama",
      name: "Ollama",
      protocol: "openai",
      baseURL: /\/v1$/.test(base) ? base : `${base}/v1`,
      models: models("OLLAMA"),
      source: "env",
    });
  }
  return out;
}

/** The scripted offline demo endpoint. */
export function demoEndpoint(): EndpointDefinition {
  return {
    id: DEMO_ENDPOINT_ID,
    name: DEMO_ENDPOINT_NAME,
    protocol: "demo",
    models: [DEMO_MODEL_ID],
    source: "builtin",
  };
}

/**
 * The endpoints to offer: the configured ones plus the demo endpoint when `DEMO_ENDPOINT` is `on`,
 * or when it is `auto` (default) and nothing else is configured.
 */
export function withDemoEndpoint(configured: EndpointDefinition[], env: Env): EndpointDefinition[] {
  const mode = (env.DEMO_ENDPOINT ?? "auto").trim().toLowerCase();
  if (mode === "off") return configured;
  if (mode === "on" || configured.length === 0) return [...configured, demoEndpoint()];
  return configured;
}
