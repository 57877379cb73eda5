// Retrying an operation that depends on something that may be briefly away (the database):
// exponential backoff with a cap, for a bounded total time, every failure reported to the caller.

export interface RetryOptions {
  /** Total time to keep trying, in ms; after it the last error is thrown. 0 = one attempt. */
  budgetMs: number;
  /** First pause between attempts (doubles each time up to `maxDelayMs`). */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Called after each failed attempt that will be retried (1-based attempt number). */
  onRetry?: (err: unknown, attempt: number, delayMs: number) => void;
  /** An error for which retrying is pointless: thrown at once. */
  isPermanent?: (err: unknown) => boolean;
}

export async function retryWithBackoff<T>(fn: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { budgetMs, initialDelayMs = 250, maxDelayMs = 5000, onRetry, isPermanent } = options;
  const deadline = Date.now() + budgetMs;
  let delay = initialDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (isPermanent?.(err)) throw err;
      const left = deadline - Date.now();
      if (left <= 0) throw err;
      const wait = Math.min(delay, maxDelayMs, left);
      onRetry?.(err, attempt, wait);
      await new Promise((r) => setTimeout(r, wait));
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}
