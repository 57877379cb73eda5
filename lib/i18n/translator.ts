// Translation outside React (API error bodies, the demo model, emails): use-intl's own
// createTranslator over the same catalogs the pages use.
import { createTranslator } from "use-intl/core";
import type { Locale } from "./locales";
import { loadMessages } from "./messages";

/** A `t(key, values)` for one locale, keys written in full ("errors.rate_limit.messages"). */
export async function translatorFor(locale: Locale) {
  const messages = await loadMessages(locale);
  return createTranslator({ locale, messages });
}

/** A translator whose keys are plain strings (the catalogs load at run time, so their keys aren't typed). */
export async function textTranslatorFor(
  locale: Locale,
): Promise<(key: string, values?: Record<string, string | number>) => string> {
  return (await translatorFor(locale)) as unknown as (
    key: string,
    values?: Record<string, string | number>,
  ) => string;
}
