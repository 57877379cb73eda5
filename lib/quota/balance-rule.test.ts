import { describe, expect, it } from "vitest";
import { balanceAfterCall } from "./balance-rule";

describe("balanceAfterCall", () => {
  it("takes a call's tokens while the balance is above zero, even past zero", () => {
    expect(balanceAfterCall(100, 30)).toBe(70);
    expect(balanceAfterCall(20, 30)).toBe(-10);
  });
  it("charges nothing once the balance is used up, and never adds tokens", () => {
    expect(balanceAfterCall(0, 30)).toBe(0);
    expect(balanceAfterCall(-10, 30)).toBe(-10);
    expect(balanceAfterCall(50, -5)).toBe(50);
  });
});
