import { describe, expect, it } from "vitest";
import { containsPattern, parseSearch } from "./query";
import { findRanges, makeSnippet } from "./snippet";

const marked = (s: ReturnType<typeof makeSnippet>) => s.highlights.map(([a, b]) => s.text.slice(a, b));

describe("message search snippets", () => {
  it("centres on the phrase, highlights every word case-insensitively, and marks cuts", () => {
    const content = `${"lorem ipsum ".repeat(40)}The Quick brown fox jumps; quick again.${" dolor".repeat(40)}`;
    const s = makeSnippet(content, "quick brown", ["quick", "brown"], 80);
    expect(s.text.length).toBeLessThanOrEqual(80);
    expect(s.before && s.after).toBe(true);
    expect(marked(s)).toEqual(["Quick brown", "quick"]);
  });

  it("finds Chinese text and words regardless of RegExp syntax in them", () => {
    expect(marked(makeSnippet("我们去公园散步吧", "公园", ["公园"]))).toEqual(["公园"]);
    expect(findRanges("cost (a+b)*2 is fine", ["(a+b)*2"])).toEqual([[5, 12]]);
  });

  it("keeps surrogate pairs whole at the edges", () => {
    const s = makeSnippet(`${"😀".repeat(100)}needle${"😀".repeat(100)}`, "needle", ["needle"], 41);
    expect(encodeURIComponent(s.text)).toBeTruthy(); // throws on a lone surrogate
    expect(marked(s)).toEqual(["needle"]);
  });

  it("parses searches: trimmed, bounded, words once; LIKE wildcards escaped", () => {
    expect(parseSearch("   ")).toBeNull();
    expect(parseSearch(null)).toBeNull();
    expect(parseSearch(" a  b a ")).toEqual({ phrase: "a  b a", words: ["a", "b"] });
    expect(parseSearch("x".repeat(999))?.phrase).toHaveLength(200);
    expect(containsPattern("100%_\\")).toBe("%100\\%\\_\\\\%");
  });
});
