import { describe, expect, it } from "vitest";
import { childMaxTurns, DEFAULT_LIMITS } from "@/lib/agents/limits";
import type { FieldText } from "@/lib/errors";
import { errorWriter } from "@/lib/http/error-body";
import type { Locale } from "@/lib/i18n/locales";
import {
  childTurnsFor,
  fieldErrors,
  NUMBER_FIELDS,
  overridePatchSchema,
  QUOTA_DEFAULTS,
  settingsPatchSchema,
} from "./fields";

/** Field messages as the boundary writes them in one language. */
async function written(fields: Record<string, FieldText>, locale: Locale) {
  const write = await errorWriter(locale);
  return Object.fromEntries(
    Object.entries(fields).map(([k, f]) => [
      k,
      typeof f === "string" ? f : write(f, { code: "bad_request" }),
    ]),
  );
}

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

  it("accept numbers and digit strings; refuse empty, fractional, out-of-range and unknown keys", async () => {
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
    const fields = fieldErrors(bad.error as never);
    expect(fields).toMatchObject({
      maxSubagentDepth: { key: "field.number" },
      maxSubagentsPerAgent: { key: "field.whole_number" },
      maxSubagentRunConfigs: { key: "field.number_range", values: { min: 1, max: 500 } },
      windowSeconds: { key: "field.number" },
      form: { key: "field.unknown_settings", values: { keys: ["extra"] } },
    });
    // The messages are the catalogs': written in the admin's language, the range in its numbers.
    expect(await written(fields, "en")).toEqual({
      maxSubagentDepth: "Enter a number.",
      maxSubagentsPerAgent: "Use a whole number.",
      maxSubagentRunConfigs: "Use a number from 1 to 500.",
      windowSeconds: "Enter a number.",
      form: "Unknown setting: extra.",
    });
    expect(await written(fields, "zh-CN")).toEqual({
      maxSubagentDepth: "请输入数字。",
      maxSubagentsPerAgent: "请输入整数。",
      maxSubagentRunConfigs: "请输入 1 到 500 之间的数字。",
      windowSeconds: "请输入数字。",
      form: "未知设置：extra。",
    });
  });

  it("names every unknown key, and a big range in the locale's digits", async () => {
    const bad = settingsPatchSchema.safeParse({ startBalance: -1, a: 1, b: 2 });
    const en = await written(fieldErrors(bad.error as never), "en");
    expect(en).toEqual({
      startBalance: "Use a number from 0 to 1,000,000,000.",
      form: "Unknown setting: a and b.",
    });
    const zh = await written(fieldErrors(bad.error as never), "zh-CN");
    expect(zh.form).toBe("未知设置：a和b。");
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

  it("money budgets take up to 6 decimals, never below 0", async () => {
    expect(settingsPatchSchema.parse({ dailyBudget: "2.5", answerBudget: "0.000001" })).toEqual({
      dailyBudget: 2.5,
      answerBudget: 0.000001,
    });
    const bad = settingsPatchSchema.safeParse({ monthlyBudget: "0.1234567", dailyBudget: -1 });
    expect(await written(fieldErrors(bad.error as never), "en")).toEqual({
      monthlyBudget: "Use at most 6 decimals.",
      dailyBudget: "Use a number from 0 to 1,000,000.",
    });
    expect(await written(fieldErrors(bad.error as never), "zh-CN")).toEqual({
      monthlyBudget: "最多保留 6 位小数。",
      dailyBudget: "请输入 0 到 1,000,000 之间的数字。",
    });
  });
});
