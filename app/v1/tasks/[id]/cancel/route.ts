import { apiRoute } from "@/lib/api/route";
import { cancelApiTask } from "@/lib/api/tasks";

export const dynamic = "force-dynamic";

/** POST /v1/tasks/{id}/cancel — stops a queued or running task of the key's user; answers the task. 404 otherwise. */
export const POST = apiRoute<{ id: string }>(async ({ caller, params }) =>
  Response.json(await cancelApiTask(caller, params.id)),
);
