// Typed errors shared by server and client. A code like `forbidden:agent` maps to an HTTP status
// and to a sentence in the catalog (messages/<locale>/errors.json): by default the key
// errors.<type>.<detail> ("rate_limit:concurrent_runs" → errors.rate_limit.concurrent_runs), or an
// explicit `key` where one code has several sentences, with ICU values. The sentence is written
// in the request's language at the boundary (lib/http/error-body.ts); tests assert on codes.
export type ErrorType =
  | "bad_request"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "rate_limit"
  | "limit"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "provider"
  | "unavailable"
  | "internal";

export type ErrorCode = `${ErrorType}:${string}` | ErrorType;

import englishErrors from "@/messages/en/errors.json";
import { type ErrorWriter, genericKey, makeErrorWriter, typeOfCode } from "./http/error-writer";

export { genericKey, typeOfCode };

const STATUS: Record<ErrorType, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limit: 429,
  limit: 422,
  provider: 502,
  unavailable: 503,
  internal: 500,
};

/**
 * A value of a message: text or a number as is, another catalog message (a duration, a reason),
 * or a list of them (written as the language lists: "a, b and c", "a、b 和 c").
 */
export type ErrorValue = string | number | ErrorText | readonly (string | number | ErrorText)[];
export type ErrorValues = Record<string, ErrorValue>;

/** A catalog message: its key under `errors.` ("rate_limit.messages") and its ICU values. */
export interface ErrorText {
  key: string;
  values?: ErrorValues;
}

/** A field's message: a catalog message, or (during the move, and for text that is already one) a literal. */
export type FieldText = ErrorText | string;

export interface AppErrorOptions {
  /** The catalog key under `errors.`; default: the code's ("bad_request:json" → "bad_request.json"). */
  key?: string;
  values?: ErrorValues;
  /** Field-level messages for forms (field name → message). */
  fields?: Record<string, FieldText>;
  /** Seconds after which a retry may succeed (rate limits). */
  retryAfter?: number;
  cause?: unknown;
}

/**
 * The catalog key (under `errors.`) a code names: "rate_limit:concurrent_runs" →
 * "rate_limit.concurrent_runs"; a bare type ("not_found") → its generic sentence, generic.not_found.
 */
export function keyOfCode(code: string): string {
  return code.includes(":") ? code.replace(":", ".") : genericKey(code);
}

/** A catalog message, e.g. for a field: `text("bad_request.required")`. */
export function text(key: string, values?: ErrorValues): ErrorText {
  return values ? { key, values } : { key };
}

/** 45 → "45 seconds", 600 → "10 minutes", 7200 → "2 hours" (rounded up, never "0"), as a message. */
export function durationText(seconds: number): ErrorText {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return text("duration.seconds", { count: s });
  if (s < 7200) return text("duration.minutes", { count: Math.ceil(s / 60) });
  return text("duration.hours", { count: Math.ceil(s / 3600) });
}

let englishWriter: ErrorWriter | undefined;
/** The English writer (DEFAULT_LOCALE), for `message`. */
function english(): ErrorWriter {
  englishWriter ??= makeErrorWriter("en", { errors: englishErrors });
  return englishWriter;
}

/** A catalog message in English (DEFAULT_LOCALE): for logs and text written where no request is. */
export function inEnglish(message: ErrorText, code?: string): string {
  return english()(message, { code });
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** The catalog key under `errors.` of the sentence for the user. */
  readonly key: string;
  readonly values?: ErrorValues;
  /** A literal sentence (the old constructor form): shown when the catalog has no key for the code. */
  readonly literal?: string;
  /** Field-level messages for forms (field name → message). */
  readonly fields?: Record<string, FieldText>;
  /** Seconds after which a retry may succeed (rate limits). */
  readonly retryAfter?: number;

  /**
   * `new AppError(code, { key?, values?, fields?, retryAfter? })`. The old form
   * `new AppError(code, "A sentence.", extra)` still works: the sentence is a literal fallback for
   * a code without a catalog entry (every call site in lib/ and app/ uses the catalog).
   */
  constructor(code: ErrorCode, options?: AppErrorOptions);
  constructor(code: ErrorCode, message: string, extra?: Omit<AppErrorOptions, "key" | "values">);
  constructor(
    code: ErrorCode,
    messageOrOptions: string | AppErrorOptions = {},
    extra: Omit<AppErrorOptions, "key" | "values"> = {},
  ) {
    const options = typeof messageOrOptions === "string" ? extra : messageOrOptions;
    const key = (typeof messageOrOptions === "string" ? undefined : messageOrOptions.key) ?? keyOfCode(code);
    // `message` (logs, and text that leaves without a boundary: the engine's run errors, tool
    // results) is the English sentence, from the same catalog.
    super(
      typeof messageOrOptions === "string"
        ? messageOrOptions
        : english()({ key, values: messageOrOptions.values }, { code }),
      { cause: options.cause },
    );
    this.name = "AppError";
    this.code = code;
    this.status = statusOf(code);
    this.key = key;
    if (typeof messageOrOptions === "string") this.literal = messageOrOptions;
    else if (messageOrOptions.values) this.values = messageOrOptions.values;
    this.fields = options.fields;
    this.retryAfter = options.retryAfter;
  }

  /** The sentence for the user, as a catalog message. */
  get text(): ErrorText {
    return this.values ? { key: this.key, values: this.values } : { key: this.key };
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** The code of any thrown value: an AppError's, a typed error's ("provider:auth"), else "internal". */
export function codeOf(err: unknown): ErrorCode {
  if (isAppError(err)) return err.code;
  const code = (err as { code?: unknown })?.code;
  if (typeof code === "string" && /^[a-z_]+:[a-z_]+$/.test(code)) return code as ErrorCode;
  return "internal";
}

/** The HTTP status of an error code (500 for an unknown type). */
export function statusOf(code: ErrorCode | string): number {
  return STATUS[typeOfCode(code) as ErrorType] ?? 500;
}

/** The JSON body of an error response (and a server action's error): the message already translated. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  retryAfter?: number;
}
