import { describe, expect, it } from "vitest";
import { blockSplitter, isClosedFence, splitBlocks } from "./markdown-blocks";

const ANSWER = [
  "# Plan\n\n",
  "First paragraph with **bold** and a [link](https://example.com).\n\n",
  "- one\n- two\n\n  still two\n- three\n\n",
  "| a | b |\n|---|---|\n| 1 | 2 |\n\n",
  "```ts\nconst x = 1;\n\nconsole.log(x);\n```\n\n",
  "> quoted\n> lines\n\n",
  "Title\n===\n\n",
  "Last words.",
].join("");

describe("markdown blocks", () => {
  it("splits into top-level blocks that put the text back together", () => {
    const blocks = splitBlocks(ANSWER);
    expect(blocks.map((b) => b.text.split("\n")[0])).toEqual([
      "# Plan",
      "First paragraph with **bold** and a [link](https://example.com).",
      "- one",
      "| a | b |",
      "```ts",
      "> quoted",
      "Title",
      "Last words.",
    ]);
    expect(blocks.map((b) => b.text).join("")).toBe(ANSWER.slice(blocks[0].start));
  });

  it("streamed a few characters at a time, ends with exactly the full split, and never changes a block it has passed", () => {
    const split = blockSplitter();
    const frozen = new Map<number, string>();
    for (let end = 1; end <= ANSWER.length; end += 3) {
      const blocks = split(ANSWER.slice(0, end));
      for (const b of blocks.slice(0, -1)) {
        const seen = frozen.get(b.start);
        if (seen !== undefined) expect(b.text).toBe(seen);
        frozen.set(b.start, b.text);
      }
    }
    expect(split(ANSWER)).toEqual(splitBlocks(ANSWER));
  });

  it("starts over when the text is replaced rather than extended", () => {
    const split = blockSplitter();
    split("one\n\ntwo");
    expect(split("other\n\nthing")).toEqual(splitBlocks("other\n\nthing"));
  });

  it("knows when a code fence has closed", () => {
    expect(isClosedFence("```ts\nconst x = 1;\n```\n\n")).toBe(true);
    expect(isClosedFence("~~~\na\n~~~")).toBe(true);
    expect(isClosedFence("```ts\nconst x = 1;\n")).toBe(false);
    expect(isClosedFence("```ts\nconst x = 1;\n``")).toBe(false);
    expect(isClosedFence("plain text")).toBe(false);
  });
});
