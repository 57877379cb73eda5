import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonLogger } from "./log";

describe("jsonLogger", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps a key quoted in error text out of the line, and leaves ids alone", () => {
    const lines: string[] = [];
    vi.spyOn(console, "warn").mockImplementation((text: string) => void lines.push(text));
    const runId = "d0e615b9-5845-4a02-b167-4fc1e01b188a";
    jsonLogger.warn({
      event: "subagent_failed",
      runId,
      message: "endpoint refused: sk-live-abcdef",
      apiKey: "x",
    });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    expect(lines[0]).not.toContain("sk-live");
    expect(line.message).toBe("endpoint refused: [redacted]");
    expect(line.apiKey).toBe("[redacted]");
    expect(line.runId).toBe(runId);
  });
});
