// The UI languages and how a request's language is chosen. No Next.js imports: the engine's demo
// model, the API's error bodies and the pages all use these.

export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language named in itself, for the language picker (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best of our locales for an Accept-Language header ("zh-TW,zh;q=0.9,en;q=0.8"), or null.
 * Ranges are taken by weight; a language matches by its primary subtag (any Chinese → zh-CN, the
 * only Chinese catalog; any English → en). `*` and unknown languages don't match.
 */
export function negotiateLocale(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranges = header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.tag && r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const primary = tag.split("-")[0];
    if (primary === "zh") return "zh-CN";
    if (primary === "en") return "en";
  }
  return null;
}

/** A user's stored choice, else the browser's, else English. */
export function chooseLocale(stored: string | null | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(stored)) return stored;
  return negotiateLocale(acceptLanguage) ?? DEFAULT_LOCALE;
}
