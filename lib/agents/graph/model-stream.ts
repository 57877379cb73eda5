import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import { AIMessageChunk } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { AsyncLocalStorageProviderSingleton } from "@langchain/core/singletons";
import type { ProviderCallOptions } from "../../providers/resilience";
import type { ChatRunnable } from "./context";

/**
 * Hands each chunk of one model call to `onChunk`, through the model's public `transform()` with the
 * input as its only item: LangChain sets up call options (a binding's tools included) and callbacks,
 * checks the signal after each chunk and calls the provider's streaming path (where lib/providers
 * puts retries and error mapping). The signal also reaches the provider's request, which is what
 * ends a call that waits for its next chunk. `stream()` yields the same chunks from the same
 * iterator, but wraps it in a web ReadableStream and re-enters the run's context and races the
 * signal per chunk: 1.7× the CPU of a plain answer's run (bench/README.md, issue 34).
 * No callbacks are passed (callers run it `detached`), so only handlers configured on the model
 * itself or by the environment (LangSmith tracing) see the call.
 */
export async function forEachChunk(
  model: ChatRunnable,
  input: BaseLanguageModelInput,
  signal: AbortSignal,
  onChunk: (chunk: AIMessageChunk) => void,
  onProviderRetry?: ProviderCallOptions["onProviderRetry"],
): Promise<void> {
  // `onProviderRetry` is a call option of our provider clients (lib/providers/clients.ts); models
  // that don't know it (tests' fakes) ignore it, as LangChain ignores unknown call options.
  const options = { signal, onProviderRetry } as Partial<RunnableConfig>;
  for await (const chunk of model.transform(once(input), options)) onChunk(chunk);
  signal.throwIfAborted();
}

async function* once<T>(value: T): AsyncGenerator<T> {
  yield value;
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
