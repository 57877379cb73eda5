// Splits streamed markdown into its top-level blocks so a growing answer re-renders only its last
// block: every block before the last one is final (text appended later can't change it), so it is
// parsed and rendered once. Each call parses only the text from the start of the previous last
// block, which keeps the work per streamed token independent of the answer's length.
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";

export interface MarkdownBlock {
  /** Offset of the block in the whole text: a stable React key. */
  start: number;
  text: string;
}

const parser = unified().use(remarkParse).use(remarkGfm);

/** The top-level blocks of `text`, each from its first character up to the next block's. */
export function splitBlocks(text: string, offset = 0): MarkdownBlock[] {
  const children = parser.parse(text).children;
  const starts = children
    .map((node) => node.position?.start.offset)
    .filter((n): n is number => typeof n === "number");
  if (!starts.length) return text.trim() ? [{ start: offset, text }] : [];
  // Text before the first block (leading blank lines) belongs to nothing visible.
  return starts.map((start, i) => ({ start: offset + start, text: text.slice(start, starts[i + 1]) }));
}

/**
 * A splitter for one stream of text: when the new text extends the previous one, the blocks before
 * the previous last block are reused as they are and only the rest is parsed again.
 */
export function blockSplitter(): (text: string) => MarkdownBlock[] {
  let previous = "";
  let blocks: MarkdownBlock[] = [];
  return (text) => {
    if (text === previous) return blocks;
    const last = blocks.at(-1);
    if (last && text.startsWith(previous)) {
      blocks = [...blocks.slice(0, -1), ...splitBlocks(text.slice(last.start), last.start)];
    } else {
      blocks = splitBlocks(text);
    }
    previous = text;
    return blocks;
  };
}

const CLOSED_FENCE = /^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?\n {0,3}\1[`~]*[ \t]*\n*$/;

/** A fenced code block whose closing fence has arrived: its text can't change any more. */
export function isClosedFence(block: string): boolean {
  return CLOSED_FENCE.test(block);
}
