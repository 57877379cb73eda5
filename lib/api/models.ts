import "server-only";
import { listUsableAgents } from "@/lib/db/agents";
import { AppError } from "@/lib/errors";
import { type ApiCaller, keyAllowsAgent } from "./authenticate";
import type { ApiModel } from "./response-schemas";

// GET /v1/models: the agents the key's user may use (and the key allows), in OpenAI's list
// shape; name, description and owner are extension fields standard clients ignore.

type Agent = Awaited<ReturnType<typeof listUsableAgents>>[number];

function modelOf(a: Agent): ApiModel {
  return {
    id: a.id,
    object: "model" as const,
    created: 0,
    owned_by: a.ownerName,
    name: a.name,
    description: a.description,
    owner: a.ownerName,
  };
}

export async function listApiModels(caller: ApiCaller) {
  const agents = await listUsableAgents({ userId: caller.user.id });
  return { object: "list" as const, data: agents.filter((a) => keyAllowsAgent(caller, a.id)).map(modelOf) };
}

/** GET /v1/models/{id}: 404 for an agent the user may not use (as the app says), 403 when the key excludes it. */
export async function getApiModel(caller: ApiCaller, id: string) {
  const agent = (await listUsableAgents({ userId: caller.user.id })).find((a) => a.id === id);
  if (!agent) throw new AppError("not_found:agent");
  if (!keyAllowsAgent(caller, id)) throw new AppError("forbidden:api_key_agent");
  return modelOf(agent);
}
