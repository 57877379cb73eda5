// Running an admitted answer, new or resumed: its live stream opens, its approvals learn how to
// pause it, and the pump drives it in the background. Followed by the SSE response, a reload, or
// nobody at all.
import "server-only";
import type { AgentRun, MessageTree, SteeringInbox } from "@/lib/agents";
import type { MessageUsage, UsageRow } from "@/lib/db/conversations";
import { AnswerWriter } from "./answer-writer";
import type { ChatMeta, LiveRun } from "./live-runs";
import { openLiveRun } from "./live-stream";
import { pump } from "./pump";
import { handleRelayedSignals } from "./relayed-signals";
import type { PauseTarget, RunApprovals } from "./run-approvals";

export function runAnswer({
  userId,
  meta,
  run,
  controller,
  steering,
  approvals,
  checkpoint,
  usageRows,
  base,
  afterAnswer,
}: {
  userId: string;
  meta: ChatMeta;
  run: AgentRun;
  controller: AbortController;
  /** Messages the user sends while it runs (Steer), for the root agent. */
  steering: SteeringInbox;
  approvals: RunApprovals;
  /** What resumes the run if it pauses for approvals. */
  checkpoint: PauseTarget["checkpoint"];
  /** Ledger rows of model calls not saved yet (balances off): written with the answer's saves. */
  usageRows: UsageRow[];
  /** A resumed run: the answer stored when it paused, which it continues. */
  base?: { tree: MessageTree; usage: MessageUsage };
  afterAnswer?: () => Promise<void>;
}): LiveRun {
  const live = openLiveRun({
    userId,
    abort: (reason) => controller.abort(reason),
    steer: (text) => steering.push(text),
    meta,
  });
  // Stops and decisions that reach another app process arrive here through the live run bus.
  handleRelayedSignals();
  const answer = new AnswerWriter({
    runId: meta.runId,
    assistantMessageId: meta.assistantMessageId,
    usageRows,
    base,
  });
  approvals.bind({ checkpoint, message: () => answer.saveForPause(), suspend: () => run.suspend() });
  void pump({
    live,
    run,
    signal: controller.signal,
    runId: meta.runId,
    answer,
    historyIds: checkpoint.historyIds,
    agents: checkpoint.agents,
    rootId: checkpoint.rootId,
    onStopped: () => approvals.close(),
    afterAnswer,
  });
  return live;
}
