import "server-only";
import { cancelTask, getOwnTask, listOwnTaskDetails, type TaskDetail } from "@/lib/tasks/service";
import type { ApiCaller } from "./authenticate";
import type { ApiTask } from "./response-schemas";

// /v1/tasks: the key's user's background subagent tasks, through the same service as the Tasks
// page (lib/tasks/service.ts), so the same rules hold: only the owner sees or cancels a task, and
// another user's task answers like a missing one (404).

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

function apiTaskOf(t: TaskDetail): ApiTask {
  return {
    id: t.id,
    object: "task",
    status: t.status,
    agent_name: t.agentName,
    task: t.task,
    conversation_id: t.conversationId,
    result: t.result,
    error: t.error,
    created_at: seconds(t.createdAt),
    ended_at: t.endedAt ? seconds(t.endedAt) : null,
  };
}

/** GET /v1/tasks: the user's 100 newest tasks, newest first. */
export async function listApiTasks(caller: ApiCaller) {
  const tasks = await listOwnTaskDetails({ userId: caller.user.id, take: 100 });
  return { object: "list" as const, data: tasks.map(apiTaskOf) };
}

/** GET /v1/tasks/{id}. */
export async function getApiTask(caller: ApiCaller, id: string): Promise<ApiTask> {
  return apiTaskOf(await getOwnTask({ id, userId: caller.user.id }));
}

/** POST /v1/tasks/{id}/cancel: a queued or running task stops; 404 for any other (finished, someone else's). */
export async function cancelApiTask(caller: ApiCaller, id: string): Promise<ApiTask> {
  const userId = caller.user.id;
  await cancelTask({ id, userId });
  return apiTaskOf(await getOwnTask({ id, userId }));
}
