import { listApiModels } from "@/lib/api/models";
import { apiRoute } from "@/lib/api/route";

export const GET = apiRoute(async ({ caller }) => Response.json(await listApiModels(caller)));
