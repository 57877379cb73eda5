import "server-only";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "@/lib/providers/demo-constants";
import type { Protocol } from "@/lib/providers/types";
import { DEMO_LABEL, listEndpointsForUser } from "./endpoints";

/** An endpoint and its models as the agent builder offers them (never a key). */
export interface ModelChoice {
  /** Stored in `Agent.provider`: `env:openai`, `builtin:demo`, or an Endpoint row id. */
  id: string;
  name: string;
  protocol: Protocol;
  models: string[];
}

/** The default endpoint + model of a new agent. */
export const DEFAULT_MODEL_CHOICE = { provider: DEMO_ENDPOINT_ID, model: DEMO_MODEL_ID } as const;

/**
 * Endpoints and models the user may pick for an agent: the env endpoints, the admin-managed ones
 * this user may use, and the offline demo (labelled as a scripted demo wherever it is offered).
 */
export async function listModelChoices({ userId }: { userId: string }): Promise<ModelChoice[]> {
  return (await listEndpointsForUser({ userId })).map(({ id, name, protocol, models }) => ({
    id,
    name: protocol === "demo" ? DEMO_LABEL : name,
    protocol,
    models: [...models],
  }));
}
