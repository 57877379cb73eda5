// One attempt of a background task, as the user who started it: the agent loaded again for them
// (their right to it checked today), endpoints, MCP tools and prices resolved as for a chat answer,
// each model call charged to the ledger (and the balance) as usual. Its progress is stored as it
// goes (checkpoint.ts); an attempt taking over from a dead process resumes from it. It works on the task alone and
// cannot start tasks or ask anybody. Its end is one transaction (lib/db/background-tasks.ts): the
// run and its usage, and, unless the task was cancelled meanwhile, the follow-up message.
import "server-only";
import {
  type AgentDefinition,
  applyEvent,
  createRun,
  type ModelFactory,
  type RunError,
  type RunEvent,
  reduceEvents,
  rootText,
} from "@/lib/agents";
import { addUsage, emptyUsage, MESSAGE_STATUS, RUN_STATUS } from "@/lib/chat/answer-usage";
import { modelCallCharges } from "@/lib/chat/charges";
import { resolveRunModels } from "@/lib/chat/models";
import { engineRunInput } from "@/lib/chat/run-input";
import { testModelFactory } from "@/lib/chat/test-hooks";
import { resolveRunTools } from "@/lib/chat/tools";
import { loadAgentTree } from "@/lib/db/agents-tree";
import {
  type BackgroundTask,
  failTask,
  finishTaskAttempt,
  insertTaskRun,
  taskStatus,
} from "@/lib/db/background-tasks";
import { newRowId } from "@/lib/db/ids";
import { isAppError } from "@/lib/errors";
import type { EffectiveLimits } from "@/lib/quota";
import { processLeaseId } from "@/lib/quota/process-lease";
import { checkpointWriter, storedCheckpoint } from "./checkpoint";

/** How often a running attempt looks whether its task was cancelled (in another process). */
const CANCEL_POLL_MS = 2000;

/** The agent a task runs: a self-spawned copy is the agent on its self model, delegating no further. */
function taskAgent(task: BackgroundTask, def: AgentDefinition): AgentDefinition {
  if (!task.self) return def;
  const own = def.subagents?.selfModel;
  return {
    ...def,
    ...(own ? { provider: own.provider, model: own.model } : {}),
    subagents: { enabled: false },
  };
}

function storedError(err: unknown): { code: string; message: string } {
  return isAppError(err)
    ? { code: err.code, message: err.message }
    : { code: "internal", message: "The task could not run." };
}

export async function runTaskAttempt({
  task,
  runId,
  limits,
  signal,
  modelFactory,
}: {
  task: BackgroundTask;
  runId: string;
  limits: EffectiveLimits;
  /** Aborted when the task is cancelled in this process. */
  signal: AbortSignal;
  modelFactory?: ModelFactory;
}): Promise<void> {
  const { userId } = task;
  let prepared: Awaited<ReturnType<typeof prepare>>;
  try {
    prepared = await prepare(task, limits, modelFactory);
  } catch (err) {
    // It cannot run (the agent is gone or no longer shared, an endpoint is gone): failed, not retried.
    await failTask({ id: task.id, error: storedError(err) });
    return;
  }
  const { root, runTools, resolved } = prepared;
  const controller = new AbortController();
  const stopWith = (reason: "cancelled" | "timeout") => {
    if (!controller.signal.aborted) controller.abort(new Error(reason));
  };
  signal.addEventListener("abort", () => stopWith("cancelled"), { once: true });
  const left =
    (task.deadlineAt?.getTime() ?? Date.now() + limits.backgroundTaskMinutes * 60_000) - Date.now();
  const timeout = setTimeout(() => stopWith("timeout"), Math.max(0, left));
  const poll = setInterval(() => {
    taskStatus({ id: task.id })
      .then((s) => {
        if (s === "CANCELLED") stopWith("cancelled");
      })
      .catch(() => {});
  }, CANCEL_POLL_MS);
  poll.unref?.();

  const charges = modelCallCharges({ runId, userId, limits });
  const messageId = newRowId();
  // Taken over from a dead process: its run goes on from what that attempt had finished.
  const resumed = storedCheckpoint(task, runId);
  const tree = resumed?.tree ?? reduceEvents([]);
  const usage = resumed?.usage ?? emptyUsage();
  try {
    const run = await createRun({
      ...(await engineRunInput({
        runId,
        root,
        runTools,
        resolved,
        messages: [{ role: "user", content: task.task }],
        signal: controller.signal,
        limits,
        onModelCallEnd: charges.onModelCallEnd,
      })),
      ...(resumed ? { resume: resumed.snapshot } : {}),
      onCheckpoint: checkpointWriter({ taskId: task.id, runId, tree, usage, usageRows: charges.usageRows }),
    });
    if (limits.answerBudget > 0) run.capCost(limits.answerBudget);
    await insertTaskRun({
      id: runId,
      userId,
      conversationId: task.conversationId,
      assistantMessageId: messageId,
      agentId: task.agentId,
      processId: processLeaseId(),
    });
    let end: Extract<RunEvent, { type: "run_end" }> | undefined;
    await run.consume((event) => {
      applyEvent(tree, event);
      if (event.type === "usage") addUsage(usage, event);
      else if (event.type === "run_end") end = event;
    });
    const reason = controller.signal.aborted ? String((controller.signal.reason as Error)?.message) : null;
    const text = rootText(tree);
    const engineStatus = end?.status ?? "failed";
    let error: RunError | null = end?.error ?? null;
    if (reason === "timeout")
      error = {
        code: "limit:background_task_duration",
        message: `The task ran longer than its ${limits.backgroundTaskMinutes} minutes and was stopped.`,
      };
    const cancelled = reason === "cancelled";
    const completed = engineStatus === "completed" && !reason;
    await finishTaskAttempt({
      taskId: task.id,
      runId,
      status: cancelled ? "CANCELLED" : completed ? "COMPLETED" : "FAILED",
      runStatus: RUN_STATUS[engineStatus],
      result: completed ? text : null,
      error: completed ? null : error,
      usageRows: charges.usageRows,
      ...(cancelled
        ? {}
        : {
            message: {
              id: messageId,
              agentId: task.agentId,
              content: text,
              parts: tree,
              status: completed
                ? "COMPLETE"
                : MESSAGE_STATUS[engineStatus === "completed" ? "failed" : engineStatus],
              usage,
            },
          }),
    });
  } catch (err) {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "background task failed",
        taskId: task.id,
        runId,
        error: String(err),
      }),
    );
    await failTask({ id: task.id, error: storedError(err) });
  } finally {
    clearTimeout(timeout);
    clearInterval(poll);
  }
}

async function prepare(task: BackgroundTask, limits: EffectiveLimits, modelFactory?: ModelFactory) {
  const tree = await loadAgentTree({
    rootId: task.agentId,
    userId: task.userId,
    maxDepth: limits.maxSubagentDepth,
  });
  const agents = task.self ? new Map([[task.agentId, taskAgent(task, tree.root)]]) : tree.agents;
  const resolved = await resolveRunModels({
    userId: task.userId,
    agents,
    override: modelFactory ?? testModelFactory(),
  });
  const runTools = await resolveRunTools({ userId: task.userId, agents: resolved.agents });
  const root = runTools.agents.get(task.agentId);
  if (!root) throw new Error("The task's agent is gone");
  return { root, runTools, resolved };
}
