// A background task's progress, stored as its run goes (BackgroundTask.checkpoint): the engine's
// journal (finished model turns and tool results), the trace built so far and its usage. An
// attempt that takes over a task whose process died starts its run from it: finished turns and
// tool calls are replayed without calling the model or the tool again (and are not charged
// again: their ledger rows were written with the checkpoint), and the follow-up message's trace
// continues the one the dead attempt had.
import "server-only";
import type { MessageTree, RunSnapshot } from "@/lib/agents";
import { type BackgroundTask, saveTaskCheckpoint } from "@/lib/db/background-tasks";
import type { MessageUsage, UsageRow } from "@/lib/db/conversations";
import type { Prisma } from "@/lib/db/generated/client";

interface TaskCheckpoint {
  version: 1;
  snapshot: RunSnapshot;
  tree: MessageTree;
  usage: MessageUsage;
}

/** The task's stored progress, for an attempt with run `runId`; null when there is none to resume. */
export function storedCheckpoint(task: BackgroundTask, runId: string): TaskCheckpoint | null {
  const c = task.checkpoint as unknown as TaskCheckpoint | null;
  if (c?.version !== 1 || !c.snapshot || !c.tree || !c.usage) return null;
  // The new attempt is a run of its own: the journal and the trace go on under its id.
  return { ...c, snapshot: { ...c.snapshot, runId }, tree: { ...c.tree, runId } };
}

/**
 * The run's `onCheckpoint` for one attempt: writes the progress with the ledger rows waiting in
 * `usageRows` (taken out of it; put back if the write fails). Writes one after another, so an older
 * one never lands after a newer one; a failed write leaves the rows for the next one (or the end).
 */
export function checkpointWriter({
  taskId,
  runId,
  tree,
  usage,
  usageRows,
}: {
  taskId: string;
  runId: string;
  tree: MessageTree;
  usage: MessageUsage;
  usageRows: UsageRow[];
}) {
  let last: Promise<void> = Promise.resolve();
  return (snapshot: RunSnapshot): Promise<void> => {
    // Copied now: the trace and usage go on changing while the write waits its turn.
    const checkpoint: TaskCheckpoint = structuredClone({ version: 1, snapshot, tree, usage });
    // The rows of the calls finished so far go with the progress that has their turns.
    const rows = usageRows.splice(0);
    const write = async () => {
      try {
        await saveTaskCheckpoint({
          taskId,
          runId,
          checkpoint: checkpoint as unknown as Prisma.InputJsonValue,
          usageRows: rows,
        });
      } catch (err) {
        usageRows.unshift(...rows);
        throw err;
      }
    };
    last = last.then(write, write);
    return last;
  };
}
