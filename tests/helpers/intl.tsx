// Components rendered in unit tests with the app's catalogs, as NextIntlClientProvider gives them.
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import type { Locale } from "@/lib/i18n/locales";
import { loadMessages } from "@/lib/i18n/messages";

/** Wraps a node in the provider of `locale` (all areas), dates in `timeZone`. */
export async function intlWrapper(locale: Locale = "en", timeZone = "UTC") {
  const messages = await loadMessages(locale);
  return (node: ReactNode) => (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={timeZone}>
      {node}
    </NextIntlClientProvider>
  );
}
