import { describe, expect, it } from "vitest";
import { renderToolResult } from "./render";

describe("rendering a tool result for the model", () => {
  it("joins text parts and notes what text cannot carry", () => {
    const { text } = renderToolResult(
      {
        content: [
          { type: "text", text: "first" },
          { type: "image", data: "aGVsbG8gd29ybGQh", mimeType: "image/png" },
          { type: "resource_link", uri: "file:///a.txt", name: "a.txt" },
          { type: "resource", resource: { uri: "file:///b.txt", text: "inside b" } },
          { type: "resource", resource: { uri: "file:///c.bin", blob: "AAAA", mimeType: "application/zip" } },
        ],
      },
      10_000,
    );
    expect(text).toBe(
      [
        "first",
        "[image image/png, 12 bytes, not shown]",
        "[resource link: file:///a.txt (a.txt)]",
        "[resource file:///b.txt]\ninside b",
        "[resource file:///c.bin, application/zip, binary, not shown]",
      ].join("\n\n"),
    );
  });

  it("adds structured content as JSON unless a text part already carries it", () => {
    const structured = { temperature: 21, unit: "C" };
    expect(renderToolResult({ content: [], structuredContent: structured }, 1000).text).toBe(
      '{"temperature":21,"unit":"C"}',
    );
    const both = renderToolResult(
      {
        content: [{ type: "text", text: '{ "temperature": 21, "unit": "C" }' }],
        structuredContent: structured,
      },
      1000,
    );
    expect(both.text).toBe('{ "temperature": 21, "unit": "C" }');
    const summary = renderToolResult(
      { content: [{ type: "text", text: "It is mild." }], structuredContent: structured },
      1000,
    );
    expect(summary.text).toBe('It is mild.\n\n{"temperature":21,"unit":"C"}');
  });

  it("says where the structured content begins, unless none was added or the cut reached it", () => {
    const structured = { temperature: 21, unit: "C" };
    const both = renderToolResult(
      { content: [{ type: "text", text: "It is mild." }], structuredContent: structured },
      1000,
    );
    expect(both.text.slice(both.structuredAt)).toBe('{"temperature":21,"unit":"C"}');
    expect(both.text.slice(0, both.structuredAt)).toBe("It is mild.\n\n");
    expect(renderToolResult({ content: [], structuredContent: structured }, 1000).structuredAt).toBe(0);
    const repeated = renderToolResult(
      { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured },
      1000,
    );
    expect(repeated.structuredAt).toBeUndefined();
    const cut = renderToolResult(
      { content: [{ type: "text", text: "It is mild." }], structuredContent: structured },
      20,
    );
    expect(cut.truncated).toBe(true);
    expect(cut.structuredAt).toBeUndefined();
  });

  it("cuts long results and says how much was left out", () => {
    const { text, truncated } = renderToolResult(
      { content: [{ type: "text", text: "a".repeat(5000) }] },
      100,
    );
    expect(truncated).toBe(true);
    expect(text.startsWith("a".repeat(100))).toBe(true);
    expect(text).toContain("showing the first 100 of 5000 characters");
    expect(renderToolResult({ content: [] }, 100)).toEqual({ text: "(no content)", truncated: false });
  });
});
