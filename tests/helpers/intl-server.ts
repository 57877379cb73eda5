// next-intl's server API for tests that call server actions outside Next.js: the test picks the
// request's language (as a signed-in user's setting would) and the actions translate through the
// app's real catalogs. Use: vi.mock("next-intl/server", () => import("../helpers/intl-server")).
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";

/** The language of the "request"; tests set it and reset it in beforeEach. */
export const serverIntl = { locale: DEFAULT_LOCALE as Locale };

export async function getLocale(): Promise<Locale> {
  return serverIntl.locale;
}

export async function getTranslations(namespace?: string) {
  const t = (await translatorFor(serverIntl.locale)) as unknown as {
    (key: string, values?: Record<string, unknown>): string;
    has(key: string): boolean;
  };
  const full = (key: string) => (namespace ? `${namespace}.${key}` : key);
  return Object.assign((key: string, values?: Record<string, unknown>) => t(full(key), values), {
    has: (key: string) => t.has(full(key)),
  });
}
