import { describe, expect, it } from "vitest";
import { retryWithBackoff } from "./retry";

function failing(times: number) {
  let calls = 0;
  const fn = async () => {
    calls++;
    if (calls <= times) throw new Error(`down ${calls}`);
    return `ok after ${calls}`;
  };
  return { fn, calls: () => calls };
}

describe("retryWithBackoff", () => {
  it("retries until the operation succeeds and reports every failure", async () => {
    const op = failing(3);
    const seen: number[] = [];
    const result = await retryWithBackoff(op.fn, {
      budgetMs: 10_000,
      initialDelayMs: 1,
      onRetry: (_e, attempt) => seen.push(attempt),
    });
    expect(result).toBe("ok after 4");
    expect(seen).toEqual([1, 2, 3]);
  });

  it("gives up with the last error when the budget is spent", async () => {
    const op = failing(Number.POSITIVE_INFINITY);
    await expect(retryWithBackoff(op.fn, { budgetMs: 20, initialDelayMs: 1, maxDelayMs: 2 })).rejects.toThrow(
      /down \d+/,
    );
    expect(op.calls()).toBeGreaterThan(1);
  });

  it("makes a single attempt with no budget, and none more for a permanent error", async () => {
    const once = failing(1);
    await expect(retryWithBackoff(once.fn, { budgetMs: 0 })).rejects.toThrow("down 1");
    expect(once.calls()).toBe(1);
    const permanent = failing(5);
    await expect(
      retryWithBackoff(permanent.fn, { budgetMs: 10_000, isPermanent: () => true }),
    ).rejects.toThrow("down 1");
    expect(permanent.calls()).toBe(1);
  });

  it("doubles the pause up to the cap", async () => {
    const op = failing(5);
    const delays: number[] = [];
    await retryWithBackoff(op.fn, {
      budgetMs: 10_000,
      initialDelayMs: 1,
      maxDelayMs: 4,
      onRetry: (_e, _a, d) => delays.push(d),
    });
    expect(delays).toEqual([1, 2, 4, 4, 4]);
  });
});
