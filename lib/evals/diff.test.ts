import { describe, expect, it } from "vitest";
import { MAX_DIFF_TOKENS, wordDiff } from "./diff";

const side = (parts: ReturnType<typeof wordDiff>, drop: "added" | "removed") =>
  (parts ?? [])
    .filter((p) => p.kind !== drop)
    .map((p) => p.text)
    .join("");

describe("wordDiff", () => {
  it("marks the words removed from A and added in B, keeping the rest", () => {
    expect(wordDiff("Hello from the child", "Bonjour from the child")).toEqual([
      { kind: "removed", text: "Hello " },
      { kind: "added", text: "Bonjour " },
      { kind: "same", text: "from the child" },
    ]);
  });

  it("shows a changed stretch as its removed words then its added ones, folding a word or two in common", () => {
    expect(wordDiff("one two three four five six seven", "one TWO three FOUR five six seven")).toEqual([
      { kind: "same", text: "one " },
      { kind: "removed", text: "two three four " },
      { kind: "added", text: "TWO three FOUR " },
      { kind: "same", text: "five six seven" },
    ]);
  });

  it("gives each side back exactly, line breaks included", () => {
    const a = "line one\nline two\n\nthe end";
    const b = "line one\nline 2\nextra\n\nthe end.";
    const parts = wordDiff(a, b);
    expect(side(parts, "added")).toBe(a);
    expect(side(parts, "removed")).toBe(b);
  });

  it("is one unchanged part for equal answers, and handles empty ones", () => {
    expect(wordDiff("same text", "same text")).toEqual([{ kind: "same", text: "same text" }]);
    expect(wordDiff("", "new")).toEqual([{ kind: "added", text: "new" }]);
    expect(wordDiff("old", "")).toEqual([{ kind: "removed", text: "old" }]);
    expect(wordDiff("", "")).toEqual([]);
  });

  it("declines answers too long to compare", () => {
    const long = "w ".repeat(MAX_DIFF_TOKENS + 1);
    expect(wordDiff(long, "short")).toBeNull();
  });
});
