// A word diff of two answers (version A's and version B's to the same case), for the results
// table. Pure: a longest-common-subsequence over words (each with its trailing whitespace), so
// joining the parts of one side gives that side's text back exactly. For reading, each changed
// stretch is shown as all its removed words then all its added ones, and a word or two left in
// common between two changes is folded into them (else very different answers read as confetti).

export interface DiffPart {
  kind: "same" | "removed" | "added";
  text: string;
}

/**
 * Beyond this many words on a side the table does not attempt a diff (the LCS table grows with
 * the product of both lengths): it says so instead.
 */
export const MAX_DIFF_TOKENS = 2000;

/** A common stretch of at most this many words between two changes is folded into them. */
const FOLD_WORDS = 2;

/** Leading whitespace, then each word with the whitespace after it. */
function tokens(text: string): string[] {
  return text.match(/^\s+|\S+\s*/g) ?? [];
}

type Block = { same: string } | { removed: string; added: string };

/** Same and changed stretches in reading order (the LCS walk). */
function blocks(x: string[], y: string[]): Block[] {
  const w = y.length + 1;
  // lcs[i * w + j]: length of the longest common subsequence of x[i..] and y[j..].
  const lcs = new Uint16Array((x.length + 1) * w);
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--)
      lcs[i * w + j] =
        x[i] === y[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
  const out: Block[] = [];
  const add = (b: Block) => {
    const last = out[out.length - 1];
    if (last && "same" in b && "same" in last) last.same += b.same;
    else if (last && "removed" in b && "removed" in last) {
      last.removed += b.removed;
      last.added += b.added;
    } else out.push(b);
  };
  let i = 0;
  let j = 0;
  while (i < x.length || j < y.length) {
    if (i < x.length && j < y.length && x[i] === y[j]) {
      add({ same: x[i] });
      i++;
      j++;
    } else if (j >= y.length || (i < x.length && lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]))
      add({ removed: x[i++], added: "" });
    else add({ removed: "", added: y[j++] });
  }
  return out;
}

/** Folds short common stretches between two changes into one change. */
function fold(list: Block[]): Block[] {
  const out: Block[] = [];
  for (const b of list) {
    const prev = out[out.length - 1];
    const before = out[out.length - 2];
    if ("removed" in b && prev && "same" in prev && before && "removed" in before) {
      if (tokens(prev.same).length <= FOLD_WORDS) {
        out.splice(-2, 2, {
          removed: before.removed + prev.same + b.removed,
          added: before.added + prev.same + b.added,
        });
        continue;
      }
    }
    out.push(b);
  }
  return out;
}

/** The parts of A kept, removed and added in B, in reading order; null when either side is too long. */
export function wordDiff(a: string, b: string): DiffPart[] | null {
  const x = tokens(a);
  const y = tokens(b);
  if (x.length > MAX_DIFF_TOKENS || y.length > MAX_DIFF_TOKENS) return null;
  return fold(blocks(x, y)).flatMap((block): DiffPart[] =>
    "same" in block
      ? [{ kind: "same", text: block.same }]
      : [
          ...(block.removed ? [{ kind: "removed" as const, text: block.removed }] : []),
          ...(block.added ? [{ kind: "added" as const, text: block.added }] : []),
        ],
  );
}
