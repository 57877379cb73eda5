import { apiRoute } from "@/lib/api/route";
import { listApiTasks } from "@/lib/api/tasks";

export const dynamic = "force-dynamic";

/** GET /v1/tasks — the key's user's background tasks, newest first (at most 100). */
export const GET = apiRoute(async ({ caller }) => Response.json(await listApiTasks(caller)));
