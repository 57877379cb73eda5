import type { RunEvent } from "@/lib/agents/events";

/** Where a batch must stop so a block (or tool call) that starts in it is not also ended in it. */
export function endOfFirstBlockStartedIn(batch: RunEvent[]): number {
  const started = new Set<string>();
  for (let i = 0; i < batch.length; i++) {
    const ev = batch[i];
    if (ev.type === "tool_call_start") started.add(ev.id);
    else if (ev.type === "tool_call_end" && started.has(ev.id)) return i;
    else if ((ev.type === "subagent_stop" || ev.type === "subagent_error") && started.has(ev.spanId))
      return i;
  }
  return batch.length;
}

/** The longest pause between two updates of the live answer, however slow rendering is. */
const MAX_GAP_MS = 250;

/**
 * Batches streamed events into screen updates: at most one per animation frame, and on a busy
 * machine fewer — after an update that took `c` ms to render, the next waits until `2c` ms have
 * passed, so at least two thirds of the main thread stay free for input (a Stop click is handled
 * at once instead of queueing behind renders). A batch ends before the end of a block that started
 * in it (`endOfFirstBlockStartedIn`), so every block is seen running.
 */
export class FrameBatcher<T extends RunEvent> {
  private pending: T[] = [];
  private raf: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastCost = 0;
  private flushedAt = 0;
  private renderStartedAt = 0;

  constructor(private readonly apply: (batch: T[]) => void) {}

  push(event: T) {
    this.pending.push(event);
    this.schedule();
  }

  /** Call when the update of the last flush is committed (a layout effect): its cost sets the pace. */
  rendered() {
    if (!this.renderStartedAt) return;
    this.lastCost = performance.now() - this.renderStartedAt;
    this.renderStartedAt = 0;
  }

  /** Applies what is pending now (`all`: everything, e.g. when the stream ended). */
  flush(all = false) {
    this.cancel();
    const batch = this.pending;
    if (!batch.length) return;
    const cut = all ? batch.length : endOfFirstBlockStartedIn(batch);
    this.pending = batch.slice(cut);
    this.flushedAt = this.renderStartedAt = performance.now();
    this.apply(batch.slice(0, cut));
    if (this.pending.length) this.schedule();
  }

  /** Drops pending events and any scheduled update. */
  clear() {
    this.cancel();
    this.pending = [];
  }

  private cancel() {
    if (this.raf !== null) cancelAnimationFrame(this.raf);
    if (this.timer !== null) clearTimeout(this.timer);
    this.raf = this.timer = null;
  }

  private schedule() {
    if (this.raf !== null || this.timer !== null) return;
    const onFrame = () => {
      this.raf = null;
      this.flush();
    };
    const wait = Math.min(MAX_GAP_MS, 2 * this.lastCost) - (performance.now() - this.flushedAt);
    if (wait <= 1) {
      this.raf = requestAnimationFrame(onFrame);
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.raf = requestAnimationFrame(onFrame);
    }, wait);
  }
}
