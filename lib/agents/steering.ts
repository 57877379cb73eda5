/**
 * Steering: messages the user sends while an answer runs, for the root agent. The host pushes them
 * into the run's inbox (from whichever process the user reached); the engine takes them before the
 * root's next model call, adds them to its conversation as user messages and emits a `steer` event
 * where they went in. Messages still in the inbox when the run ends were never read (the host can
 * send them as the next turn instead).
 */

/** The longest steering message (it travels in a relayed signal: PostgreSQL NOTIFY holds 8000 bytes). */
export const MAX_STEER_CHARS = 2000;

/** How a steering message reads to the model: it came mid-answer, not as a new turn. */
export const STEER_PREFIX = "[The user sent this while you were working. Take it into account from now on.]";

export function steerMessageText(text: string): string {
  return `${STEER_PREFIX}\n${text}`;
}

export class SteeringInbox {
  private pending: string[] = [];
  private closed = false;

  /** Queues a message for the root's next model call; false once the run has ended. */
  push(text: string): boolean {
    if (this.closed) return false;
    this.pending.push(text);
    return true;
  }

  /** Every message waiting, oldest first; the inbox is empty afterwards. */
  take(): string[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /** The run ended: later pushes are refused; returns what was never read. */
  close(): string[] {
    this.closed = true;
    return this.take();
  }
}
