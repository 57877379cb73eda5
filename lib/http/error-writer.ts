// How a catalog message of an error becomes a sentence in one language (no Next.js, no I/O: the
// messages are given). A key the catalog lacks, or a message that can't be formatted with the values
// given, falls back to the literal sentence the error brought, else to the generic sentence of the
// code's type (errors.generic.not_found), else to errors.generic.internal: never a raw key.
import { createTranslator } from "use-intl/core";
import type { ErrorText, ErrorValues } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/locales";

export type ErrorWriter = (text: ErrorText, fallback?: { literal?: string; code?: string }) => string;

export function isErrorText(value: unknown): value is ErrorText {
  return !!value && typeof value === "object" && typeof (value as ErrorText).key === "string";
}

export function typeOfCode(code: string): string {
  return code.split(/[:.]/)[0];
}

/** The sentence of an error type when nothing more specific is known: generic.<type>. */
export function genericKey(type: string): string {
  return `generic.${type}`;
}

/** `messages` holds at least the errors area: `{ errors: { … } }`. */
export function makeErrorWriter(locale: Locale, messages: Record<string, unknown>): ErrorWriter {
  const t = createTranslator({
    locale,
    messages: messages as never,
    onError: (e) => {
      throw e;
    },
  });
  const list = new Intl.ListFormat(locale, { type: "conjunction" });
  const attempt = (key: string, values?: Record<string, string | number>): string | null => {
    const full = `errors.${key}`;
    if (!t.has(full as never)) return null;
    try {
      const out = t(full as never, values as never);
      return typeof out === "string" ? out : null;
    } catch {
      return null;
    }
  };
  /** Values nested as messages (a duration, a reason) are written first, in the same language. */
  const flat = (values: ErrorValues | undefined) => {
    const out: Record<string, string | number> = {};
    const one = (v: string | number | ErrorText) => (isErrorText(v) ? write(v) : v);
    for (const [name, value] of Object.entries(values ?? {})) {
      out[name] = Array.isArray(value) ? list.format(value.map((v) => String(one(v)))) : one(value as never);
    }
    return out;
  };
  const write: ErrorWriter = (text, fallback = {}) =>
    attempt(text.key, flat(text.values)) ??
    fallback.literal ??
    attempt(genericKey(typeOfCode(fallback.code ?? text.key))) ??
    (attempt(genericKey("internal")) as string);
  return write;
}
