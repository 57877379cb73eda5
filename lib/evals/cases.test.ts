import { describe, expect, it } from "vitest";
import { casesToJsonl, parseCasesJsonl } from "./cases";

describe("JSONL of cases", () => {
  it("round-trips", () => {
    const cases = [
      { name: "greets", input: "Say hi", checks: [{ kind: "contains" as const, value: "hi" }], files: [] },
      { name: "", input: "JSON please", checks: [{ kind: "valid_json" as const }], files: ["report.pdf"] },
    ];
    const parsed = parseCasesJsonl(casesToJsonl(cases));
    expect(parsed).toEqual({ ok: true, cases, lines: [1, 2] });
  });

  it("skips blank lines and fills defaults", () => {
    expect(parseCasesJsonl('\n{"input":"x"}\r\n\n')).toEqual({
      ok: true,
      cases: [{ name: "", input: "x", checks: [], files: [] }],
      lines: [2],
    });
  });

  it("names every bad line and what is wrong, and imports nothing then", () => {
    const text = [
      '{"input":"fine"}',
      "{not json",
      '{"input":""}',
      '{"input":"x","checks":[{"kind":"regex","pattern":"("}]}',
      '{"input":"x","checks":[{"kind":"teleport"}]}',
    ].join("\n");
    const parsed = parseCasesJsonl(text);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems.map((p) => p.line)).toEqual([2, 3, 4, 5]);
    expect(parsed.problems[0].message).toBe("not valid JSON");
    expect(parsed.problems[1].message).toMatch(/^input: the input message is empty/);
    expect(parsed.problems[2].message).toMatch(/checks\.0\.pattern: not a valid regular expression/);
    expect(parsed.problems[3].message).toMatch(/^checks\.0\.kind:/);
  });

  it("exports files by name only when a case has some", () => {
    const jsonl = casesToJsonl([{ name: "", input: "x", checks: [], files: [] }]);
    expect(jsonl).toBe('{"name":"","input":"x","checks":[]}\n');
    const bad = parseCasesJsonl('{"input":"x","files":[""]}');
    expect(bad.ok || bad.problems[0].message).toMatch(/^files\.0: a file name is empty/);
  });

  it("refuses an empty file", () => {
    expect(parseCasesJsonl("\n\n")).toEqual({
      ok: false,
      problems: [{ line: 1, message: "no cases in the file" }],
    });
  });
});
