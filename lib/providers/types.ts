/**
 * Shared types of the provider layer. Pure data: no Next.js, no database.
 */
import type { Locale } from "../i18n/locales";

/** The wire protocol an endpoint speaks. `demo` is the scripted offline model in this repo. */
export type Protocol = "openai" | "anthropic" | "google" | "demo";

/** Where an endpoint definition came from. */
export type EndpointSource = "env" | "db" | "builtin";

/**
 * One endpoint a user can pick models from. The lead's DB table stores the same shape
 * (with the API key encrypted, see `secrets.ts`); env and builtin endpoints are computed.
 */
export interface EndpointDefinition {
  /** Stable id: `env:openai`, `builtin:demo`, or the DB row id. */
  id: string;
  /** Display name, also used as the provider name agents refer to (e.g. "OpenRouter"). */
  name: string;
  protocol: Protocol;
  /** API base URL. For OpenAI-compatible servers it includes `/v1`. Unset = the protocol's default. */
  baseURL?: string;
  /** Plain API key (decrypted). Never log it, never send it to the browser. */
  apiKey?: string;
  /** Extra HTTP headers sent with every request (e.g. OpenRouter's HTTP-Referer). */
  headers?: Record<string, string>;
  /** Models offered (fetched from the models API or typed by an admin). */
  models: string[];
  source: EndpointSource;
  /** Explicit field the endpoint streams reasoning in; wins over the `getReasoningKey` rule. */
  reasoningKey?: ReasoningKey;
  /** OpenAI only: use the Responses API instead of Chat Completions. */
  useResponsesApi?: boolean;
  /** Azure OpenAI only: API version (default 2024-10-21). */
  apiVersion?: string;
}

/** Field of a message's `additional_kwargs` that carries reasoning text. */
export type ReasoningKey = "reasoning" | "reasoning_content";

/** Model parameters an agent stores. All optional; unset = provider default. */
export interface ModelParameters {
  temperature?: number;
  maxOutputTokens?: number;
  topP?: number;
  stop?: string[];
  /** OpenAI reasoning models: `low` | `medium` | `high`. */
  reasoningEffort?: "minimal" | "low" | "medium" | "high";
  /** Anthropic extended thinking / Gemini thinking budget in tokens. Unset = off. */
  thinkingBudgetTokens?: number;
  /** Any other body fields, passed through verbatim (OpenAI `modelKwargs`). */
  extra?: Record<string, unknown>;
}

/** Retry policy for rate limits and transient server errors (before any token was streamed). */
export interface RetryOptions {
  /** Retries after the first attempt. Default 3. */
  retries?: number;
  /** First delay in ms; doubled each retry. Default 500. */
  baseDelayMs?: number;
  /** Upper bound of one delay in ms. Default 8000. */
  maxDelayMs?: number;
}

/** Input of `createChatModel`. */
export interface ChatModelSpec {
  /**
   * Protocol (`openai`, `anthropic`, `google`, `demo`, `azureOpenAI`) or a custom endpoint name
   * (`OpenRouter`, `Ollama`, ...), mapped through `providerEndpointMap`.
   */
  provider: string;
  /** The resolved endpoint, when the agent's provider names one; supplies baseURL, key, headers. */
  endpoint?: EndpointDefinition;
  model: string;
  /** Typed parameters, or an agent's loose record (normalised by `normalizeParameters`). */
  parameters?: ModelParameters | Record<string, unknown>;
  /** Override the endpoint's key / URL / headers. */
  apiKey?: string;
  baseURL?: string;
  headers?: Record<string, string>;
  /** Stream tokens (default true). */
  streaming?: boolean;
  retry?: RetryOptions;
  /** Demo model only: delay per streamed token in ms. */
  demoTokenDelayMs?: number;
  /** Demo model only: the language it answers in (the run's request language; default English). */
  demoLocale?: Locale;
}
