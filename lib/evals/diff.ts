// A word diff of two answers (version A's and version B's to the same case), for the results
// table. Pure: a longest-common-subsequence over whitespace-kept tokens, so joining the parts of
// one side gives that side's text back exactly.

export interface DiffPart {
  kind: "same" | "removed" | "added";
  text: string;
}

/**
 * Beyond this many tokens on a side the table does not attempt a diff (the LCS table grows with
 * the product of both lengths): it shows the two answers as they are.
 */
export const MAX_DIFF_TOKENS = 2000;

/** Words and the whitespace between them, as separate tokens (so line breaks survive). */
function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function push(parts: DiffPart[], kind: DiffPart["kind"], text: string) {
  const last = parts[parts.length - 1];
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The parts of A kept, removed and added in B, in reading order; null when either side is too long. */
export function wordDiff(a: string, b: string): DiffPart[] | null {
  const x = tokens(a);
  const y = tokens(b);
  if (x.length > MAX_DIFF_TOKENS || y.length > MAX_DIFF_TOKENS) return null;
  const w = y.length + 1;
  // lcs[i * w + j]: length of the longest common subsequence of x[i..] and y[j..].
  const lcs = new Uint16Array((x.length + 1) * w);
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i * w + j] =
        x[i] === y[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      push(parts, "same", x[i]);
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) push(parts, "removed", x[i++]);
    else push(parts, "added", y[j++]);
  }
  while (i < x.length) push(parts, "removed", x[i++]);
  while (j < y.length) push(parts, "added", y[j++]);
  return parts;
}
