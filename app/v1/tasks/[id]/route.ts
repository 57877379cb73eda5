import { apiRoute } from "@/lib/api/route";
import { getApiTask } from "@/lib/api/tasks";

export const dynamic = "force-dynamic";

/** GET /v1/tasks/{id} — one of the key's user's tasks, with its result; 404 for any other. */
export const GET = apiRoute<{ id: string }>(async ({ caller, params }) =>
  Response.json(await getApiTask(caller, params.id)),
);
