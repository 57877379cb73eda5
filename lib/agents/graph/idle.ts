/**
 * Tells when a run comes to rest: some calls wait for a person and nothing else is in flight (no
 * model call, no tool, no event) for a short quiet period. Between LangGraph steps there is no I/O,
 * so a quiet period of a few ms with work pending for a person means every branch waits. A false
 * alarm costs nothing but a replay: the snapshot holds every finished turn and result.
 */
export class IdleWatch {
  private busy = 0;
  private waiting = 0;
  private ticks = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly onIdle: () => void,
    private readonly quietMs = 25,
  ) {}

  /** Something happened (an event, a step): the quiet period starts again. */
  touch() {
    this.ticks++;
  }

  begin() {
    this.busy++;
    this.ticks++;
  }

  end() {
    this.busy--;
    this.ticks++;
    this.schedule();
  }

  /** A call starts waiting for a person. */
  wait() {
    this.waiting++;
    this.ticks++;
    this.schedule();
  }

  /** A waiting call got its decision. */
  decided() {
    this.waiting--;
    this.ticks++;
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting = 0;
  }

  private schedule() {
    if (this.timer || this.busy > 0 || this.waiting === 0) return;
    const seen = this.ticks;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.busy > 0 || this.waiting === 0) return;
      if (this.ticks === seen) this.onIdle();
      else this.schedule();
    }, this.quietMs);
    this.timer.unref?.();
  }
}
