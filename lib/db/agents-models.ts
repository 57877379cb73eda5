import "server-only";
import { DEMO_ENDPOINT_ID, DEMO_MODEL_ID } from "@/lib/providers/demo-constants";
import { endpointsFromEnv, withDemoEndpoint } from "@/lib/providers/env";
import type { Protocol } from "@/lib/providers/types";

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
 * Endpoints and models the user may pick for an agent: the env endpoints plus the offline demo.
 * The one place to extend with DB-stored endpoints (and per-user restrictions) later.
 */
export async function listModelChoices({ userId: _userId }: { userId: string }): Promise<ModelChoice[]> {
  return withDemoEndpoint(endpointsFromEnv()).map(({ id, name, protocol, models }) => ({
    id,
    name,
    protocol,
    models: [...models],
  }));
}
