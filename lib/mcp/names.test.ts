import { describe, expect, it } from "vitest";
import { freeSlug, MAX_TOOL_NAME_LENGTH, modelToolName, slugify, slugOfToolName } from "./names";

const VALID = /^[A-Za-z0-9_-]{1,64}$/;

describe("model-facing MCP tool names", () => {
  it("are <slug>__<tool> when the tool name fits as it is", () => {
    expect(modelToolName("github", "create_issue")).toBe("github__create_issue");
    expect(slugOfToolName("github__create_issue")).toBe("github");
    expect(slugOfToolName("calculator")).toBeNull();
  });

  it("stay valid, at most 64 characters and distinct for names that need cleaning or cutting", () => {
    const names = [
      "files.read",
      "files/read",
      "files read",
      "ファイル",
      "x".repeat(100),
      `${"x".repeat(99)}y`,
      "files_read",
    ];
    const out = names.map((n) => modelToolName("a-rather-long-slug-here", n));
    for (const n of out) {
      expect(n).toMatch(VALID);
      expect(n.length).toBeLessThanOrEqual(MAX_TOOL_NAME_LENGTH);
      expect(n.startsWith("a-rather-long-slug-here__")).toBe(true);
    }
    expect(new Set(out).size).toBe(names.length);
    // Deterministic: the same tool keeps its name across processes and restarts.
    expect(modelToolName("s", "files.read")).toBe(modelToolName("s", "files.read"));
  });

  it("slugs are short lower-case words and dashes, made unique with a counter", () => {
    expect(slugify("  My GitHub (work)!  ")).toBe("my-github-work");
    expect(slugify("Ünïcödé Sérver")).toBe("unicode-server");
    expect(slugify("***")).toBe("server");
    expect(slugify("a".repeat(40))).toHaveLength(24);
    expect(freeSlug("tools", ["tools", "tools-2"])).toBe("tools-3");
    expect(freeSlug("x".repeat(24), ["x".repeat(24)])).toBe(`${"x".repeat(22)}-2`);
  });
});
