import { apiRoute } from "@/lib/api/route";
import { steerApiCompletion } from "@/lib/api/steer";
import { readJsonBody } from "@/lib/http/read-json";

export const dynamic = "force-dynamic";

/**
 * POST /v1/chat/completions/{id}/steer — `{ text }` for the running completion's root agent (its
 * chunks' `id`), read before its next model call. 400 empty or too long, 404 not the key's user's
 * run or not running any more.
 */
export const POST = apiRoute<{ id: string }>(async ({ req, caller, params }) =>
  Response.json(await steerApiCompletion(caller, params.id, await readJsonBody(req))),
);
