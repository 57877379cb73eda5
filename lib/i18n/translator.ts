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
