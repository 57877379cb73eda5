import { AsyncLocalStorage } from "node:async_hooks";

/** A failed attempt of a model call that the provider policy will try again after `delayMs`. */
export interface ProviderRetry {
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  /** The failure's ProviderError code, e.g. "provider:rate_limited". */
  code: string;
  /** The HTTP status of the failed attempt, when there was one. */
  status?: number;
}

/**
 * Who is told about retries of the model call running in this async context. The retry policy sits
 * inside the provider client (clients.ts), below LangChain's public `transform()`, so the caller
 * that wants to see a retry (the engine, to draw it on the timeline) cannot receive it through the
 * call: the observer travels with the call's async context instead. One observer per call, so two
 * calls running at once on the same model instance each hear only their own retries.
 */
const observers = new AsyncLocalStorage<(retry: ProviderRetry) => void>();

export function observeRetries<T>(
  observer: (retry: ProviderRetry) => void,
  call: () => Promise<T>,
): Promise<T> {
  return observers.run(observer, call);
}

/** Called by the retry policy just before it waits; an observer's failure never breaks the call. */
export function reportRetry(retry: ProviderRetry): void {
  const observer = observers.getStore();
  if (!observer) return;
  try {
    observer(retry);
  } catch {
    // The observer only draws the wait; the call goes on regardless.
  }
}
