// What a message search looks for: the typed text, trimmed and bounded, and its words (for the
// highlight). One home for the limits, shared by the route and the query.

/** Longer searches are cut here: enough for a phrase, small enough for a cheap trigram scan. */
export const MAX_SEARCH_LENGTH = 200;
/** Results per search. */
export const SEARCH_RESULTS = 20;

export interface MessageSearch {
  /** The whole text, matched as a substring (any language, Chinese included). */
  phrase: string;
  /** Its words, matched with full-text search and highlighted. */
  words: string[];
}

/** null when there is nothing to look for. */
export function parseSearch(raw: string | null | undefined): MessageSearch | null {
  // Control characters never get here: the route refuses them (lib/http/clean-input.ts) with a 400.
  const phrase = (raw ?? "").trim().slice(0, MAX_SEARCH_LENGTH).trim();
  if (!phrase) return null;
  const words = [...new Set(phrase.split(/\s+/).filter(Boolean))];
  return { phrase, words };
}

/** A LIKE pattern that finds `text` anywhere, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
