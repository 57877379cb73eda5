// The server-sent-events body of a live run: what happened so far, then each new item, until the
// run ends or the client goes away. Items are written in batches, not one by one: those published
// in the same turn of the event loop go out as one chunk (one socket write), and after a write the
// next one waits at least one animation frame (FlushPacer), the most often a browser shows
// anything new — so a model streaming a token every millisecond costs a write per frame instead of
// one per token. The first write (the replay, with the `meta` item) goes out at once.
import { FlushPacer } from "@/lib/util/flush-pacer";
import type { StreamItem } from "./live-runs";
import type { RunFeed } from "./run-bus";

const END = "event: end\ndata: {}\n\n";

/** Follows a run of this process (a LiveRun) or one another process runs (a bus feed). */
export function liveSse(run: RunFeed, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pending = "";
  let closed = false;
  let controller: ReadableStreamDefaultController<Uint8Array>;

  const pacer = new FlushPacer(() => {
    if (closed || !pending) return;
    controller.enqueue(encoder.encode(pending));
    pending = "";
  });
  const stop = () => {
    run.listeners.delete(listener);
    signal?.removeEventListener("abort", end);
    pacer.cancel();
    run.close?.();
  };
  function end() {
    if (closed) return;
    pending += END;
    pacer.now();
    closed = true;
    stop();
    controller.close();
  }
  function listener(item: StreamItem | null) {
    if (item === null) return end();
    pending += `data: ${JSON.stringify(item)}\n\n`;
    pacer.schedule();
  }

  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const item of run.items) pending += `data: ${JSON.stringify(item)}\n\n`;
      if (run.done || signal?.aborted) return end();
      run.listeners.add(listener);
      signal?.addEventListener("abort", end);
      pacer.now();
    },
    cancel() {
      closed = true;
      stop();
    },
  });
}
