// The server-sent-events body of a live run: what happened so far, then each new item, until the
// run ends or the client goes away. Items are written in batches, not one by one: those published
// in the same turn of the event loop go out as one chunk (one socket write), and after a write the
// next one waits at least FLUSH_GAP_MS — one animation frame, the most often a browser shows
// anything new — so a model streaming a token every millisecond costs a write per frame instead of
// one per token. The first write (the replay, with the `meta` item) goes out at once.
import type { LiveRun, StreamItem } from "./live-runs";

const FLUSH_GAP_MS = 16;
const END = "event: end\ndata: {}\n\n";

export function liveSse(run: LiveRun, signal?: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pending = "";
  let timer: ReturnType<typeof setTimeout> | ReturnType<typeof setImmediate> | undefined;
  let lastFlush = 0;
  let closed = false;
  let controller: ReadableStreamDefaultController<Uint8Array>;

  const flush = () => {
    timer = undefined;
    if (closed || !pending) return;
    controller.enqueue(encoder.encode(pending));
    pending = "";
    lastFlush = performance.now();
  };
  const schedule = () => {
    if (timer) return;
    const wait = FLUSH_GAP_MS - (performance.now() - lastFlush);
    timer = wait > 0 ? setTimeout(flush, wait) : setImmediate(flush);
  };
  const stop = () => {
    run.listeners.delete(listener);
    signal?.removeEventListener("abort", end);
    if (timer) {
      clearTimeout(timer as ReturnType<typeof setTimeout>);
      clearImmediate(timer as ReturnType<typeof setImmediate>);
      timer = undefined;
    }
  };
  function end() {
    if (closed) return;
    pending += END;
    flush();
    closed = true;
    stop();
    controller.close();
  }
  function listener(item: StreamItem | null) {
    if (item === null) return end();
    pending += `data: ${JSON.stringify(item)}\n\n`;
    schedule();
  }

  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      for (const item of run.items) pending += `data: ${JSON.stringify(item)}\n\n`;
      if (run.done || signal?.aborted) return end();
      run.listeners.add(listener);
      signal?.addEventListener("abort", end);
      flush();
    },
    cancel() {
      closed = true;
      stop();
    },
  });
}
