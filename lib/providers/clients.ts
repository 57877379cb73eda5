/**
 * The provider policy of `resilience.ts` (retry with backoff, user-facing ProviderErrors with
 * secrets redacted, partial answers) on the real provider clients, on all three call paths
 * LangChain uses: `_streamResponseChunks`, `_streamChatModelEvents` and `_generate`.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { AIMessageChunk, BaseMessage, BaseMessageChunk } from "@langchain/core/messages";
import type { ChatGenerationChunk, ChatResult } from "@langchain/core/outputs";
import { ChatOpenAICompletions } from "@langchain/openai";
import { type ResilienceContext, resilientCall, resilientStream } from "./resilience";

type StreamEvents = ReturnType<BaseChatModel["_streamChatModelEvents"]>;
type StreamEvent = StreamEvents extends AsyncGenerator<infer E> ? E : never;

type Gen<T> = AsyncGenerator<T>;

/** The three call paths, as the policy wraps them. */
interface CallPaths {
  _streamResponseChunks(
    m: BaseMessage[],
    o: { signal?: AbortSignal },
    r?: CallbackManagerForLLMRun,
  ): Gen<ChatGenerationChunk>;
  _streamChatModelEvents(
    m: BaseMessage[],
    o: { signal?: AbortSignal },
    r?: CallbackManagerForLLMRun,
  ): Gen<StreamEvent>;
  _generate(m: BaseMessage[], o: { signal?: AbortSignal }, r?: CallbackManagerForLLMRun): Promise<ChatResult>;
}

/**
 * Puts `model` (ChatOpenAI, AzureChatOpenAI, ChatAnthropic, ChatGoogleGenerativeAI) under the
 * provider policy for the endpoint in `ctx`, on all three call paths. `mapChunks` adjusts the
 * chunk path's output (Anthropic's usage, see `withoutStartOutputTokens`).
 */
export function withProviderPolicy<M extends BaseChatModel>(
  model: M,
  ctx: ResilienceContext,
  options: { mapChunks?: (chunks: Gen<ChatGenerationChunk>) => Gen<ChatGenerationChunk> } = {},
): M {
  const paths = model as unknown as CallPaths;
  const chunks = paths._streamResponseChunks.bind(model);
  const events = paths._streamChatModelEvents.bind(model);
  const generate = paths._generate.bind(model);
  const mapChunks = options.mapChunks ?? ((g) => g);
  paths._streamResponseChunks = (m, o, r) =>
    resilientStream(() => mapChunks(chunks(m, o, r)), ctx, {
      signal: o.signal,
      textOf: (chunk) => chunk.text ?? "",
    });
  paths._streamChatModelEvents = (m, o, r) =>
    resilientStream(() => events(m, o, r), ctx, {
      signal: o.signal,
      textOf: (e) => (e.event === "content-block-delta" && e.delta.type === "text-delta" ? e.delta.text : ""),
    });
  paths._generate = (m, o, r) => resilientCall(() => generate(m, o, r), ctx, o.signal);
  return model;
}

/**
 * Anthropic's `message_delta.usage.output_tokens` is cumulative, but LangChain adds the
 * `message_start` output tokens to it when chunks are merged: drop those from the start chunk.
 */
export async function* withoutStartOutputTokens(chunks: Gen<ChatGenerationChunk>): Gen<ChatGenerationChunk> {
  for await (const chunk of chunks) {
    const message = chunk.message as AIMessageChunk;
    const usage = message.usage_metadata;
    if (usage && message.additional_kwargs?.type === "message" && usage.output_tokens > 0) {
      message.usage_metadata = { ...usage, output_tokens: 0, total_tokens: usage.input_tokens };
    }
    yield chunk;
  }
}

/**
 * Chat Completions with reasoning kept under the field the server streams it in:
 * `delta.reasoning_content` (DeepSeek, vLLM, ...) → `additional_kwargs.reasoning_content` (LangChain
 * does this itself) and `delta.reasoning` (OpenRouter, Ollama) → `additional_kwargs.reasoning`
 * (LangChain 1.4.7 drops it). `getReasoningKey` tells the engine which of the two to read.
 */
export class ReasoningChatOpenAICompletions extends ChatOpenAICompletions {
  protected override _convertCompletionsDeltaToBaseMessageChunk(
    // biome-ignore lint/suspicious/noExplicitAny: matches the parent signature.
    delta: Record<string, any>,
    rawResponse: Parameters<ChatOpenAICompletions["_convertCompletionsDeltaToBaseMessageChunk"]>[1],
    defaultRole?: Parameters<ChatOpenAICompletions["_convertCompletionsDeltaToBaseMessageChunk"]>[2],
  ): BaseMessageChunk {
    const chunk = super._convertCompletionsDeltaToBaseMessageChunk(delta, rawResponse, defaultRole);
    if (typeof delta.reasoning === "string" && delta.reasoning !== "") {
      chunk.additional_kwargs = { ...chunk.additional_kwargs, reasoning: delta.reasoning };
    }
    return chunk;
  }

  protected override _convertCompletionsMessageToBaseMessage(
    message: Parameters<ChatOpenAICompletions["_convertCompletionsMessageToBaseMessage"]>[0],
    rawResponse: Parameters<ChatOpenAICompletions["_convertCompletionsMessageToBaseMessage"]>[1],
  ): BaseMessage {
    const result = super._convertCompletionsMessageToBaseMessage(message, rawResponse);
    const reasoning = (message as { reasoning?: unknown }).reasoning;
    if (typeof reasoning === "string" && reasoning !== "") {
      result.additional_kwargs = { ...result.additional_kwargs, reasoning };
    }
    return result;
  }
}
