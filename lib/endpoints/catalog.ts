// Which endpoints exist for whom: the stored ones (restricted ones only for their users), the
// environment ones, and the offline demo when it is offered. What leaves here never holds a key.
import "server-only";
import { type EndpointRow, listEndpointRows } from "@/lib/db/endpoints";
import { providerEnv } from "@/lib/env";
import {
  DEMO_ENDPOINT_ID,
  DEMO_MODEL_ID,
  type EndpointDefinition,
  endpointsFromEnv,
  maskKey,
  type Protocol,
  withDemoEndpoint,
} from "@/lib/providers";
import { keyHint } from "./secrets";

/** What the admin UI and the browser may see of an endpoint: never the key itself. */
export interface EndpointSummary {
  id: string;
  name: string;
  protocol: Protocol;
  baseURL: string | null;
  models: string[];
  source: "env" | "db" | "builtin";
  /** `••••abcd` (last 4 characters only), or null when no key is stored. */
  keyHint: string | null;
  hasHeaders: boolean;
  restricted: boolean;
  allowUserKeys: boolean;
  /** Admin views only; empty in what `listEndpointsForUser` returns. */
  allowedUserIds: string[];
}

export function summaryOf(r: EndpointRow): EndpointSummary {
  return {
    id: r.id,
    name: r.name,
    protocol: r.protocol as Protocol,
    baseURL: r.baseURL,
    models: r.models,
    source: "db",
    keyHint: keyHint(r.apiKeyEncrypted, r.apiKeyLast4),
    hasHeaders: Boolean(r.headersEncrypted),
    restricted: r.restricted,
    allowUserKeys: r.allowUserKeys,
    allowedUserIds: r.users.map((u) => u.userId),
  };
}

function envSummary(e: EndpointDefinition): EndpointSummary {
  return {
    id: e.id,
    name: e.name,
    protocol: e.protocol,
    baseURL: e.baseURL ?? null,
    models: e.models,
    source: e.source,
    keyHint: e.apiKey ? maskKey(e.apiKey) || null : null,
    hasHeaders: Boolean(e.headers && Object.keys(e.headers).length),
    restricted: false,
    allowUserKeys: false,
    allowedUserIds: [],
  };
}

/** The environment's ready-made endpoints. */
export function envEndpoints(): EndpointDefinition[] {
  return endpointsFromEnv(providerEnv());
}

/** The demo endpoint when it is offered next to `configured` (DEMO_ENDPOINT=on, or auto with nothing else). */
function offeredDemo(configured: EndpointSummary[]): EndpointSummary[] {
  const asDefinitions = configured.map((e) => ({ ...e, baseURL: e.baseURL ?? undefined }));
  const demo = withDemoEndpoint(asDefinitions as EndpointDefinition[], providerEnv()).filter(
    (e) => e.protocol === "demo",
  );
  return demo.map(envSummary);
}

export async function listDbEndpoints(): Promise<EndpointSummary[]> {
  return (await listEndpointRows()).map(summaryOf);
}

/** Every endpoint on this server for the admin page: stored, environment, and the demo when offered. */
export async function listAllEndpoints(): Promise<EndpointSummary[]> {
  const stored = await listDbEndpoints();
  const env = envEndpoints().map(envSummary);
  return [...stored, ...env, ...offeredDemo([...env, ...stored])];
}

/** Every endpoint a user may pick models from: env ones, stored ones they may use, and the demo. */
export async function listEndpointsForUser({ userId }: { userId: string }): Promise<EndpointSummary[]> {
  const stored = (await listDbEndpoints())
    .filter((e) => !e.restricted || e.allowedUserIds.includes(userId))
    .map((e) => ({ ...e, allowedUserIds: [] }));
  const env = envEndpoints().map(envSummary);
  return [...env, ...stored, ...offeredDemo([...env, ...stored])];
}

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
 * Endpoints and models the user may pick for an agent. The demo's name is its stored one: pages
 * label it by protocol in the reader's language (the catalog's endpoints.demoLabel).
 */
export async function listModelChoices({ userId }: { userId: string }): Promise<ModelChoice[]> {
  return (await listEndpointsForUser({ userId })).map(({ id, name, protocol, models }) => ({
    id,
    name,
    protocol,
    models: [...models],
  }));
}
