import { describe, expect, it } from "vitest";
import { dateGroup, markdownToPlain, tail } from "./format";

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
    [new Date(2026, 11, 10, 0, 5), "Today"],
    [new Date(2026, 11, 9, 23, 59), "Yesterday"],
    [new Date(2026, 11, 3, 12, 0), "Previous 7 days"],
    [new Date(2026, 11, 2, 12, 0), "Older"],
    [new Date(2025, 0, 1), "Older"],
  ])("%s is %s", (date, group) => {
    expect(dateGroup(date, now)).toBe(group);
  });
});
