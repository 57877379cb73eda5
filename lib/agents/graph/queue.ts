/** Unbounded single-consumer async queue: producers push, one `for await` drains. */
export class EventQueue<T> implements AsyncIterable<T> {
  private items: T[] = [];
  private head = 0;
  private waiting: ((r: IteratorResult<T>) => void) | null = null;
  private closed = false;
  /** When false, pushes are dropped (nobody reads the stream). */
  buffering = true;

  push(item: T) {
    if (this.closed) return;
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w({ value: item, done: false });
    } else if (this.buffering) {
      this.items.push(item);
    }
  }

  close() {
    this.closed = true;
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w({ value: undefined, done: true });
    }
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        if (this.head < this.items.length) {
          const value = this.items[this.head++];
          if (this.head > 1024 && this.head * 2 > this.items.length) {
            this.items = this.items.slice(this.head);
            this.head = 0;
          }
          return Promise.resolve({ value, done: false });
        }
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => {
          this.waiting = resolve;
        });
      },
      return: () => {
        this.buffering = false;
        this.items = [];
        this.head = 0;
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}

/** Counting semaphore that gives up waiting when the signal aborts. */
export class Semaphore {
  private queue: (() => void)[] = [];
  constructor(private available: number) {}

  acquire(signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason ?? new Error("Aborted"));
    if (this.available > 0) {
      this.available--;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        const i = this.queue.indexOf(grant);
        if (i >= 0) this.queue.splice(i, 1);
        reject(signal.reason ?? new Error("Aborted"));
      };
      signal.addEventListener("abort", onAbort, { once: true });
      this.queue.push(grant);
    });
  }

  release() {
    const next = this.queue.shift();
    if (next) next();
    else this.available++;
  }
}
