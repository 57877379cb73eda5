import { describe, expect, it } from "vitest";
import { evaluateExpression } from "./calculator";
import { currentTimeTool } from "./current-time";
import { BUILTIN_TOOLS, builtinRegistryTool, listBuiltinTools } from "./index";

describe("calculator", () => {
  it("evaluates arithmetic with precedence, power and functions", () => {
    expect(evaluateExpression("2 + 3 * 4")).toBe(14);
    expect(evaluateExpression("(2 + 3) * 4")).toBe(20);
    expect(evaluateExpression("2 ^ 3 ^ 2")).toBe(512);
    expect(evaluateExpression("-2 ** 2")).toBe(-4);
    expect(evaluateExpression("sqrt(16) + max(1, 7, 3) % 4")).toBe(7);
    expect(evaluateExpression("round(pi * 100) / 100")).toBe(3.14);
  });
  it("rejects anything that is not arithmetic, never evaluating code", () => {
    for (const bad of ["process.exit()", "constructor", "1 +", "2 ** (", "1; 2", "`x`", "a = 1", "1/0"]) {
      expect(() => evaluateExpression(bad)).toThrow();
    }
  });
  it("runs through its registry entry with argument validation", async () => {
    const tool = builtinRegistryTool("calculator");
    expect(
      await tool?.execute(tool.parse?.({ expression: "0.1 + 0.2" }), {
        signal: new AbortController().signal,
      }),
    ).toBe("0.3");
    expect(() => tool?.parse?.({ expr: "1" })).toThrow();
  });
});

describe("current_time", () => {
  it("formats the time in the requested zone and rejects unknown zones", () => {
    const now = new Date("2026-01-02T03:04:05Z");
    const out = JSON.parse(String(currentTimeTool.execute({ timezone: "Asia/Tokyo" }, { now })));
    expect(out).toMatchObject({ iso: "2026-01-02T03:04:05.000Z", timeZone: "Asia/Tokyo" });
    expect(out.local).toContain("2026");
    expect(() => currentTimeTool.execute({ timezone: "Mars/Olympus" }, { now })).toThrow(/Unknown time zone/);
    expect(JSON.parse(String(currentTimeTool.execute({}, { now }))).timeZone).toBe("UTC");
  });

  it("formats each call's own time with a zone's formatter kept between calls", () => {
    const at = (iso: string) =>
      JSON.parse(String(currentTimeTool.execute({ timezone: "Europe/Paris" }, { now: new Date(iso) }))).local;
    expect(at("2026-01-02T03:04:05Z")).toContain("January 2, 2026 at 4:04:05");
    expect(at("2026-07-09T10:11:12Z")).toContain("July 9, 2026 at 12:11:12");
    expect(() => currentTimeTool.execute({ timezone: "Mars/Olympus" }, {})).toThrow(/Unknown time zone/);
  });
});

describe("BUILTIN_TOOLS", () => {
  it("lists every tool with a short description", () => {
    expect(listBuiltinTools().map((t) => t.name)).toEqual([
      "ask_user",
      "calculator",
      "current_time",
      "write_todos",
    ]);
    for (const t of Object.values(BUILTIN_TOOLS)) expect(t.description.length).toBeGreaterThan(10);
    expect(builtinRegistryTool("nope")).toBeUndefined();
    expect(builtinRegistryTool("toString")).toBeUndefined();
  });
});
