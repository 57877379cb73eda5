// Human approval of tool calls, on the host's side. The engine asks (`ApprovalHooks.request`) and
// says when a run comes to rest with every branch waiting (`onIdle`); here each waiting call gets
// a ToolApproval row, and a run at rest is stored — the agents it ran with, its conversation and
// the engine's snapshot — in Run.checkpoint, marked PAUSED (no concurrent-run slot, no process)
// and suspended. A decision (./decide-approval.ts) goes to the run when this process holds it,
// else reopens the paused run and resumes it from the checkpoint (./resume.ts): after a reload,
// in another process, or after a restart alike.
import "server-only";
import type {
  AgentDefinition,
  ApprovalDecision,
  ApprovalHooks,
  ApprovalRequest,
  Limits,
  RunSnapshot,
} from "@/lib/agents";
import { getDb } from "@/lib/db/client";
import {
  decidedApprovals,
  ensureApproval,
  lockRun,
  markRunPaused,
  type PausedMessage,
} from "@/lib/db/tool-approvals";
import { env } from "@/lib/env";
import type { WithAttachments } from "@/lib/files/send";
import type { Locale } from "@/lib/i18n/locales";
import { deliver, stopWaiting, waitForDecision } from "./approval-waiters";
import type { ChatMeta } from "./live-runs";

/** What a paused run is resumed from (Run.checkpoint). Plain JSON, no secrets. */
export interface StoredCheckpoint {
  version: 1;
  meta: ChatMeta;
  rootId: string;
  /** Every agent of the run as it ran (tools already resolved for the user). */
  agents: AgentDefinition[];
  /** The conversation, its files by reference (their contents are read again on resume). */
  messages: WithAttachments[];
  initialSummary?: string;
  historyIds: string[];
  limits: Limits;
  /** The language of the request that started the run (absent in checkpoints stored before it). */
  locale?: Locale;
  engine: RunSnapshot;
}

/** What a run's approvals are given once the run streams: how to store and suspend it. */
export interface PauseTarget {
  checkpoint: Omit<StoredCheckpoint, "engine">;
  /** The answer as it stands (content, tree, usage), after pending saves. */
  message: () => Promise<PausedMessage>;
  suspend: () => void;
}

/** The approvals of one run in this process: the engine's hooks, and pausing when it rests. */
export class RunApprovals {
  private target?: PauseTarget;
  private writes = new Set<Promise<unknown>>();
  private resting: Promise<void> = Promise.resolve();
  private readonly mine = new Set<string>();

  constructor(private readonly run: { runId: string; userId: string }) {}

  readonly hooks: ApprovalHooks = {
    request: (req) => this.request(req),
    onIdle: (snapshot) => {
      this.resting = this.resting
        .then(() => this.rest(snapshot))
        .catch((err) => logError("pausing failed", this.run.runId, err));
    },
  };

  bind(target: PauseTarget) {
    this.target = target;
  }

  /** Stops listening for decisions (the run ended or was suspended). */
  close() {
    for (const id of this.mine) stopWaiting(id);
    this.mine.clear();
  }

  private request(req: ApprovalRequest): Promise<ApprovalDecision> {
    return new Promise<ApprovalDecision>((resolve, reject) => {
      // Listening first: a decision that lands while the row is written is not missed.
      waitForDecision(req.approvalId, resolve);
      this.mine.add(req.approvalId);
      const write = ensureApproval({
        id: req.approvalId,
        runId: this.run.runId,
        userId: this.run.userId,
        toolCallId: req.toolCallId,
        toolName: req.name,
        args: req.args,
      }).then(
        (row) => deliver(row),
        (err) => {
          stopWaiting(req.approvalId);
          reject(err);
        },
      );
      this.writes.add(write);
      void write.finally(() => this.writes.delete(write));
    });
  }

  /**
   * Every branch waits. Under the run's row lock: decisions that arrived but did not reach the run
   * (another process took them) are handed over and the run goes on; else it is stored as PAUSED
   * and suspended.
   */
  private async rest(snapshot: RunSnapshot) {
    const target = this.target;
    if (!target) return;
    await Promise.allSettled([...this.writes]);
    const ids = Object.values(snapshot.pending).map((r) => r.approvalId);
    if (!ids.length) return;
    const message = await target.message();
    const hours = env().TOOL_APPROVAL_EXPIRE_HOURS;
    const checkpoint: StoredCheckpoint = { ...target.checkpoint, engine: snapshot };
    const outcome = await getDb().$transaction(async (tx) => {
      await lockRun({ tx, runId: this.run.runId });
      const decided = await decidedApprovals({ tx, ids });
      if (decided.length) return { decided, paused: false };
      const paused = await markRunPaused({
        tx,
        runId: this.run.runId,
        checkpoint,
        expiresAt: new Date(Date.now() + hours * 3_600_000),
        message,
      });
      return { decided: undefined, paused };
    });
    if (outcome.decided) {
      for (const row of outcome.decided) deliver(row);
      return;
    }
    if (outcome.paused) {
      this.close();
      target.suspend();
    }
  }
}

function logError(msg: string, runId: string, err: unknown) {
  console.error(JSON.stringify({ level: "error", msg, runId, error: String(err) }));
}
