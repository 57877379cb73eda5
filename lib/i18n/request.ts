// next-intl's request configuration (named in next.config.ts): each request's language is the
// signed-in user's choice (Settings → Language), else the browser's Accept-Language, else English.
// No locale in the URL: a signed-in app's addresses stay the same in every language.
import { headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { currentUser } from "@/lib/auth/session";
import { chooseLocale } from "./locales";
import { loadMessages } from "./messages";

export default getRequestConfig(async () => {
  const [user, list] = await Promise.all([currentUser().catch(() => null), headers()]);
  const locale = chooseLocale(user?.locale, list.get("accept-language"));
  return { locale, messages: await loadMessages(locale) };
});
