import type { BaseMessage } from "@langchain/core/messages";
import { isAzureProvider } from "./endpoint-map";
import type { ReasoningKey } from "./types";

/** What `getReasoningKey` looks at of an endpoint. An `EndpointDefinition` fits. */
export interface ReasoningEndpointConfig {
  /** Endpoint display name. */
  name?: string;
  baseURL?: string;
  useResponsesApi?: boolean;
  reasoningKey?: ReasoningKey;
}

/**
 * The `additional_kwargs` field a provider streams reasoning text in (product.md §2):
 * - an explicit per-endpoint `reasoningKey` wins;
 * - `reasoning` for OpenRouter (provider `openrouter`, an endpoint name containing "openrouter", or
 *   an openrouter.ai base URL — e.g. DeepSeek on OpenRouter), for Google (`google`, `gemini`,
 *   `vertexai`), and for OpenAI/Azure when the Responses API is used;
 * - `reasoning_content` otherwise (DeepSeek, vLLM, Ollama, LM Studio, ... and Chat Completions).
 *
 * The one copy of this rule: the chat layer applies it to each resolved endpoint, and the engine
 * (lib/agents/input.ts) to bare provider names.
 */
export function getReasoningKey(
  provider: string,
  endpointConfig: ReasoningEndpointConfig = {},
): ReasoningKey {
  if (endpointConfig.reasoningKey) return endpointConfig.reasoningKey;
  const p = provider.trim().toLowerCase();
  const name = (endpointConfig.name ?? "").toLowerCase();
  if (
    p === "openrouter" ||
    name.includes("openrouter") ||
    /openrouter\.ai/i.test(endpointConfig.baseURL ?? "")
  ) {
    return "reasoning";
  }
  if (p === "google" || p === "gemini" || p === "vertexai") return "reasoning";
  if ((p === "openai" || isAzureProvider(p)) && endpointConfig.useResponsesApi === true) return "reasoning";
  return "reasoning_content";
}

/**
 * Reasoning text carried by a streamed chunk or a final message, whatever the provider:
 * `additional_kwargs[key]` first (a string, or the Responses API's `{summary: [{text}]}` object),
 * then the other key, then `thinking` / `reasoning` content blocks (Anthropic, Gemini).
 */
export function extractReasoning(message: BaseMessage, key: ReasoningKey = "reasoning_content"): string {
  const kwargs = message.additional_kwargs ?? {};
  const other: ReasoningKey = key === "reasoning" ? "reasoning_content" : "reasoning";
  for (const k of [key, other]) {
    const text = reasoningText(kwargs[k]);
    if (text) return text;
  }
  if (!Array.isArray(message.content)) return "";
  let out = "";
  for (const block of message.content as unknown as Array<Record<string, unknown>>) {
    if (block.type === "thinking" && typeof block.thinking === "string") out += block.thinking;
    else if (block.type === "reasoning" && typeof block.reasoning === "string") out += block.reasoning;
  }
  return out;
}

function reasoningText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && Array.isArray((value as { summary?: unknown }).summary)) {
    return (value as { summary: Array<{ text?: string }> }).summary.map((s) => s.text ?? "").join("");
  }
  return "";
}
