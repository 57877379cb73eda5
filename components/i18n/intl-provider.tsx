"use client";
import { type AbstractIntlMessages, NextIntlClientProvider } from "next-intl";

/**
 * The active locale's messages for client components. Dates and times are shown in the browser's
 * own time zone (the server's would be UTC for everyone); server-rendered text carries no times.
 */
export function IntlProvider({
  locale,
  messages,
  children,
}: {
  locale: string;
  messages: AbstractIntlMessages;
  children: React.ReactNode;
}) {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone={timeZone}>
      {children}
    </NextIntlClientProvider>
  );
}
