// What the Tasks page and its Cancel button do: a user sees and cancels only their own tasks.
import "server-only";
import { cancelOwnTask, taskOfUser, tasksOfUser } from "@/lib/db/background-tasks";
import { AppError } from "@/lib/errors";
import { abortTaskHere } from "./jobs";

export interface TaskListItem {
  id: string;
  agentName: string;
  task: string;
  status: "queued" | "running" | "completed" | "failed" | "cancelled";
  conversationId: string;
  conversationTitle: string;
  /** The follow-up message with the task's result (completed or failed). */
  resultMessageId: string | null;
  error: string | null;
  createdAt: Date;
  endedAt: Date | null;
}

type TaskRow = Awaited<ReturnType<typeof tasksOfUser>>[number];

function itemOf(t: TaskRow): TaskListItem {
  return {
    id: t.id,
    agentName: t.agentName,
    task: t.task,
    status: t.status.toLowerCase() as TaskListItem["status"],
    conversationId: t.conversationId,
    conversationTitle: t.conversation.title,
    resultMessageId: t.resultMessageId,
    error: (t.error as { message?: string } | null)?.message ?? null,
    createdAt: t.createdAt,
    endedAt: t.endedAt,
  };
}

/** A task with its final answer (completed), as the Agents API reads it. */
export type TaskDetail = TaskListItem & { result: string | null };

const detailOf = (t: TaskRow): TaskDetail => ({ ...itemOf(t), result: t.result });

/** The user's tasks, newest first (read only). */
export async function listOwnTasks({ userId }: { userId: string }): Promise<TaskListItem[]> {
  return (await tasksOfUser({ userId })).map(itemOf);
}

/** The user's tasks with their results, newest first (at most `take`, read only). */
export async function listOwnTaskDetails({
  userId,
  take,
}: {
  userId: string;
  take: number;
}): Promise<TaskDetail[]> {
  return (await tasksOfUser({ userId, take })).map(detailOf);
}

/** One of the user's tasks; another user's and an unknown one are both `not_found:task`. */
export async function getOwnTask({ id, userId }: { id: string; userId: string }): Promise<TaskDetail> {
  if (typeof id !== "string" || !id || id.length > 100) throw new AppError("not_found:task");
  const row = await taskOfUser({ id, userId });
  if (!row) throw new AppError("not_found:task");
  return detailOf(row);
}

/**
 * Cancels the user's queued or running task: it stops here at once, or in the process running it
 * at that process's next look. Someone else's task, an unknown one and a finished one are all
 * `not_found:task` (no way to learn that another user's task exists).
 */
export async function cancelTask({ id, userId }: { id: string; userId: string }): Promise<void> {
  if (typeof id !== "string" || !id || id.length > 100) throw new AppError("not_found:task");
  if (!(await cancelOwnTask({ id, userId }))) throw new AppError("not_found:task");
  abortTaskHere(id);
}
