// Batches work that arrives in bursts (a model streaming a token a millisecond): the first flush
// after a quiet spell runs on the next turn of the event loop, so everything produced in the same
// turn goes out together; after a flush the next one waits at least `gapMs` — one animation frame,
// the most often a reader shows anything new. Used by the SSE writer and the Redis mirror of a run.
export class FlushPacer {
  private timer: ReturnType<typeof setTimeout> | ReturnType<typeof setImmediate> | undefined;
  private lastFlush = 0;

  constructor(
    private readonly flush: () => void,
    /** The least time between two flushes, in ms (a function: read at each flush). */
    private readonly gapMs: number | (() => number) = 16,
  ) {}

  /** Asks for a flush; several asks before it runs make one. */
  schedule(): void {
    if (this.timer) return;
    const gap = typeof this.gapMs === "number" ? this.gapMs : this.gapMs();
    const wait = gap - (performance.now() - this.lastFlush);
    this.timer = wait > 0 ? setTimeout(this.run, wait) : setImmediate(this.run);
  }

  /** Flushes now (the first write of a stream, or its end). */
  now(): void {
    this.cancel();
    this.run();
  }

  cancel(): void {
    if (!this.timer) return;
    clearTimeout(this.timer as ReturnType<typeof setTimeout>);
    clearImmediate(this.timer as ReturnType<typeof setImmediate>);
    this.timer = undefined;
  }

  private run = () => {
    this.timer = undefined;
    this.lastFlush = performance.now();
    this.flush();
  };
}
