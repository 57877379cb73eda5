import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "@/lib/i18n/locales";
import { intlWrapper } from "@/tests/helpers/intl";
import { BalanceBadge } from "./balance-badge";

// A browser far from UTC: the refill time is still said in UTC.
const wrappers = new Map<Locale, Awaited<ReturnType<typeof intlWrapper>>>();
beforeAll(async () => {
  for (const locale of ["en", "zh-CN"] as const)
    wrappers.set(locale, await intlWrapper(locale, "Asia/Shanghai"));
});
const html = (props: Parameters<typeof BalanceBadge>[0], locale: Locale = "en") =>
  renderToStaticMarkup(wrappers.get(locale)?.(createElement(BalanceBadge, props)));

describe("BalanceBadge", () => {
  it("shows nothing when balances are off", () => {
    expect(html({ enabled: false, balance: 10, nextRefillAt: null })).toBe("");
  });

  it("shows the balance and when it refills (in UTC, said so)", () => {
    const out = html({
      enabled: true,
      balance: 12345,
      nextRefillAt: "2026-12-01T08:00:00.000Z",
      refillAmount: 500,
    });
    expect(out).toContain("12,345 tokens");
    expect(out).toContain('data-balance="12345"');
    expect(out).toContain("Refills with 500 tokens at Dec 1, 2026, 08:00 AM UTC.");
  });

  it("turns red when the balance is used up", () => {
    const out = html({ enabled: true, balance: -40, nextRefillAt: null });
    expect(out).toContain("bg-red-100");
    expect(out).toContain("You have no tokens left.");
  });

  it("shows an overdrawn balance as 0, ran out, with the exact figure only in the tooltip", () => {
    const out = html({ enabled: true, balance: -100, nextRefillAt: null });
    expect(out).toContain("0 tokens · ran out");
    expect(out).not.toMatch(/>[^<]*-100[^<]*</);
    expect(out).toContain("Exact balance: -100 tokens.");
    expect(out).toContain('data-balance="-100"');
  });

  it("speaks Chinese in zh-CN, numbers and dates as Chinese readers write them", () => {
    const out = html(
      { enabled: true, balance: 12345, nextRefillAt: "2026-12-01T08:00:00.000Z", refillAmount: 500 },
      "zh-CN",
    );
    expect(out).toContain("12,345 token");
    expect(out).toMatch(/将于 2026年12月1日 UTC 0?8:00 补充 500 token。/);
    expect(html({ enabled: true, balance: 0, nextRefillAt: null }, "zh-CN")).toContain("0 token · 已用完");
  });
});
