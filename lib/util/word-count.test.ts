import { describe, expect, it } from "vitest";
import { countWords } from "./word-count";

describe("countWords", () => {
  it("counts words separated by spaces, not punctuation", () => {
    expect(countWords("Hello, world — two words.", "en")).toBe(4);
    expect(countWords("  ", "en")).toBe(0);
  });

  it("counts Chinese words, which are written without spaces", () => {
    // 我们 / 今天 / 讨论 / 预算 (a whitespace split would say 1).
    expect("我们今天讨论预算。".split(/\s+/).filter(Boolean)).toHaveLength(1);
    expect(countWords("我们今天讨论预算。", "zh-CN")).toBeGreaterThanOrEqual(4);
    expect(countWords("预算 report 第二季度", "zh-CN")).toBeGreaterThanOrEqual(4);
  });
});
