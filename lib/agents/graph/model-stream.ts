import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import { AIMessageChunk } from "@langchain/core/messages";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import type { ChatRunnable } from "./context";

type CallOptions = { signal: AbortSignal; callbacks: undefined };

/** The parts of a LangChain chat model (or binding) that `Runnable.stream()` itself calls. */
interface StreamInternals {
  _streamIterator(input: BaseLanguageModelInput, options: CallOptions): AsyncGenerator<AIMessageChunk>;
  /** ChatOpenAI: its bound tools and options, which its own `stream()` adds to the call options. */
  _combineCallOptions?(options: CallOptions): CallOptions;
}

/**
 * The chunks of one model call, as `model.stream()` yields them but without its per-chunk layers.
 * `Runnable.stream()` wraps the model's iterator in LangChain's AsyncGeneratorWithSetup, which for
 * every chunk configures a callback manager (reading six environment variables), enters
 * AsyncLocalStorage and races the chunk against the signal (adding and removing an abort listener),
 * then in a web ReadableStream. The model's own `_streamIterator` is the rest of `stream()`: call
 * options and callbacks set up once, the signal checked after each chunk, and the provider's
 * `_streamResponseChunks` (where lib/providers puts retries and error mapping). The signal also
 * reaches the provider's request, which is what ends a call that waits for its next chunk.
 */
export function streamChunks(
  model: ChatRunnable,
  input: BaseLanguageModelInput,
  signal: AbortSignal,
): AsyncGenerator<AIMessageChunk> {
  const m = model as unknown as StreamInternals;
  // `callbacks: undefined` with no ambient config (see `detached`): no callback manager at all.
  const options: CallOptions = { signal, callbacks: undefined };
  return m._streamIterator(input, m._combineCallOptions ? m._combineCallOptions(options) : options);
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
