import { DEMO_MODEL_ID } from "./demo-constants";
import { ProviderError, secretsOf, toProviderError } from "./errors";
import type { EndpointDefinition } from "./types";

export const DEFAULT_BASE_URLS = {
  openai: "https://api.openai.com/v1",
  anthropic: "https://api.anthropic.com",
  google: "https://generativelanguage.googleapis.com",
} as const;

export interface ListModelsOptions {
  signal?: AbortSignal;
  /** Give up after this many ms (default 10 000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * The model ids an endpoint offers, from its models API, sorted:
 * OpenAI-compatible `GET {baseURL}/models`, Anthropic `GET {baseURL}/v1/models`,
 * Google `GET {baseURL}/v1beta/models` (generateContent models only), demo → its one model.
 * Throws a ProviderError (`provider:auth`, `provider:connection`, `provider:bad_request`, ...)
 * whose message names the endpoint; the key is never part of it.
 */
export async function listModels(
  endpoint: Pick<EndpointDefinition, "name" | "protocol" | "baseURL" | "apiKey" | "headers">,
  options: ListModelsOptions = {},
): Promise<string[]> {
  if (endpoint.protocol === "demo") return [DEMO_MODEL_ID];
  const doFetch = options.fetch ?? fetch;
  const { url, headers } = modelsRequest(endpoint);
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const ctx = { endpointName: endpoint.name, baseURL: endpoint.baseURL, secrets: secretsOf(endpoint) };
  let res: Response;
  try {
    res = await doFetch(url, { headers, signal });
  } catch (err) {
    if (options.signal?.aborted) throw err;
    throw toProviderError(err, ctx);
  }
  const text = await res.text();
  if (!res.ok) {
    throw toProviderError({ status: res.status, message: errorText(text) || res.statusText }, ctx);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError(
      "provider:bad_request",
      `The endpoint ${endpoint.name} answered its models request with something that is not JSON; check its base URL.`,
      { endpointName: endpoint.name, status: res.status },
    );
  }
  return parseModels(endpoint.protocol, body).sort((a, b) => a.localeCompare(b));
}

function modelsRequest(endpoint: Pick<EndpointDefinition, "protocol" | "baseURL" | "apiKey" | "headers">): {
  url: string;
  headers: Record<string, string>;
} {
  const headers: Record<string, string> = { accept: "application/json", ...endpoint.headers };
  const trim = (u: string) => u.replace(/\/+$/, "");
  switch (endpoint.protocol) {
    case "anthropic": {
      if (endpoint.apiKey) headers["x-api-key"] = endpoint.apiKey;
      headers["anthropic-version"] = "2023-06-01";
      const base = trim(endpoint.baseURL ?? DEFAULT_BASE_URLS.anthropic).replace(/\/v1$/, "");
      return { url: `${base}/v1/models?limit=1000`, headers };
    }
    case "google": {
      if (endpoint.apiKey) headers["x-goog-api-key"] = endpoint.apiKey;
      return {
        url: `${trim(endpoint.baseURL ?? DEFAULT_BASE_URLS.google)}/v1beta/models?pageSize=1000`,
        headers,
      };
    }
    default: {
      if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
      return { url: `${trim(endpoint.baseURL ?? DEFAULT_BASE_URLS.openai)}/models`, headers };
    }
  }
}

function parseModels(protocol: EndpointDefinition["protocol"], body: unknown): string[] {
  const b = body as { data?: Array<{ id?: unknown }>; models?: Array<Record<string, unknown>> };
  if (protocol === "google") {
    return (b.models ?? [])
      .filter((m) => {
        const methods = m.supportedGenerationMethods;
        return !Array.isArray(methods) || methods.includes("generateContent");
      })
      .map((m) => String(m.name ?? "").replace(/^models\//, ""))
      .filter(Boolean);
  }
  // OpenAI-compatible and Anthropic: { data: [{ id }] }. Ollama's native /api/tags uses { models: [{ name }] }.
  if (Array.isArray(b.data)) return b.data.map((m) => String(m.id ?? "")).filter(Boolean);
  if (Array.isArray(b.models)) return b.models.map((m) => String(m.id ?? m.name ?? "")).filter(Boolean);
  return [];
}

function errorText(text: string): string {
  try {
    const j = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    if (typeof j.error === "string") return j.error;
    return j.error?.message ?? j.message ?? "";
  } catch {
    return text.slice(0, 200);
  }
}
