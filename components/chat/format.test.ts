import { createFormatter } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { dateGroup, formatDuration, formatTokens, markdownToPlain, shortWhen, tail } from "./format";

describe("token counts, durations and sidebar dates in the active language", () => {
  const en = createFormatter({ locale: "en", timeZone: "UTC" });
  const zh = createFormatter({ locale: "zh-CN", timeZone: "UTC" });
  it("shortens token counts as each language does", () => {
    expect([950, 1234, 12_345].map((n) => formatTokens(en, n))).toEqual(["950", "1.2K", "12K"]);
    expect([950, 1234, 123_456].map((n) => formatTokens(zh, n))).toEqual(["950", "1234", "12万"]);
  });
  it("writes durations with the language's units", () => {
    expect([formatDuration(en, 850), formatDuration(en, 1234)]).toEqual(["850ms", "1.2s"]);
    expect([formatDuration(zh, 850), formatDuration(zh, 1234)]).toEqual(["850ms", "1.2秒"]);
  });
  it("dates a sidebar item in the language", () => {
    const now = new Date(Date.UTC(2026, 11, 10, 9));
    expect(shortWhen(zh, new Date(Date.UTC(2026, 9, 3, 12)), now)).toBe("10月3日");
    expect(shortWhen(en, new Date(Date.UTC(2026, 9, 3, 12)), now)).toBe("Oct 3");
  });
});

describe("tail (the live tail of a running subagent)", () => {
  it("shows plain text, not markdown", () => {
    const md = [
      "## Totals",
      "Let me use `calculator` for **this**.",
      "| item | cost |",
      "| --- | ---: |",
      "| tea | 3 |",
      "```ts",
      "const x = 1;",
      "```",
      "> *quoted* [link](https://example.com)",
    ].join("\n");
    const plain = markdownToPlain(md);
    expect(plain).not.toMatch(/[`|#>]|\*\*|\]\(/);
    expect(plain).toContain("Let me use calculator for this.");
    expect(plain).toContain("tea · 3");
    expect(plain).toContain("quoted link");
    expect(tail(md, 2)).toBe("const x = 1;\nquoted link");
  });

  it("drops emphasis whose closing half hasn't arrived yet", () => {
    expect(markdownToPlain("The answer is **395 and\n_Scripted offline demo")).toBe(
      "The answer is 395 and\nScripted offline demo",
    );
  });

  it("keeps arithmetic and snake_case as they are", () => {
    expect(markdownToPlain("17 * 23 * 4 = 1564 and my_var_name")).toBe("17 * 23 * 4 = 1564 and my_var_name");
  });
});

describe("dateGroup (sidebar sections)", () => {
  const now = new Date(2026, 11, 10, 9, 0);
  it.each([
    [new Date(2026, 11, 10, 0, 5), "today"],
    [new Date(2026, 11, 9, 23, 59), "yesterday"],
    [new Date(2026, 11, 3, 12, 0), "previous7"],
    [new Date(2026, 11, 2, 12, 0), "older"],
    [new Date(2025, 0, 1), "older"],
  ])("%s is %s", (date, group) => {
    expect(dateGroup(date, now)).toBe(group);
  });
});
