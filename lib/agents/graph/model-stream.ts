import { CallbackManager } from "@langchain/core/callbacks/manager";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import type { ChatGenerationChunk } from "@langchain/core/outputs";
import { ensureConfig, RunnableBinding, type RunnableConfig } from "@langchain/core/runnables";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import type { ChatRunnable } from "./context";

type CallOptions = { signal: AbortSignal; callbacks: undefined };
type ParsedOptions = { signal?: AbortSignal; outputVersion?: string };

/** The parts of a LangChain chat model (or binding) that `Runnable.stream()` itself calls. */
interface StreamInternals {
  _streamIterator(input: BaseLanguageModelInput, options: CallOptions): AsyncGenerator<AIMessageChunk>;
  /** ChatOpenAI: its bound tools and options, which its own `stream()` adds to the call options. */
  _combineCallOptions?(options: CallOptions): CallOptions;
}

/** What `BaseChatModel._streamIterator` reads of the model (protected or static in the typings). */
interface ChatModelInternals {
  callbacks?: unknown;
  verbose?: boolean;
  disableStreaming?: boolean;
  outputVersion?: string;
  _separateRunnableConfigFromCallOptionsCompat(options: unknown): [RunnableConfig, ParsedOptions];
  _streamResponseChunks(messages: BaseMessage[], options: ParsedOptions): AsyncGenerator<ChatGenerationChunk>;
}
const convertInput = (
  BaseChatModel as unknown as {
    _convertInputToPromptValue(input: BaseLanguageModelInput): { toChatMessages(): BaseMessage[] };
  }
)._convertInputToPromptValue;

/**
 * Hands each chunk of one model call to `onChunk`, as `model.stream()` yields them but without its
 * per-chunk layers.
 * `Runnable.stream()` wraps the model's iterator in LangChain's AsyncGeneratorWithSetup, which for
 * every chunk configures a callback manager (reading six environment variables), enters
 * AsyncLocalStorage and races the chunk against the signal (adding and removing an abort listener),
 * then in a web ReadableStream. The model's own `_streamIterator` is the rest of `stream()`: call
 * options and callbacks set up once, the signal checked after each chunk, and the provider's
 * `_streamResponseChunks` (where lib/providers puts retries and error mapping). The signal also
 * reaches the provider's request, which is what ends a call that waits for its next chunk.
 * When no callback handler would see the call, even that iterator is skipped (see
 * `forEachDirectChunk`); a callback instead of an iterator saves one more async generator per chunk.
 */
export async function forEachChunk(
  model: ChatRunnable,
  input: BaseLanguageModelInput,
  signal: AbortSignal,
  onChunk: (chunk: AIMessageChunk) => void,
): Promise<void> {
  const m = model as unknown as StreamInternals;
  // `callbacks: undefined` with no ambient config (see `detached`): no callback manager at all.
  const bare: CallOptions = { signal, callbacks: undefined };
  const options = m._combineCallOptions ? m._combineCallOptions(bare) : bare;
  if (await forEachDirectChunk(model, input, options, onChunk)) return;
  for await (const chunk of m._streamIterator(input, options)) onChunk(chunk);
}

/**
 * `BaseChatModel._streamIterator` for a call no callback handler sees (no callbacks given or on the
 * model, no tracing, not verbose): the same call options, messages and per-chunk steps (signal check,
 * generation info into `response_metadata`), without what only handlers read — the invocation
 * params and run metadata it builds, and the `concat` of every chunk into a copy of the whole
 * message so far, which it makes for `handleLLMEnd`. False (nothing called) when that is not the case (a handler,
 * `outputVersion` v1, no streaming, or a model with its own `_streamIterator`): LangChain's own runs.
 */
async function forEachDirectChunk(
  model: ChatRunnable,
  input: BaseLanguageModelInput,
  options: CallOptions,
  onChunk: (chunk: AIMessageChunk) => void,
): Promise<boolean> {
  let target: unknown = model;
  let opts: unknown = options;
  // `bindTools`/`withConfig`: what `RunnableBinding._streamIterator` passes to the model it binds.
  const bindingIterator = (RunnableBinding.prototype as unknown as StreamInternals)._streamIterator;
  while (
    target instanceof RunnableBinding &&
    (target as unknown as StreamInternals)._streamIterator === bindingIterator
  ) {
    opts = await target._mergeConfig(ensureConfig(opts as RunnableConfig), target.kwargs);
    target = target.bound;
  }
  if (!(target instanceof BaseChatModel)) return false;
  const chat = target as unknown as ChatModelInternals;
  const proto = BaseChatModel.prototype as unknown as ChatModelInternals & StreamInternals;
  if (
    (target as unknown as StreamInternals)._streamIterator !== proto._streamIterator ||
    chat._streamResponseChunks === proto._streamResponseChunks ||
    chat.disableStreaming
  )
    return false;
  const [config, callOptions] = chat._separateRunnableConfigFromCallOptionsCompat(opts);
  if ((callOptions.outputVersion ?? chat.outputVersion) === "v1") return false;
  const handlers = await CallbackManager.configure(
    config.callbacks,
    chat.callbacks as never,
    undefined,
    undefined,
    undefined,
    undefined,
    { verbose: chat.verbose },
  );
  if (handlers) return false;
  const messages = convertInput(input).toChatMessages();
  for await (const chunk of chat._streamResponseChunks(messages, callOptions)) {
    callOptions.signal?.throwIfAborted();
    // As LangChain's iterator does, but without a new metadata object for a chunk that has no
    // generation info (most text chunks).
    const info = chunk.generationInfo;
    if (info && !isEmpty(info))
      chunk.message.response_metadata = { ...info, ...chunk.message.response_metadata };
    onChunk(chunk.message as AIMessageChunk);
  }
  callOptions.signal?.throwIfAborted();
  return true;
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

/**
 * Runs `fn` outside the ambient LangChain/LangGraph config of the calling node (none is there
 * outside a graph: then it just runs). Inside a node, LangChain would otherwise merge the node's
 * config — its callbacks, configurable and signal — into every call made in it.
 */
export function detached<T>(fn: () => Promise<T>): Promise<T> {
  const storage = AsyncLocalStorageProviderSingleton.getInstance();
  return storage.getStore() === undefined ? fn() : storage.run(undefined, fn);
}

/** A chunk of text only: nothing in it but a string to append. */
function isPlainText(chunk: AIMessageChunk): boolean {
  return (
    typeof chunk.content === "string" &&
    !chunk.tool_call_chunks?.length &&
    !chunk.tool_calls?.length &&
    chunk.usage_metadata === undefined
  );
}

/**
 * A model call's chunks merged into one, as `concat` over every chunk merges what the engine reads
 * of it (id, content, tool calls, usage), with one `concat` per run of text chunks instead of one per
 * chunk: each `concat` builds a new AIMessageChunk and merges its metadata.
 */
export class ChunkMerger {
  private merged: AIMessageChunk | undefined;
  private text = "";

  add(chunk: AIMessageChunk) {
    const m = this.merged;
    if (
      m &&
      typeof m.content === "string" &&
      isPlainText(chunk) &&
      (m.id !== undefined || chunk.id === undefined)
    ) {
      this.text += chunk.content as string;
      return;
    }
    this.flush();
    this.merged = this.merged ? this.merged.concat(chunk) : chunk;
  }

  result(): AIMessageChunk | undefined {
    this.flush();
    return this.merged;
  }

  private flush() {
    if (!this.text || !this.merged) return;
    this.merged = this.merged.concat(new AIMessageChunk({ content: this.text }));
    this.text = "";
  }
}
