import { describe, expect, it } from "vitest";
import { childMaxTurns, DEFAULT_LIMITS } from "@/lib/agents/limits";
import {
  childTurnsFor,
  fieldErrors,
  NUMBER_FIELDS,
  overridePatchSchema,
  QUOTA_DEFAULTS,
  settingsPatchSchema,
} from "./fields";

describe("quota fields", () => {
  it("default to the engine's own limits", () => {
    for (const key of Object.keys(DEFAULT_LIMITS) as (keyof typeof DEFAULT_LIMITS)[]) {
      expect(QUOTA_DEFAULTS[key]).toBe(DEFAULT_LIMITS[key]);
    }
    expect(QUOTA_DEFAULTS.maxConcurrentRuns).toBe(2);
  });

  it("every default lies inside its own range", () => {
    for (const f of NUMBER_FIELDS) {
      expect(QUOTA_DEFAULTS[f.key]).toBeGreaterThanOrEqual(f.min);
      expect(QUOTA_DEFAULTS[f.key]).toBeLessThanOrEqual(f.max);
    }
  });

  it("child turns follow the engine's rule", () => {
    for (const limit of [10, 11, 50, 90, 200]) {
      expect(childTurnsFor(limit)).toBe(childMaxTurns({ ...DEFAULT_LIMITS, recursionLimit: limit }));
    }
  });

  it("accept numbers and digit strings; refuse empty, fractional, out-of-range and unknown keys", () => {
    expect(
      settingsPatchSchema.parse({ maxSubagentDepth: "3", recursionLimit: 10, balanceEnabled: "on" }),
    ).toEqual({
      maxSubagentDepth: 3,
      recursionLimit: 10,
      balanceEnabled: true,
    });
    const bad = settingsPatchSchema.safeParse({
      maxSubagentDepth: "",
      maxSubagentsPerAgent: 2.5,
      maxSubagentRunConfigs: 501,
      windowSeconds: true,
      extra: 1,
    });
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad.error as never)).toEqual({
      maxSubagentDepth: "Max subagent depth must be a number.",
      maxSubagentsPerAgent: "Max subagents per agent must be a whole number.",
      maxSubagentRunConfigs: "Max subagent configs per run must be between 1 and 500.",
      windowSeconds: "Window (seconds) must be a number.",
      form: "Unknown setting: extra.",
    });
  });

  it("overrides accept null to clear a key", () => {
    expect(
      overridePatchSchema.parse({ maxSubagentDepth: null, balanceEnabled: null, maxConcurrentRuns: "4" }),
    ).toEqual({
      maxSubagentDepth: null,
      balanceEnabled: null,
      maxConcurrentRuns: 4,
    });
  });

  it("money budgets take up to 6 decimals, never below 0", () => {
    expect(settingsPatchSchema.parse({ dailyBudget: "2.5", answerBudget: "0.000001" })).toEqual({
      dailyBudget: 2.5,
      answerBudget: 0.000001,
    });
    const bad = settingsPatchSchema.safeParse({ monthlyBudget: "0.1234567", dailyBudget: -1 });
    expect(fieldErrors(bad.error as never)).toEqual({
      monthlyBudget: "Budget per month may have at most 6 decimals.",
      dailyBudget: "Budget per day must be between 0 and 1000000.",
    });
  });
});
