// The engine's background port (lib/agents/background.ts) for one chat answer: a delegation with
// run_in_background becomes a BackgroundTask row of the answer's conversation and a job on the
// job engine; check_tasks reads the conversation's tasks. The per-user limit is checked with the
// insert, atomically, and a refusal is a sentence for the model (it goes on without the task).
import "server-only";
import type { BackgroundHooks, BackgroundTaskView } from "@/lib/agents";
import { type BackgroundTask, insertTaskWithinLimit, tasksOfConversation } from "@/lib/db/background-tasks";
import type { EffectiveLimits } from "@/lib/quota";
import { enqueueTask } from "./jobs";

export interface TaskParent {
  userId: string;
  conversationId: string;
  parentRunId: string;
  parentMessageId: string;
  limits: Pick<EffectiveLimits, "maxBackgroundTasks">;
}

/** What the model reads when the user's limit refuses a task. */
export function limitRefusal(max: number): string {
  if (max <= 0)
    return "Background tasks are turned off for this account; do the work without run_in_background.";
  return `The background task was not started: ${max} of your background tasks are already queued or running (the limit is ${max}). Wait for one to finish (check_tasks), or do the work without run_in_background.`;
}

export function taskView(t: BackgroundTask): BackgroundTaskView {
  const error = t.error as { message?: string } | null;
  return {
    id: t.id,
    agentName: t.agentName,
    task: t.task,
    status: t.status.toLowerCase() as BackgroundTaskView["status"],
    ...(t.status === "COMPLETED" ? { result: t.result ?? "" } : {}),
    ...(t.status === "FAILED" ? { error: error?.message ?? "failed" } : {}),
  };
}

export function backgroundHooks(parent: TaskParent): BackgroundHooks {
  const { userId, conversationId } = parent;
  return {
    start: async (req) => {
      const out = await insertTaskWithinLimit({
        max: parent.limits.maxBackgroundTasks,
        task: {
          userId,
          conversationId,
          parentRunId: parent.parentRunId,
          parentMessageId: parent.parentMessageId,
          toolCallId: req.toolCallId,
          agentId: req.agentId,
          agentName: req.agentName,
          self: req.self,
          task: req.task,
        },
      });
      if ("refused" in out) return { refused: limitRefusal(parent.limits.maxBackgroundTasks) };
      // Stored is started: a job that could not be sent now is sent by the sweep (lib/tasks/jobs.ts).
      if (out.created)
        await enqueueTask(out.task.id).catch((err: unknown) =>
          console.error(
            JSON.stringify({
              level: "error",
              msg: "queueing a task failed",
              taskId: out.task.id,
              error: String(err),
            }),
          ),
        );
      return { taskId: out.task.id };
    },
    check: async (ids) => (await tasksOfConversation({ userId, conversationId, ids })).map(taskView),
  };
}
