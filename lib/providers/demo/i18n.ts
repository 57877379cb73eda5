/**
 * The demo model's words in the user's language: its own catalog (messages/<locale>/demo.json)
 * through use-intl's core translator, loaded synchronously so a turn is planned without awaiting.
 * No Next.js here: the model runs in scripts and tests as is.
 */
import { createTranslator } from "use-intl/core";
import en from "../../../messages/en/demo.json";
import zhCN from "../../../messages/zh-CN/demo.json";
import { DEFAULT_LOCALE, type Locale } from "../../i18n/locales";

const CATALOGS: Record<Locale, typeof en> = { en, "zh-CN": zhCN };

function translator(locale: Locale) {
  return createTranslator({ locale, messages: { demo: CATALOGS[locale] } });
}

/** `t("demo.…", values)` for one locale (keys written in full). */
export type DemoT = ReturnType<typeof translator>;

const cache = new Map<Locale, DemoT>();

export function demoT(locale: Locale = DEFAULT_LOCALE): DemoT {
  let t = cache.get(locale);
  if (!t) {
    t = translator(locale);
    cache.set(locale, t);
  }
  return t;
}

/** Sentences of one paragraph: a space between English ones, none between Chinese ones (。). */
export function sentences(locale: Locale, parts: string[]): string {
  return parts.join(locale === "zh-CN" ? "" : " ");
}

/** The note that ends every answer to the user, in each language (for quoting children). */
export function demoNote(locale: Locale = DEFAULT_LOCALE): string {
  return demoT(locale)("demo.note");
}

export const ALL_DEMO_NOTES = (Object.keys(CATALOGS) as Locale[]).map(demoNote);

/** Whether a text is written in Chinese (it has Han characters). */
export function isChinese(text: string): boolean {
  return /\p{Script=Han}/u.test(text);
}
