// The part of a message a search result shows, with where the match is. Ranges, not markup: the
// list renders them as <mark> with React, so a message's text is never parsed as HTML.

export interface Snippet {
  text: string;
  /** [start, end) offsets into `text`, ascending, not overlapping. */
  highlights: [number, number][];
  /** Text was cut before / after the snippet. */
  before: boolean;
  after: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Where `needles` occur in `text`, case-insensitively, longest first where they overlap. */
export function findRanges(text: string, needles: string[]): [number, number][] {
  const sorted = [...needles].filter(Boolean).sort((a, b) => b.length - a.length);
  if (!sorted.length) return [];
  const re = new RegExp(sorted.map(escapeRegExp).join("|"), "giu");
  const ranges: [number, number][] = [];
  for (const m of text.matchAll(re)) {
    if (m[0].length) ranges.push([m.index, m.index + m[0].length]);
  }
  return ranges;
}

/**
 * About `width` characters around the first match of the phrase (else of any word), whitespace
 * collapsed, every match of the phrase or a word inside it highlighted.
 */
export function makeSnippet(content: string, phrase: string, words: string[], width = 160): Snippet {
  const text = content.replace(/\s+/g, " ").trim();
  const first = findRanges(text, [phrase])[0] ?? findRanges(text, words)[0];
  const center = first ? first[0] : 0;
  let start = Math.max(0, center - Math.floor(width / 3));
  const end = Math.min(text.length, start + width);
  start = Math.max(0, end - width);
  // Never cut a surrogate pair in half.
  if (start > 0 && /[\udc00-\udfff]/.test(text[start] ?? "")) start -= 1;
  const cut = text.slice(start, /[\udc00-\udfff]/.test(text[end] ?? "") ? end + 1 : end);
  return {
    text: cut,
    highlights: mergeRanges(findRanges(cut, [phrase, ...words])),
    before: start > 0,
    after: start + cut.length < text.length,
  };
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const r of [...ranges].sort((a, b) => a[0] - b[0])) {
    const prev = out.at(-1);
    if (prev && r[0] <= prev[1]) prev[1] = Math.max(prev[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}
