import { sleep } from "../util/abortable-sleep";
import {
  connectionLostMessage,
  isAbortError,
  modelNotFoundMessage,
  ProviderError,
  type ProviderErrorContext,
  rateLimitedMessage,
  redactError,
  toProviderError,
} from "./errors";
import { listModels } from "./models";
import type { EndpointDefinition, RetryOptions } from "./types";

/** Everything the retry/error layer needs to know about a model's endpoint. */
export interface ResilienceContext extends ProviderErrorContext {
  /** Used to fetch the model list for `provider:model_not_found` messages. */
  endpoint?: Pick<EndpointDefinition, "name" | "protocol" | "baseURL" | "apiKey" | "headers" | "models">;
  retry?: RetryOptions;
}

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
 * The call option our provider clients add to LangChain's (a custom chat model's own call option,
 * as LangChain documents them): who is told, per call, that an attempt failed and will be retried.
 * Passed with the call (`model.transform(input, { signal, onProviderRetry })`), so two calls at once
 * on one model each hear only their own retries.
 */
export interface ProviderCallOptions {
  onProviderRetry?: (retry: ProviderRetry) => void;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { retries: 3, baseDelayMs: 500, maxDelayMs: 8000 };

/** Delay before retry number `attempt` (1-based): base · 2^(attempt-1), capped. */
export function backoffDelay(attempt: number, retry: RetryOptions = {}): number {
  const { baseDelayMs, maxDelayMs } = { ...DEFAULT_RETRY, ...retry };
  return Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
}

/**
 * Run a streaming call with the provider policy:
 * - retryable failures (429, 5xx, overloaded) BEFORE anything was yielded are retried with
 *   exponential backoff; then a clear `provider:rate_limited` / `provider:connection` error;
 * - a failure AFTER something was yielded is never retried: it becomes a ProviderError with
 *   `partial: true` and `partialText` (connection drops get code `provider:connection`);
 * - aborts are rethrown untouched; `provider:model_not_found` lists the endpoint's models.
 */
export async function* resilientStream<T>(
  start: () => AsyncGenerator<T>,
  ctx: ResilienceContext,
  options: { signal?: AbortSignal; textOf?: (item: T) => string } & ProviderCallOptions = {},
): AsyncGenerator<T> {
  const retries = ctx.retry?.retries ?? DEFAULT_RETRY.retries;
  for (let attempt = 0; ; attempt++) {
    let yielded = false;
    let partialText = "";
    try {
      for await (const item of start()) {
        yielded = true;
        if (options.textOf) partialText += options.textOf(item);
        yield item;
      }
      return;
    } catch (err) {
      // Aborts pass untouched; a ProviderError was already handled by an inner layer.
      if (isAbortError(err) || options.signal?.aborted || err instanceof ProviderError) throw err;
      const mapped = toProviderError(err, ctx);
      if (yielded) {
        const lost = mapped.code === "provider:connection" && mapped.status === undefined;
        throw mapped.with({
          partial: true,
          partialText,
          message: lost ? connectionLostMessage(ctx.endpointName) : mapped.message,
        });
      }
      if (mapped.retryable && attempt < retries) {
        const delayMs = backoffDelay(attempt + 1, ctx.retry);
        tellRetry(options.onProviderRetry, {
          attempt: attempt + 1,
          delayMs,
          code: mapped.code,
          status: mapped.status,
        });
        await sleep(delayMs, options.signal);
        continue;
      }
      throw redactError(await finalError(mapped, attempt, ctx), ctx.secrets);
    }
  }
}

/** The observer only draws the wait: its failure never breaks the call. */
function tellRetry(observer: ProviderCallOptions["onProviderRetry"], retry: ProviderRetry) {
  try {
    observer?.(retry);
  } catch {
    // ignored on purpose (see above)
  }
}

/** `resilientStream` for a single awaited call. */
export async function resilientCall<T>(
  call: () => Promise<T>,
  ctx: ResilienceContext,
  options: { signal?: AbortSignal } & ProviderCallOptions = {},
): Promise<T> {
  const gen = resilientStream(
    async function* () {
      yield await call();
    },
    ctx,
    options,
  );
  const { value } = await gen.next();
  return value as T;
}

async function finalError(
  mapped: ProviderError,
  attempts: number,
  ctx: ResilienceContext,
): Promise<ProviderError> {
  if (mapped.code === "provider:rate_limited" && mapped.retryable) {
    return mapped.with({
      retries: attempts,
      retryable: false,
      message: rateLimitedMessage(ctx.endpointName, attempts),
    });
  }
  if (mapped.code === "provider:model_not_found" && ctx.model) return describeModelNotFound(mapped, ctx);
  if (attempts > 0) return mapped.with({ retries: attempts });
  return mapped;
}

/** Fill a model_not_found error with the models the endpoint offers (fetched; configured list as fallback). */
export async function describeModelNotFound(
  err: ProviderError,
  ctx: ResilienceContext,
): Promise<ProviderError> {
  const model = ctx.model ?? err.model ?? "";
  if (!ctx.endpoint) return err;
  try {
    const available = await listModels(ctx.endpoint, { timeoutMs: 5000 });
    return err.with({
      availableModels: available,
      message: modelNotFoundMessage(ctx.endpointName, model, available),
    });
  } catch (listErr) {
    const configured = ctx.endpoint.models ?? [];
    if (configured.length > 0) {
      return err.with({
        availableModels: configured,
        message: modelNotFoundMessage(ctx.endpointName, model, configured),
      });
    }
    const why = listErr instanceof Error ? listErr.message : String(listErr);
    return err.with({ message: modelNotFoundMessage(ctx.endpointName, model, undefined, why) });
  }
}
