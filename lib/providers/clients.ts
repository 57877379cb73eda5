/**
 * The real provider clients, each extended with the provider policy of `resilience.ts`
 * (retry with backoff, user-facing ProviderErrors, partial answers) on all three call paths
 * LangChain uses: `_streamResponseChunks`, `_streamChatModelEvents` and `_generate`.
 */
import { ChatAnthropic } from "@langchain/anthropic";
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { AIMessageChunk, BaseMessage, BaseMessageChunk } from "@langchain/core/messages";
import type { ChatGenerationChunk, ChatResult } from "@langchain/core/outputs";
import { ChatGoogleGenerativeAI } from "@langchain/google-genai";
import { AzureChatOpenAI, ChatOpenAI, ChatOpenAICompletions } from "@langchain/openai";
import { type ResilienceContext, resilientCall, resilientStream } from "./resilience";

type StreamEvents = ReturnType<BaseChatModel["_streamChatModelEvents"]>;
type StreamEvent = StreamEvents extends AsyncGenerator<infer E> ? E : never;

type Gen<T> = AsyncGenerator<T>;

/** `_streamResponseChunks` under the provider policy. */
function policyChunks(
  ctx: ResilienceContext | undefined,
  signal: AbortSignal | undefined,
  start: () => Gen<ChatGenerationChunk>,
) {
  if (!ctx) return start();
  return resilientStream(start, ctx, { signal, textOf: (chunk) => chunk.text ?? "" });
}

/** `_streamChatModelEvents` under the provider policy. */
function policyEvents(
  ctx: ResilienceContext | undefined,
  signal: AbortSignal | undefined,
  start: () => Gen<StreamEvent>,
) {
  if (!ctx) return start();
  return resilientStream(start, ctx, {
    signal,
    textOf: (e) => (e.event === "content-block-delta" && e.delta.type === "text-delta" ? e.delta.text : ""),
  });
}

/** `_generate` under the provider policy. */
function policyGenerate(
  ctx: ResilienceContext | undefined,
  signal: AbortSignal | undefined,
  call: () => Promise<ChatResult>,
) {
  return ctx ? resilientCall(call, ctx, signal) : call();
}

/** ChatOpenAI (Chat Completions / Responses API) with the provider policy. */
export class PolicyChatOpenAI extends ChatOpenAI {
  /** Endpoint name, model, retry policy; set by `createChatModel`. Unset = plain ChatOpenAI. */
  providerContext?: ResilienceContext;
  override _streamResponseChunks(
    m: BaseMessage[],
    o: this["ParsedCallOptions"],
    r?: CallbackManagerForLLMRun,
  ) {
    return policyChunks(this.providerContext, o.signal, () => super._streamResponseChunks(m, o, r));
  }
  override _streamChatModelEvents(
    m: BaseMessage[],
    o: this["ParsedCallOptions"],
    r?: CallbackManagerForLLMRun,
  ) {
    return policyEvents(this.providerContext, o.signal, () => super._streamChatModelEvents(m, o, r));
  }
  override _generate(m: BaseMessage[], o: this["ParsedCallOptions"], r?: CallbackManagerForLLMRun) {
    return policyGenerate(this.providerContext, o.signal, () => super._generate(m, o, r));
  }
}

/** AzureChatOpenAI with the provider policy. */
export class PolicyAzureChatOpenAI extends AzureChatOpenAI {
  providerContext?: ResilienceContext;
  override _streamResponseChunks(
    m: BaseMessage[],
    o: this["ParsedCallOptions"],
    r?: CallbackManagerForLLMRun,
  ) {
    return policyChunks(this.providerContext, o.signal, () => super._streamResponseChunks(m, o, r));
  }
  override _streamChatModelEvents(
    m: BaseMessage[],
    o: this["ParsedCallOptions"],
    r?: CallbackManagerForLLMRun,
  ) {
    return policyEvents(this.providerContext, o.signal, () => super._streamChatModelEvents(m, o, r));
  }
  override _generate(m: BaseMessage[], o: this["ParsedCallOptions"], r?: CallbackManagerForLLMRun) {
    return policyGenerate(this.providerContext, o.signal, () => super._generate(m, o, r));
  }
}

/**
 * ChatAnthropic with the provider policy (it streams natively through `_streamChatModelEvents`).
 * Also fixes usage double counting on the chunk path: Anthropic's `message_delta.usage.output_tokens`
 * is cumulative, but LangChain adds the `message_start` output tokens to it when chunks are merged.
 */
export class PolicyChatAnthropic extends ChatAnthropic {
  providerContext?: ResilienceContext;
  override _streamResponseChunks(
    m: BaseMessage[],
    o: this["ParsedCallOptions"],
    r?: CallbackManagerForLLMRun,
  ) {
    const start = () => super._streamResponseChunks(m, o, r);
    return policyChunks(this.providerContext, o.signal, () => withoutStartOutputTokens(start()));
  }
  override _streamChatModelEvents(
    m: BaseMessage[],
    o: this["ParsedCallOptions"],
    r?: CallbackManagerForLLMRun,
  ) {
    return policyEvents(this.providerContext, o.signal, () => super._streamChatModelEvents(m, o, r));
  }
  override _generate(m: BaseMessage[], o: this["ParsedCallOptions"], r?: CallbackManagerForLLMRun) {
    return policyGenerate(this.providerContext, o.signal, () => super._generate(m, o, r));
  }
}

async function* withoutStartOutputTokens(chunks: Gen<ChatGenerationChunk>): Gen<ChatGenerationChunk> {
  for await (const chunk of chunks) {
    const message = chunk.message as AIMessageChunk;
    const usage = message.usage_metadata;
    if (usage && message.additional_kwargs?.type === "message" && usage.output_tokens > 0) {
      message.usage_metadata = { ...usage, output_tokens: 0, total_tokens: usage.input_tokens };
    }
    yield chunk;
  }
}

/** ChatGoogleGenerativeAI with the provider policy. */
export class PolicyChatGoogle extends ChatGoogleGenerativeAI {
  providerContext?: ResilienceContext;
  override _streamResponseChunks(
    m: BaseMessage[],
    o: this["ParsedCallOptions"],
    r?: CallbackManagerForLLMRun,
  ) {
    return policyChunks(this.providerContext, o.signal, () => super._streamResponseChunks(m, o, r));
  }
  override _streamChatModelEvents(
    m: BaseMessage[],
    o: this["ParsedCallOptions"],
    r?: CallbackManagerForLLMRun,
  ) {
    return policyEvents(this.providerContext, o.signal, () => super._streamChatModelEvents(m, o, r));
  }
  override _generate(m: BaseMessage[], o: this["ParsedCallOptions"], r?: CallbackManagerForLLMRun) {
    return policyGenerate(this.providerContext, o.signal, () => super._generate(m, o, r));
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
