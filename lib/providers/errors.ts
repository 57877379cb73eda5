/**
 * Errors a user understands. Every failure of a provider call reaches the engine as a
 * `ProviderError` with a stable `code`; tests and the chat UI branch on the code, the message is
 * what the user reads. Secrets are never part of a message: every secret the failed request used
 * (API key, header values) is removed from the text by value, and the raw upstream error is not kept.
 */

export type ProviderErrorCode =
  | "provider:auth"
  | "provider:model_not_found"
  | "provider:rate_limited"
  | "provider:connection"
  | "provider:bad_request";

/** What the error mapping knows about the call that failed. */
export interface ProviderErrorContext {
  /** Endpoint display name, e.g. "OpenRouter". */
  endpointName: string;
  model?: string;
  baseURL?: string;
  /**
   * Every secret the request used (API key, personal key, header values). Removed by value from any
   * text the error carries, whatever the upstream echoed.
   */
  secrets?: readonly string[];
}

export interface ProviderErrorOptions {
  status?: number;
  endpointName: string;
  model?: string;
  /** Models the endpoint offers (filled for `provider:model_not_found` when they could be fetched). */
  availableModels?: string[];
  /** True when the call may succeed if repeated (429, 5xx, overloaded). */
  retryable?: boolean;
  /** Retries already made before giving up. */
  retries?: number;
  /** See `ProviderError.partial`. */
  partial?: boolean;
  partialText?: string;
  cause?: unknown;
}

/**
 * A provider call failed.
 *
 * `partial === true` means tokens had already been streamed when the failure happened (typically
 * the connection dropped mid-answer, code `provider:connection`). The engine/chat must then KEEP
 * the text it already streamed (also available as `partialText`), persist the message with a
 * status such as `incomplete` and show `message` under it ("the answer was cut off"); it must not
 * retry automatically, because the model already produced output (and may have billed it).
 */
export class ProviderError extends Error {
  override readonly name = "ProviderError";
  readonly code: ProviderErrorCode;
  readonly status?: number;
  readonly endpointName: string;
  readonly model?: string;
  readonly availableModels?: string[];
  readonly retryable: boolean;
  readonly retries: number;
  readonly partial: boolean;
  readonly partialText?: string;

  constructor(code: ProviderErrorCode, message: string, options: ProviderErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.endpointName = options.endpointName;
    this.model = options.model;
    this.availableModels = options.availableModels;
    this.retryable = options.retryable ?? false;
    this.retries = options.retries ?? 0;
    this.partial = options.partial ?? false;
    this.partialText = options.partialText;
  }

  /** Same error with other options (messages stay user-facing). */
  with(
    changes: Partial<ProviderErrorOptions> & { code?: ProviderErrorCode; message?: string },
  ): ProviderError {
    return new ProviderError(changes.code ?? this.code, changes.message ?? this.message, {
      status: this.status,
      endpointName: this.endpointName,
      model: this.model,
      availableModels: this.availableModels,
      retryable: this.retryable,
      retries: this.retries,
      partial: this.partial,
      partialText: this.partialText,
      cause: this.cause,
      ...changes,
    });
  }

  /** Plain object safe to send to the browser (no cause, no stack). */
  toJSON(): { code: ProviderErrorCode; message: string; partial: boolean; availableModels?: string[] } {
    return {
      code: this.code,
      message: this.message,
      partial: this.partial,
      availableModels: this.availableModels,
    };
  }
}

export function isProviderError(err: unknown): err is ProviderError {
  return err instanceof ProviderError;
}

/** Aborts (user pressed Stop) are not provider failures: callers rethrow them untouched. */
export function isAbortError(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { name?: unknown; message?: unknown };
  if (e.name === "AbortError" || e.name === "APIUserAbortError" || e.name === "ModelAbortError") return true;
  return (
    typeof e.message === "string" &&
    (e.message === "AbortError" || e.message.startsWith("Request was aborted"))
  );
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);

/**
 * Map any error thrown by a provider client (OpenAI / Anthropic SDK APIError, Google fetch error,
 * undici fetch failure, our own HTTP errors) to a ProviderError. A ProviderError is returned as is.
 * Does not fetch anything: `model_not_found` carries no model list here (see `describeModelNotFound`).
 */
export function toProviderError(err: unknown, ctx: ProviderErrorContext): ProviderError {
  if (err instanceof ProviderError) return redactError(err, ctx.secrets);
  return redactError(mapError(err, ctx), ctx.secrets);
}

function mapError(err: unknown, ctx: ProviderErrorContext): ProviderError {
  const name = ctx.endpointName;
  const status = statusOf(err);
  const detail = providerMessage(err);
  const code = errorCodeOf(err);
  // The upstream error is not kept as `cause`: its body may echo the request's credentials.
  const base = { status, endpointName: name, model: ctx.model };

  if (
    status === 401 ||
    status === 403 ||
    /api[_ ]?key (not valid|invalid)|API_KEY_INVALID|invalid x-api-key/i.test(detail)
  ) {
    return new ProviderError(
      "provider:auth",
      `The endpoint ${name} rejected the API key${detail ? ` (${detail})` : ""}.`,
      base,
    );
  }
  if (status === 404) {
    const aboutModel = /model/i.test(`${detail} ${code ?? ""}`) || code === "not_found_error";
    if (aboutModel && ctx.model) {
      return new ProviderError("provider:model_not_found", modelNotFoundMessage(name, ctx.model), base);
    }
    return new ProviderError(
      "provider:bad_request",
      `The endpoint ${name} answered 404 Not Found${ctx.baseURL ? ` at ${ctx.baseURL}` : ""}; check its base URL.`,
      base,
    );
  }
  if (status === 429) {
    if (code === "insufficient_quota" || /insufficient[_ ]quota/i.test(detail)) {
      return new ProviderError(
        "provider:rate_limited",
        `The endpoint ${name} refused the request: the account has no quota left${detail ? ` (${detail})` : ""}.`,
        { ...base, retryable: false },
      );
    }
    return new ProviderError("provider:rate_limited", rateLimitedMessage(name, 0), {
      ...base,
      retryable: true,
    });
  }
  if (status !== undefined && (status >= 500 || status === 408)) {
    return new ProviderError(
      "provider:connection",
      `The endpoint ${name} is unavailable (HTTP ${status}${detail ? `: ${detail}` : ""}).`,
      { ...base, retryable: true },
    );
  }
  if (status !== undefined && status >= 400) {
    return new ProviderError(
      "provider:bad_request",
      `The endpoint ${name} rejected the request (HTTP ${status}${detail ? `: ${detail}` : ""}).`,
      base,
    );
  }
  if (isConnectionFailure(err)) {
    const where = ctx.baseURL ? ` at ${ctx.baseURL}` : "";
    return new ProviderError(
      "provider:connection",
      `Could not reach the endpoint ${name}${where} (${connectionDetail(err)}).`,
      {
        ...base,
        retryable: false,
      },
    );
  }
  return new ProviderError(
    "provider:bad_request",
    `The endpoint ${name} failed: ${detail || "unknown error"}.`,
    base,
  );
}

export function modelNotFoundMessage(
  endpointName: string,
  model: string,
  available?: string[],
  listError?: string,
): string {
  const head = `The endpoint ${endpointName} does not offer the model "${model}".`;
  if (available && available.length > 0) return `${head} Available models: ${available.join(", ")}.`;
  if (available) return `${head} It lists no models.`;
  if (listError) return `${head} Its model list could not be fetched either (${listError}).`;
  return head;
}

export function rateLimitedMessage(endpointName: string, retries: number): string {
  const tries = retries > 0 ? ` and still was after ${retries} ${retries === 1 ? "retry" : "retries"}` : "";
  return `The endpoint ${endpointName} is rate limiting requests (HTTP 429)${tries}. Wait a moment and try again.`;
}

export function connectionLostMessage(endpointName: string): string {
  return `The connection to the endpoint ${endpointName} was lost mid-answer; the answer is incomplete.`;
}

function statusOf(err: unknown): number | undefined {
  if (!err || typeof err !== "object") return undefined;
  const e = err as { status?: unknown; statusCode?: unknown; response?: { status?: unknown } };
  for (const v of [e.status, e.statusCode, e.response?.status]) {
    if (typeof v === "number" && v >= 100) return v;
  }
  return undefined;
}

function errorCodeOf(err: unknown): string | undefined {
  if (!err || typeof err !== "object") return undefined;
  const e = err as { code?: unknown; error?: { code?: unknown; type?: unknown; error?: { type?: unknown } } };
  for (const v of [e.code, e.error?.code, e.error?.error?.type, e.error?.type]) {
    if (typeof v === "string") return v;
  }
  return undefined;
}

/** The provider's own explanation, without LangChain's troubleshooting footer or SDK prefixes. */
function providerMessage(err: unknown): string {
  if (!err || typeof err !== "object") return typeof err === "string" ? err : "";
  const e = err as { message?: unknown; error?: { message?: unknown; error?: { message?: unknown } } };
  const fromBody = e.error?.error?.message ?? e.error?.message;
  let msg = typeof fromBody === "string" ? fromBody : typeof e.message === "string" ? e.message : "";
  msg = msg.replace(/\n*Troubleshooting URL:.*$/s, "").trim();
  msg = msg.replace(/^\d{3}\s+/, "").replace(/^\[GoogleGenerativeAI Error\]:\s*/, "");
  msg = redactSecrets(msg);
  return msg.length > 300 ? `${msg.slice(0, 297)}...` : msg;
}

/** A secret shorter than this is not redacted by value (it would blank ordinary words). */
const MIN_SECRET_LENGTH = 4;

/**
 * `text` with every occurrence of each secret (as is, URL-encoded and JSON-escaped) replaced by
 * `[redacted]`. The one place provider text is cleaned by value.
 */
export function redactValues(text: string, secrets: readonly (string | undefined)[] | undefined): string {
  if (!secrets || !text) return text;
  const forms = new Set<string>();
  for (const secret of secrets) {
    const value = secret?.trim();
    if (!value || value.length < MIN_SECRET_LENGTH) continue;
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(JSON.stringify(value).slice(1, -1));
  }
  let out = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length)) out = out.split(form).join("[redacted]");
  return out;
}

/** The secrets a request to an endpoint sends: its key and every header value. */
export function secretsOf(endpoint: { apiKey?: string; headers?: Record<string, string> }): string[] {
  return [endpoint.apiKey, ...Object.values(endpoint.headers ?? {})].filter(
    (v): v is string => typeof v === "string" && v !== "",
  );
}

/** The error with its message (and partial text) cleaned of `secrets` by value. */
export function redactError(err: ProviderError, secrets: readonly string[] | undefined): ProviderError {
  if (!secrets?.length) return err;
  const message = redactValues(err.message, secrets);
  const partialText = err.partialText === undefined ? undefined : redactValues(err.partialText, secrets);
  if (message === err.message && partialText === err.partialText && err.cause === undefined) return err;
  return err.with({ message, partialText, cause: undefined });
}

/**
 * Providers echo (partly masked) keys in their error text, e.g. OpenAI's "Incorrect API key
 * provided: sk-proj-abc***xyz". That text reaches the chat and the logs, so key-like tokens go.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/\b(?:sk|pk|rk|ak|gsk|xai|key|dc)[-_][A-Za-z0-9*_-]{6,}/gi, "[redacted]")
    .replace(/\bAIza[0-9A-Za-z_-]{20,}/g, "[redacted]")
    .replace(/\b[A-Za-z0-9_-]{32,}\b/g, "[redacted]");
}

function causeChain(err: unknown): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === "object"; i++) {
    out.push(cur as Record<string, unknown>);
    cur = (cur as { cause?: unknown }).cause;
  }
  return out;
}

function isConnectionFailure(err: unknown): boolean {
  return causeChain(err).some((e) => {
    if (typeof e.code === "string" && CONNECTION_CODES.has(e.code)) return true;
    if (
      e.name === "APIConnectionError" ||
      e.name === "APIConnectionTimeoutError" ||
      e.name === "TimeoutError"
    )
      return true;
    const m = typeof e.message === "string" ? e.message : "";
    return /fetch failed|terminated|other side closed|socket hang up|network|premature close|Connection error/i.test(
      m,
    );
  });
}

function connectionDetail(err: unknown): string {
  for (const e of causeChain(err).reverse()) {
    if (typeof e.code === "string" && CONNECTION_CODES.has(e.code)) return e.code;
  }
  const m = causeChain(err)
    .map((e) => (typeof e.message === "string" ? e.message : ""))
    .find(Boolean);
  return m || "network error";
}
