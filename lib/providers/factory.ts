/**
 * The one place that turns `{ provider | endpoint, model, parameters }` into a LangChain chat model.
 * Tests and the offline demo swap models here without touching the engine.
 */

import { ChatAnthropic } from "@langchain/anthropic";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { ChatGoogleGenerativeAI } from "@langchain/google-genai";
import { AzureChatOpenAI, ChatOpenAI } from "@langchain/openai";
import { ReasoningChatOpenAICompletions, withoutStartOutputTokens, withProviderPolicy } from "./clients";
import { DemoChatModel } from "./demo-model";
import { isAzureProvider, knownEndpointBaseURLs, resolveProtocol } from "./endpoint-map";
import { ProviderError, secretsOf } from "./errors";
import type { ResilienceContext } from "./resilience";
import type { ChatModelSpec, ModelParameters, Protocol } from "./types";

// The clients under the provider policy, one subclass each (built once: one shape for V8 too).
const AnthropicClient = withProviderPolicy(ChatAnthropic);
const GoogleClient = withProviderPolicy(ChatGoogleGenerativeAI);
const AzureOpenAIClient = withProviderPolicy(AzureChatOpenAI);
const OpenAIClient = withProviderPolicy(ChatOpenAI);

/** What `createChatModel` resolved: useful for logging (no key) and for `getReasoningKey`. */
export interface ResolvedModelTarget {
  protocol: Protocol;
  endpointName: string;
  model: string;
  baseURL?: string;
  azure: boolean;
}

/** Resolve protocol, endpoint name and base URL of a spec without creating a client. */
export function resolveModelTarget(spec: ChatModelSpec): ResolvedModelTarget {
  const protocol = spec.endpoint?.protocol ?? resolveProtocol(spec.provider);
  const endpointName = spec.endpoint?.name ?? spec.provider;
  if (!protocol) {
    throw new ProviderError(
      "provider:bad_request",
      `Unknown provider "${spec.provider}": it is neither a protocol (openai, anthropic, google, demo) nor a known endpoint name.`,
      { endpointName },
    );
  }
  const baseURL =
    spec.baseURL ??
    spec.endpoint?.baseURL ??
    knownEndpointBaseURLs[spec.provider.trim().toLowerCase()] ??
    undefined;
  return { protocol, endpointName, model: spec.model, baseURL, azure: isAzureProvider(spec.provider) };
}

/**
 * A LangChain chat model for the spec, using the real clients (ChatOpenAI for OpenAI, Azure and
 * every OpenAI-compatible server; ChatAnthropic; ChatGoogleGenerativeAI) or the offline demo model.
 * Streaming reports token usage (`stream_options.include_usage` for OpenAI-compatible servers),
 * tools bind with `bindTools`, reasoning arrives in `additional_kwargs[getReasoningKey(...)]` or as
 * `thinking` content blocks (see `extractReasoning`). Failures surface as `ProviderError`s; 429/5xx
 * before the first token are retried with exponential backoff (`spec.retry`).
 * Never reads provider keys from `process.env`: pass them in the spec or the endpoint.
 */
export function createChatModel(spec: ChatModelSpec): BaseChatModel {
  const target = resolveModelTarget(spec);
  if (target.protocol === "demo")
    return new DemoChatModel({ tokenDelayMs: spec.demoTokenDelayMs, locale: spec.demoLocale });

  const apiKey = spec.apiKey ?? spec.endpoint?.apiKey ?? keylessPlaceholder(target);
  if (!apiKey) {
    throw new ProviderError(
      "provider:auth",
      `The endpoint ${target.endpointName} has no API key configured.`,
      {
        endpointName: target.endpointName,
        model: spec.model,
      },
    );
  }
  const headers = { ...spec.endpoint?.headers, ...spec.headers };
  const p = normalizeParameters(spec.parameters);
  const streaming = spec.streaming ?? true;
  const context: ResilienceContext = {
    endpointName: target.endpointName,
    model: spec.model,
    baseURL: target.baseURL,
    retry: spec.retry,
    secrets: secretsOf({ apiKey, headers }),
    endpoint: {
      name: target.endpointName,
      protocol: target.protocol,
      baseURL: target.baseURL,
      apiKey,
      headers,
      models: spec.endpoint?.models ?? [],
    },
  };
  const common = { model: spec.model, apiKey, streaming, streamUsage: true, maxRetries: 0 };

  if (target.protocol === "anthropic") {
    const thinking = p.thinkingBudgetTokens
      ? ({ type: "enabled", budget_tokens: p.thinkingBudgetTokens } as const)
      : undefined;
    return new AnthropicClient(
      {
        ...common,
        anthropicApiUrl: target.baseURL,
        clientOptions: Object.keys(headers).length > 0 ? { defaultHeaders: headers } : undefined,
        // Extended thinking requires the default temperature / top_p.
        temperature: thinking ? undefined : p.temperature,
        topP: thinking ? undefined : p.topP,
        maxTokens: p.maxOutputTokens ?? (thinking ? thinking.budget_tokens + 4096 : 4096),
        stopSequences: p.stop,
        thinking,
        invocationKwargs: p.extra,
      },
      { ctx: context, mapChunks: withoutStartOutputTokens },
    );
  }

  if (target.protocol === "google") {
    return new GoogleClient(
      {
        ...common,
        baseUrl: target.baseURL,
        customHeaders: Object.keys(headers).length > 0 ? headers : undefined,
        temperature: p.temperature,
        topP: p.topP,
        maxOutputTokens: p.maxOutputTokens,
        stopSequences: p.stop,
        thinkingConfig: p.thinkingBudgetTokens
          ? { thinkingBudget: p.thinkingBudgetTokens, includeThoughts: true }
          : undefined,
      },
      { ctx: context },
    );
  }

  const openaiFields = {
    ...common,
    temperature: p.temperature,
    topP: p.topP,
    maxTokens: p.maxOutputTokens,
    stop: p.stop,
    modelKwargs: p.extra,
    reasoning: p.reasoningEffort ? { effort: p.reasoningEffort } : undefined,
    useResponsesApi: spec.endpoint?.useResponsesApi,
    configuration: {
      baseURL: target.azure ? undefined : target.baseURL,
      defaultHeaders: Object.keys(headers).length > 0 ? headers : undefined,
    },
  };
  if (target.azure) {
    return new AzureOpenAIClient(
      {
        ...openaiFields,
        azureOpenAIApiKey: apiKey,
        azureOpenAIEndpoint: target.baseURL,
        azureOpenAIApiDeploymentName: spec.model,
        azureOpenAIApiVersion: spec.endpoint?.apiVersion ?? "2024-10-21",
      },
      { ctx: context },
    );
  }
  return new OpenAIClient(
    { ...openaiFields, completions: new ReasoningChatOpenAICompletions(openaiFields) },
    { ctx: context },
  );
}

/**
 * OpenAI-compatible servers without a key (Ollama, vLLM, LM Studio, ...) still need a string for the
 * SDK; a server that does want a key answers 401, which becomes "rejected the API key".
 */
function keylessPlaceholder(target: ResolvedModelTarget): string | undefined {
  return target.protocol === "openai" && !target.azure ? "not-needed" : undefined;
}

/**
 * Model parameters as stored by agents (a loose record; numbers may arrive as strings from forms):
 * keeps the known fields with valid values, drops the rest (e.g. `maxContextTokens`, engine-only).
 */
export function normalizeParameters(
  raw: Record<string, unknown> | ModelParameters | undefined,
): ModelParameters {
  const r = (raw ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => {
    const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
    return typeof n === "number" && Number.isFinite(n) ? n : undefined;
  };
  const out: ModelParameters = {
    temperature: num(r.temperature),
    maxOutputTokens: num(r.maxOutputTokens),
    topP: num(r.topP),
    thinkingBudgetTokens: num(r.thinkingBudgetTokens),
  };
  if (Array.isArray(r.stop) && r.stop.every((x) => typeof x === "string")) out.stop = r.stop;
  if (["minimal", "low", "medium", "high"].includes(String(r.reasoningEffort))) {
    out.reasoningEffort = r.reasoningEffort as ModelParameters["reasoningEffort"];
  }
  if (r.extra && typeof r.extra === "object" && !Array.isArray(r.extra))
    out.extra = r.extra as Record<string, unknown>;
  return out;
}
