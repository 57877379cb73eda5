import { getStoredResponse } from "@/lib/api/responses";
import { apiRoute } from "@/lib/api/route";

export const dynamic = "force-dynamic";

/** GET /v1/responses/{id} — a stored response with its trace; another user's id is a 404. Writes nothing. */
export const GET = apiRoute<{ id: string }>(async ({ caller, params }) =>
  Response.json(await getStoredResponse(caller, params.id)),
);
