// The server-sent-events body of a live run: what happened so far, then each new item, until the
// run ends or the client goes away. Items are written in batches, not one by one: those published
// in the same turn of the event loop go out as one chunk (one socket write), and after a write the
// next one waits at least one animation frame (FlushPacer), the most often a browser shows
// anything new — so a model streaming a token every millisecond costs a write per frame instead of
// one per token. The first write (the replay, with the `meta` item) goes out at once.
import { FlushPacer } from "@/lib/util/flush-pacer";
import type { StreamItem } from "./live-runs";
import type { RunFeed } from "./run-bus";

/** How items are written as events: the chat's own framing, or another wire format (the Agents API's). */
export interface SseFraming {
  item(item: StreamItem): string;
  /** The last bytes, once the run has ended (or the client went away). */
  end(): string;
}

/** The chat's framing: each item as JSON, then an `end` event. */
const CHAT_FRAMING: SseFraming = {
  item: (item) => `data: ${JSON.stringify(item)}\n\n`,
  end: () => "event: end\ndata: {}\n\n",
};

// Open SSE responses of this process (on globalThis: each route is bundled with its own copy of
// this module). Their writes are paced by it: one frame (16 ms) apart while few are open, then 1 ms
// more per open stream, at most 250 ms — under load every write costs a trip through the web stream,
// Next.js's pipe and a syscall, and the events of a starved stream arrive too sparsely to share one.
const open = globalThis as unknown as { __openSseStreams?: number };
const writeGapMs = () => Math.min(250, Math.max(16, open.__openSseStreams ?? 0));

/** Follows a run of this process (a LiveRun) or one another process runs (a bus feed). */
export function liveSse(
  run: RunFeed,
  signal?: AbortSignal,
  framing: SseFraming = CHAT_FRAMING,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pending = "";
  let closed = false;
  let controller: ReadableStreamDefaultController<Uint8Array>;

  const pacer = new FlushPacer(() => {
    if (closed || !pending) return;
    controller.enqueue(encoder.encode(pending));
    pending = "";
  }, writeGapMs);
  let counted = false;
  const stop = () => {
    if (counted) open.__openSseStreams = (open.__openSseStreams ?? 1) - 1;
    counted = false;
    run.listeners.delete(listener);
    signal?.removeEventListener("abort", end);
    pacer.cancel();
    run.close?.();
  };
  function end() {
    if (closed) return;
    pending += framing.end();
    pacer.now();
    closed = true;
    stop();
    controller.close();
  }
  function listener(item: StreamItem | null) {
    if (item === null) return end();
    pending += framing.item(item);
    pacer.schedule();
  }

  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const item of run.items) pending += framing.item(item);
      if (run.done || signal?.aborted) return end();
      run.listeners.add(listener);
      open.__openSseStreams = (open.__openSseStreams ?? 0) + 1;
      counted = true;
      signal?.addEventListener("abort", end);
      pacer.now();
    },
    cancel() {
      closed = true;
      stop();
    },
  });
}
