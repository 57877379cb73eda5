import { describe, expect, it } from "vitest";
import { RunClock } from "./clock";

/** A controllable wall clock and monotonic clock. */
function clocks(wall: number, mono: number) {
  const c = { wall, mono };
  return { c, wall: () => c.wall, mono: () => c.mono };
}

describe("RunClock: the run's one time axis", () => {
  it("counts from 0 on the monotonic clock and ignores wall-clock jumps", () => {
    const { c, wall, mono } = clocks(1_000_000, 500);
    const clock = new RunClock(undefined, wall, mono);
    expect(clock.offset()).toBe(0);
    c.mono += 120;
    c.wall -= 3_600_000; // the wall clock is set back an hour: the axis goes on
    expect(clock.offset()).toBe(120);
  });

  it("a resumed run continues the axis: offset at the pause plus the server-measured wait", () => {
    const first = clocks(1_000_000, 10);
    const before = new RunClock(undefined, first.wall, first.mono);
    first.c.mono += 250;
    first.c.wall += 250;
    const mark = before.mark();
    expect(mark).toEqual({ elapsedMs: 250, at: 1_000_250 });
    // Another process (its own monotonic origin) resumes 4 s later by the server's time.
    const second = clocks(1_004_250, 99_999);
    const after = new RunClock(mark, second.wall, second.mono);
    expect(after.offset()).toBe(4_250);
    second.c.mono += 50;
    expect(after.offset()).toBe(4_300);
  });

  it("never goes backwards when the resuming server's clock is behind the pause", () => {
    const { wall, mono } = clocks(900, 0);
    expect(new RunClock({ elapsedMs: 700, at: 1_000 }, wall, mono).offset()).toBe(700);
  });
});
