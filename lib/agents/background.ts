/**
 * Background subagents (`run_in_background`). The engine only asks: it hands a delegation to its
 * host through `BackgroundHooks` and returns the handle to the model at once; the host stores the
 * task, runs it outside this run (its result arrives later as a message of its own) and answers
 * `check_tasks`. Nothing here stores or schedules anything.
 */

/** Name of the tool that reports the run's background tasks. */
export const CHECK_TASKS_TOOL_NAME = "check_tasks";
/** Name of the tool that waits (a bounded time) for a background task to end. */
export const WAIT_FOR_TASK_TOOL_NAME = "wait_for_task";
/** `wait_for_task`'s timeout when the model gives none, and the most it may ask for (seconds). */
export const WAIT_DEFAULT_SECONDS = 60;
export const WAIT_MAX_SECONDS = 300;

export type BackgroundTaskStatus = "queued" | "running" | "completed" | "failed" | "cancelled";

/** A delegation the parent asked to run in the background. */
export interface BackgroundTaskRequest {
  /** The dispatch call's id: the same call (a resumed run) names the same task. */
  toolCallId: string;
  /** `'self'` or the child agent's id (the dispatch tool's `subagent_type`). */
  subagentType: string;
  /** The agent that runs it (the parent's own id for a self-spawned copy). */
  agentId: string;
  agentName: string;
  self: boolean;
  task: string;
  /** The delegating agent and where it runs. */
  parentAgentId: string;
  spanId: string;
  depth: number;
}

/** Started (the handle the model gets), or refused with a sentence for the model (e.g. a limit). */
export type BackgroundStart = { taskId: string } | { refused: string };

/** A task as `check_tasks` reports it. */
export interface BackgroundTaskView {
  id: string;
  agentName: string;
  task: string;
  status: BackgroundTaskStatus;
  /** `completed`: the task's final answer. */
  result?: string;
  /** `failed`: why. */
  error?: string;
}

export interface BackgroundHooks {
  start(req: BackgroundTaskRequest): Promise<BackgroundStart>;
  /** The tasks of this conversation (`ids` given: only those), newest last. */
  check(ids?: string[]): Promise<BackgroundTaskView[]>;
  /** How often `wait_for_task` asks `check` while it waits (ms; default 1000). */
  waitPollMs?: number;
}

/** A task that will not change any more. */
export function isFinished(t: BackgroundTaskView): boolean {
  return t.status === "completed" || t.status === "failed" || t.status === "cancelled";
}

/** What the model reads when a task started. */
export function startedText(taskId: string, agentName: string, task: string): string {
  const short = task.length > 200 ? `${task.slice(0, 197)}…` : task;
  return `Started task ${taskId} (${agentName}): ${short}\nIt runs in the background: go on with your answer. Its result arrives as a follow-up message in the conversation; call ${CHECK_TASKS_TOOL_NAME} to see its status or result, or ${WAIT_FOR_TASK_TOOL_NAME} to wait for it.`;
}

/** What `check_tasks` returns to the model. */
export function tasksText(tasks: BackgroundTaskView[]): string {
  if (!tasks.length) return "No background tasks.";
  return tasks
    .map((t) => {
      const head = `- ${t.id} (${t.agentName}): ${t.status}`;
      if (t.status === "completed") return `${head}\n  Result: ${t.result ?? ""}`;
      if (t.status === "failed") return `${head}\n  Error: ${t.error ?? "unknown"}`;
      return head;
    })
    .join("\n");
}

/** What `wait_for_task` returns: the tasks that ended while it waited, or that the wait timed out. */
export function waitText(out: {
  finished: BackgroundTaskView[];
  running: BackgroundTaskView[];
  timedOutAfter?: number;
}): string {
  const parts: string[] = [];
  if (out.timedOutAfter !== undefined)
    parts.push(`Still running after ${out.timedOutAfter}s (the wait timed out; the task goes on).`);
  if (out.finished.length) parts.push(`Finished:\n${tasksText(out.finished)}`);
  if (out.running.length) parts.push(`Running:\n${tasksText(out.running)}`);
  if (!parts.length) return "No background tasks.";
  return parts.join("\n");
}
