/**
 * The run's one time axis: milliseconds since the run started, from the server's monotonic clock
 * (performance.now), so a wall-clock jump never bends the timeline and the browser's clock is never
 * used. A run resumed after a pause (an approval) — in this process or another — continues the same
 * axis: the snapshot keeps the offset reached at the pause and the server time of the pause, and
 * the wait in between is measured with server timestamps (the only clock two processes share).
 */
export interface ClockMark {
  /** The run's offset (ms) when the mark was taken. */
  elapsedMs: number;
  /** Server time (ms since the epoch) when the mark was taken. */
  at: number;
}

export class RunClock {
  private readonly origin: number;
  private readonly base: number;

  constructor(
    resume?: ClockMark,
    private readonly wall: () => number = Date.now,
    private readonly mono: () => number = () => performance.now(),
  ) {
    this.origin = this.mono();
    this.base = resume ? resume.elapsedMs + Math.max(0, this.wall() - resume.at) : 0;
  }

  /** Milliseconds on the run's axis now (whole ms; never negative, never backwards). */
  offset(): number {
    return Math.round(this.base + (this.mono() - this.origin));
  }

  /** Where the axis is now, to store with a snapshot. */
  mark(): ClockMark {
    return { elapsedMs: this.offset(), at: this.wall() };
  }
}
