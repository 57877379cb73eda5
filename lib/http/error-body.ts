// Every boundary writes an error's sentence here, in the request's language: route handlers'
// responses, server actions' results, the chat's stored answers. An error carries a catalog key
// (errors.*) and values; the English and Chinese text live only in messages/<locale>/errors.json.
import {
  AppError,
  codeOf,
  type ErrorBody,
  type ErrorCode,
  type ErrorText,
  type FieldText,
  keyOfCode,
  statusOf,
} from "@/lib/errors";
import { chooseLocale, DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";
import { type ErrorWriter, genericKey, isErrorText, makeErrorWriter } from "./error-writer";

export type { ErrorBody };

const writers = new Map<Locale, Promise<ErrorWriter>>();

/** The error writer of one locale, over the catalogs the pages use. */
export function errorWriter(locale: Locale): Promise<ErrorWriter> {
  let writer = writers.get(locale);
  if (!writer) {
    writer = loadMessages(locale).then((messages) => makeErrorWriter(locale, messages));
    writers.set(locale, writer);
  }
  return writer;
}

/** The code, catalog message and extras of any thrown value (typed errors of lib/agents, providers too). */
function describeError(err: unknown): {
  code: ErrorCode;
  text: ErrorText;
  literal?: string;
  fields?: Record<string, FieldText>;
  retryAfter?: number;
} {
  if (err instanceof AppError) {
    return {
      code: err.code,
      text: err.text,
      literal: err.literal,
      fields: err.fields,
      retryAfter: err.retryAfter,
    };
  }
  const code = codeOf(err);
  if (code === "internal") return { code, text: { key: genericKey("internal") } };
  // A typed error of the engine or a provider: its own catalog message when it names one (engine
  // refusals carry `text`), else the code's; its own sentence (already safe to show) otherwise.
  const own = (err as { text?: unknown }).text;
  return {
    code,
    text: isErrorText(own) ? own : { key: keyOfCode(code) },
    literal: (err as Error).message,
  };
}

/** The JSON body of an error in one language; never a stack trace, internal detail or raw key. */
export async function errorBody(err: unknown, locale: Locale = DEFAULT_LOCALE): Promise<ErrorBody> {
  const write = await errorWriter(locale);
  const { code, text, literal, fields, retryAfter } = describeError(err);
  const body: ErrorBody = { code, message: write(text, { literal, code }) };
  if (fields) {
    body.fields = Object.fromEntries(
      Object.entries(fields).map(([name, f]) => [name, typeof f === "string" ? f : write(f, { code })]),
    );
  }
  if (retryAfter) body.retryAfter = retryAfter;
  return body;
}

/** A JSON error response; `requestId` (when given) is in the body and the `X-Request-Id` header. */
export async function errorResponse(
  err: unknown,
  { requestId, locale = DEFAULT_LOCALE }: { requestId?: string; locale?: Locale } = {},
): Promise<Response> {
  const body = await errorBody(err, locale);
  const status = statusOf(body.code);
  const headers: Record<string, string> = {};
  if (body.retryAfter) headers["Retry-After"] = String(Math.ceil(body.retryAfter));
  if (requestId) headers["X-Request-Id"] = requestId;
  return Response.json(requestId ? { ...body, requestId } : body, { status, headers });
}

/**
 * The language of the request being answered: next-intl's (the user's stored choice, else
 * Accept-Language). Outside a Next.js request (the proxy, scripts, tests calling handlers
 * directly) next-intl has none: then the request's own Accept-Language, else English.
 */
export async function requestErrorLocale(req?: Request): Promise<Locale> {
  try {
    const { requestLocale } = await import("@/lib/i18n/request-locale");
    return await requestLocale();
  } catch {
    return headerLocale(req);
  }
}

/** The language a request's Accept-Language asks for, else English (no user lookup: the proxy). */
export function headerLocale(req?: Request): Locale {
  return chooseLocale(null, req?.headers.get("accept-language") ?? null);
}
