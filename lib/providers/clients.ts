/**
 * The provider policy of `resilience.ts` (retry with backoff, user-facing ProviderErrors with
 * secrets redacted, partial answers) on the real provider clients, on all three call paths
 * LangChain uses. They are LangChain's documented subclass hooks of a chat model
 * (`_streamResponseChunks`, `_streamChatModelEvents`, `_generate`): each client class gets a
 * subclass that overrides them and calls its parent's, so LangChain's public methods (`stream`,
 * `invoke`, `streamEvents`) reach the policy without any instance being patched.
 */
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import type { BaseChatModel, BaseChatModelCallOptions } from "@langchain/core/language_models/chat_models";
import type { AIMessageChunk, BaseMessage, BaseMessageChunk } from "@langchain/core/messages";
import type { ChatGenerationChunk, ChatResult } from "@langchain/core/outputs";
import { type Runnable, RunnableBinding } from "@langchain/core/runnables";
import { ChatOpenAICompletions } from "@langchain/openai";
import {
  type ProviderCallOptions,
  type ResilienceContext,
  resilientCall,
  resilientStream,
} from "./resilience";

type Gen<T> = AsyncGenerator<T>;

/** What a policy subclass needs besides its client's own fields. */
export interface ProviderPolicy {
  ctx: ResilienceContext;
  /** Adjusts the chunk path's output (Anthropic's usage, see `withoutStartOutputTokens`). */
  mapChunks?: (chunks: Gen<ChatGenerationChunk>) => Gen<ChatGenerationChunk>;
}

/** A concrete chat model: every client class implements these (abstract in BaseChatModel). */
interface ConcreteChatModel extends BaseChatModel {
  _llmType(): string;
  _generate(
    m: BaseMessage[],
    o: this["ParsedCallOptions"],
    r?: CallbackManagerForLLMRun,
  ): Promise<ChatResult>;
}

// biome-ignore lint/suspicious/noExplicitAny: a mixin's base constructor must take any[] (TS rule).
type ChatModelClass = new (...args: any[]) => ConcreteChatModel;

/**
 * `Base` (ChatOpenAI, AzureChatOpenAI, ChatAnthropic, ChatGoogleGenerativeAI) with the provider
 * policy; construct it with the client's fields and the policy: `new (withProviderPolicy(C))(fields, policy)`.
 * Build the class once per client class (module scope), not per model.
 */
export function withProviderPolicy<C extends ChatModelClass>(Base: C) {
  // biome-ignore lint/suspicious/noExplicitAny: a mixin's constructor must take any[] (TS rule).
  type Args = C extends new (...args: infer A) => any ? A : never;
  class WithProviderPolicy extends Base {
    readonly policy: ProviderPolicy;

    // biome-ignore lint/suspicious/noExplicitAny: a mixin's constructor must take any[] (TS rule).
    constructor(...args: any[]) {
      const policy = args.pop() as ProviderPolicy;
      super(...args);
      this.policy = policy;
    }

    /**
     * Binds the way every Runnable does (a RunnableBinding over this model). ChatOpenAI's own
     * `withConfig` — and so its `bindTools` — answers with a new plain ChatOpenAI built from its
     * fields, which would leave this policy behind: a tool-calling OpenAI agent then got no retries,
     * no error mapping and no redaction. Call options bound here reach this model's
     * `_streamResponseChunks`, where ChatOpenAI merges them with its defaults as it does its own.
     */
    override withConfig(
      config: Partial<BaseChatModelCallOptions>,
    ): Runnable<BaseLanguageModelInput, AIMessageChunk, BaseChatModelCallOptions> {
      return new RunnableBinding({ bound: this, config, kwargs: {} });
    }

    override _streamResponseChunks(
      m: BaseMessage[],
      o: this["ParsedCallOptions"],
      r?: CallbackManagerForLLMRun,
    ): Gen<ChatGenerationChunk> {
      const { ctx, mapChunks = (g) => g } = this.policy;
      return resilientStream(() => mapChunks(super._streamResponseChunks(m, o, r)), ctx, {
        signal: o.signal,
        onProviderRetry: retryObserver(o),
        textOf: (chunk) => chunk.text ?? "",
      });
    }

    override _streamChatModelEvents(
      m: BaseMessage[],
      o: this["ParsedCallOptions"],
      r?: CallbackManagerForLLMRun,
    ): ReturnType<BaseChatModel["_streamChatModelEvents"]> {
      return resilientStream(() => super._streamChatModelEvents(m, o, r), this.policy.ctx, {
        signal: o.signal,
        onProviderRetry: retryObserver(o),
        textOf: (e) =>
          e.event === "content-block-delta" && e.delta.type === "text-delta" ? e.delta.text : "",
      });
    }

    override _generate(
      m: BaseMessage[],
      o: this["ParsedCallOptions"],
      r?: CallbackManagerForLLMRun,
    ): Promise<ChatResult> {
      return resilientCall(() => super._generate(m, o, r), this.policy.ctx, {
        signal: o.signal,
        onProviderRetry: retryObserver(o),
      });
    }
  }
  return WithProviderPolicy as unknown as new (
    ...args: [...Args, ProviderPolicy]
  ) => InstanceType<C> & { readonly policy: ProviderPolicy };
}

/**
 * Our call option among the call's options: LangChain hands a chat model's `_streamResponseChunks`
 * / `_generate` every option that is not part of the runnable config (its custom call options).
 */
function retryObserver(options: object): ProviderCallOptions["onProviderRetry"] {
  const observer = (options as ProviderCallOptions).onProviderRetry;
  return typeof observer === "function" ? observer : undefined;
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
