import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BalanceBadge } from "./balance-badge";

const html = (props: Parameters<typeof BalanceBadge>[0]) =>
  renderToStaticMarkup(createElement(BalanceBadge, props));

describe("BalanceBadge", () => {
  it("shows nothing when balances are off", () => {
    expect(html({ enabled: false, balance: 10, nextRefillAt: null })).toBe("");
  });

  it("shows the balance and when it refills", () => {
    const out = html({
      enabled: true,
      balance: 12345,
      nextRefillAt: "2026-12-01T08:00:00.000Z",
      refillAmount: 500,
    });
    expect(out).toContain("12,345 tokens");
    expect(out).toContain('data-balance="12345"');
    expect(out).toContain("Refills with 500 tokens at 2026-12-01 08:00 UTC.");
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
});
