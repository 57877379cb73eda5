import { getApiModel } from "@/lib/api/models";
import { apiRoute } from "@/lib/api/route";

export const GET = apiRoute<{ id: string }>(async ({ caller, params }) =>
  Response.json(await getApiModel(caller, params.id)),
);
