/**
 * How many words a text has, as a reader counts them in any script: Intl.Segmenter's word-like
 * segments, so Chinese or Japanese (written without spaces) count their words, not their lines,
 * and punctuation is no word. `locale` picks the language's own word rules.
 */
export function countWords(text: string, locale: string): number {
  let count = 0;
  for (const s of new Intl.Segmenter(locale, { granularity: "word" }).segment(text))
    if (s.isWordLike) count++;
  return count;
}
