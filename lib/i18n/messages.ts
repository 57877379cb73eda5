// The message catalogs: one JSON file per area and locale under messages/<locale>/ (the area is the
// first part of every key: chat.*, builder.*, errors.*). Only the active locale's files are loaded.
import type { Locale } from "./locales";

export const AREAS = [
  "common",
  "shell",
  "auth",
  "settings",
  "chat",
  "builder",
  "agents",
  "admin",
  "mcp",
  "endpoints",
  "api",
  "errors",
  "demo",
  "timeline",
  "cost",
  "usage",
  "pricing",
  "evals",
  "tasks",
] as const;
export type Area = (typeof AREAS)[number];

export type Messages = { [key: string]: string | Messages };

const cache = new Map<Locale, Promise<Messages>>();

/** All areas of one locale, as one object keyed by area. */
export function loadMessages(locale: Locale): Promise<Messages> {
  let loaded = cache.get(locale);
  if (!loaded) {
    loaded = Promise.all(
      AREAS.map(
        async (area) => [area, (await import(`../../messages/${locale}/${area}.json`)).default] as const,
      ),
    ).then((entries) => Object.fromEntries(entries) as Messages);
    cache.set(locale, loaded);
  }
  return loaded;
}

/** Areas only the server writes (error bodies, the demo model's answers): never sent to the browser. */
const SERVER_ONLY_AREAS: readonly Area[] = ["errors", "demo"];

/** The part of a locale's messages that client components use (sent with every page). */
export function clientMessages(messages: Messages): Messages {
  return Object.fromEntries(
    Object.entries(messages).filter(([area]) => !SERVER_ONLY_AREAS.includes(area as Area)),
  ) as Messages;
}
