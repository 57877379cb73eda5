// The answer of a run as it stands and its writes to the database: partial saves while it streams,
// the save when it pauses for approvals, and the final save that ends the run.
import "server-only";
import { applyEvent, type MessageTree, type RunEvent, reduceEvents, rootText } from "@/lib/agents";
import { type MessageUsage, saveAnswer, type UsageRow } from "@/lib/db/conversations";
import { clearCheckpoint, type PausedMessage } from "@/lib/db/tool-approvals";
import { env } from "@/lib/env";
import { INTERRUPTED } from "@/lib/quota";
import { retryWithBackoff } from "@/lib/util/retry";
import { addUsage, emptyUsage, MESSAGE_STATUS, RUN_STATUS } from "./answer-usage";
import { logRetry } from "./charges";
import type { StoredSummary } from "./history";
import { isServerShutdown, liveRunCount } from "./live-runs";

// While a run streams, its message is saved at most this often so another process (or a crash)
// still has recent content; the final save happens when the run ends. A process running many
// answers at once saves each less often, so that together they make at most
// PARTIAL_SAVES_PER_SECOND saves a second (200 answers: each every 5 s): under load these writes
// of whole trees would otherwise grow with the number of answers times their length.
const SAVE_EVERY_MS = 1500;
const PARTIAL_SAVES_PER_SECOND = 40;

/** How long an answer waits between partial saves while `running` answers stream in this process. */
function partialSaveInterval(running: number): number {
  return Math.max(SAVE_EVERY_MS, (running * 1000) / PARTIAL_SAVES_PER_SECOND);
}

const UNEXPECTED_END = { code: "internal", message: "The run ended unexpectedly." };

/**
 * How the answer and its run are stored when the engine is done: as the engine ended it, cut off
 * by a graceful shutdown (INTERRUPTED), or failed when it ended without saying how.
 */
export function answerEnd(signal: AbortSignal, end: Extract<RunEvent, { type: "run_end" }> | undefined) {
  const shutdown = signal.aborted && isServerShutdown(signal.reason);
  const message = shutdown
    ? { status: "INTERRUPTED" as const, error: { ...INTERRUPTED } }
    : end
      ? { status: MESSAGE_STATUS[end.status], error: end.error ?? null }
      : { status: "FAILED" as const, error: UNEXPECTED_END };
  const runStatus = shutdown ? ("INTERRUPTED" as const) : end ? RUN_STATUS[end.status] : ("FAILED" as const);
  return { message, runStatus };
}

export class AnswerWriter {
  // The answer as it stands, kept up to date event by event with the browser's rule (applyEvent),
  // so a save costs its own serialisation, not a replay of every event so far. Saves serialise it
  // at once (saveAnswer stringifies when called), so a tree that keeps growing is never half-written.
  private readonly tree: MessageTree & StoredSummary;
  private readonly usage: MessageUsage;
  private summarized = false;
  private lastSave = Date.now();
  private saving: Promise<void> = Promise.resolve();
  private readonly runId: string;
  private readonly id: string;
  /** Ledger rows of model calls not saved yet (balances off): written with the next save. */
  private readonly usageRows: UsageRow[];
  /** A resumed run continues the answer stored when it paused; its checkpoint goes when it ends. */
  readonly resumed: boolean;

  constructor(a: {
    runId: string;
    assistantMessageId: string;
    usageRows: UsageRow[];
    base?: { tree: MessageTree; usage: MessageUsage };
  }) {
    this.runId = a.runId;
    this.id = a.assistantMessageId;
    this.usageRows = a.usageRows;
    this.resumed = !!a.base;
    this.tree = a.base ? structuredClone(a.base.tree) : reduceEvents([]);
    this.usage = a.base ? { ...a.base.usage } : emptyUsage();
  }

  /**
   * Applies one event. `historyIds` says which stored message each engine message is: the run's
   * first summary records which one it covers up to.
   */
  apply(event: RunEvent, historyIds: string[]): void {
    applyEvent(this.tree, event);
    if (event.type === "usage") addUsage(this.usage, event);
    else if (event.type === "summary" && !this.summarized) {
      this.summarized = true;
      // (Messages a caller sent but that are not stored, "" here, cannot be pointed at.)
      const upTo = event.summarizedMessages > 0 ? historyIds[event.summarizedMessages - 1] : "";
      if (upTo) this.tree.summaryUpTo = upTo;
    }
  }

  private snapshot() {
    return { content: rootText(this.tree), parts: this.tree, usage: { ...this.usage } };
  }

  /** Saves the answer as it stands when it is due (see SAVE_EVERY_MS). */
  saveWhenDue(): void {
    const now = Date.now();
    if (now - this.lastSave > SAVE_EVERY_MS && now - this.lastSave > partialSaveInterval(liveRunCount())) {
      this.lastSave = now;
      this.savePartial();
    }
  }

  // Saves while streaming are best effort (the next one or the final save supersedes a lost one;
  // usage rows of a lost save go with the next).
  private savePartial() {
    this.saving = this.saving.then(async () => {
      const rows = this.usageRows.splice(0);
      try {
        await saveAnswer({ id: this.id, ...this.snapshot(), status: "STREAMING", usageRows: rows });
      } catch (err) {
        this.usageRows.unshift(...rows);
        console.error(
          JSON.stringify({
            level: "error",
            msg: "saving assistant message failed",
            runId: this.runId,
            error: String(err),
          }),
        );
      }
    });
  }

  /**
   * Pausing stores the answer as it stands, after the pending save and with the usage rows not
   * written yet (the ledger must not wait for a decision that may never come).
   */
  async saveForPause(): Promise<PausedMessage> {
    await this.saving;
    const rows = this.usageRows.splice(0);
    if (rows.length)
      await saveAnswer({ id: this.id, ...this.snapshot(), status: "STREAMING", usageRows: rows }).catch(
        (err) => {
          this.usageRows.unshift(...rows);
          throw err;
        },
      );
    // Kept by the caller after this returns: a copy, not the tree the run would go on changing.
    return { id: this.id, ...structuredClone(this.snapshot()) };
  }

  /**
   * The end: the answer as it stands, the usage rows not saved yet and the end of the run, in one
   * statement retried with backoff while the database is unreachable (RUN_FINAL_SAVE_RETRY_SECONDS):
   * the user's concurrent-run slot is never freed with the answer lost. False when it gave up.
   */
  async saveEnd({ message, runStatus }: ReturnType<typeof answerEnd>): Promise<boolean> {
    const finalSnapshot = this.snapshot();
    await this.saving;
    try {
      // One statement: the answer, the remaining usage rows and the end of the run, all or nothing.
      await this.retryingWhileDown(() =>
        saveAnswer({
          id: this.id,
          ...finalSnapshot,
          ...message,
          usageRows: this.usageRows,
          close: { runId: this.runId, status: runStatus },
        }),
      );
      if (this.resumed) await clearCheckpoint({ runId: this.runId }).catch(() => {});
      return true;
    } catch (err) {
      // Given up: the run stays RUNNING in the database; this process's lease sweep interrupts it
      // (keeping the last saved content) once the database is back, since the run is no longer held.
      console.error(
        JSON.stringify({
          level: "error",
          msg: "ending the run gave up; the answer may be lost beyond its last saved part",
          runId: this.runId,
          chars: finalSnapshot.content.length,
          error: String(err),
        }),
      );
      return false;
    }
  }

  /** Runs the final save again with backoff, for at most RUN_FINAL_SAVE_RETRY_SECONDS. */
  private async retryingWhileDown(save: () => Promise<void>) {
    const what = "saving the final answer";
    let attempts = 0;
    await retryWithBackoff(
      () => {
        attempts++;
        return save();
      },
      {
        budgetMs: env().RUN_FINAL_SAVE_RETRY_SECONDS * 1000,
        onRetry: (err, attempt, delayMs) =>
          logRetry(`${what} failed, retrying`, this.runId, err, attempt, delayMs),
      },
    );
    if (attempts > 1)
      console.log(JSON.stringify({ level: "info", msg: `${what} succeeded`, runId: this.runId, attempts }));
  }
}
