// The endpoint an agent runs on, resolved for the user who runs it: the demo (unless switched
// off), an environment endpoint, or a stored one they may use, with the key their chats use (their
// own key where the endpoint allows it, else the shared one). The result holds plain secrets:
// it stays on the server, inside the model factory.
import "server-only";
import { findEndpointForUser, findUserKeyRow } from "@/lib/db/endpoints";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { demoEndpoint, type EndpointDefinition, type Protocol } from "@/lib/providers";
import { envEndpoints } from "./catalog";
import { decryptEndpointKey, decryptUserKey, readSecret, storedHeaders } from "./secrets";

/** Throws `not_found:endpoint` when it no longer exists and `forbidden:endpoint` for a restricted one. */
export async function resolveEndpointForUser({
  id,
  userId,
}: {
  id: string;
  userId: string;
}): Promise<EndpointDefinition> {
  if (id === demoEndpoint().id || id === "demo") {
    if (env().DEMO_ENDPOINT === "off") {
      throw new AppError("bad_request:endpoint", { key: "bad_request.demo_off" });
    }
    return demoEndpoint();
  }
  const fromEnv = envEndpoints().find((e) => e.id === id);
  if (fromEnv) return fromEnv;
  const row = await findEndpointForUser({ id, userId });
  if (!row) throw new AppError("not_found:endpoint", { key: "not_found.agent_endpoint" });
  if (row.restricted && row.users.length === 0) {
    throw new AppError("forbidden:endpoint", { values: { endpoint: row.name } });
  }
  const userKey = row.allowUserKeys ? await findUserKeyRow({ userId, endpointId: id }) : null;
  const { apiKeyEncrypted } = row;
  const apiKey = userKey
    ? readSecret(row.name, () => decryptUserKey(userId, id, userKey.keyEncrypted))
    : apiKeyEncrypted
      ? readSecret(row.name, () => decryptEndpointKey({ id, apiKeyEncrypted }))
      : undefined;
  const headers = row.headersEncrypted ? readSecret(row.name, () => storedHeaders(row)) : undefined;
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol as Protocol,
    baseURL: row.baseURL ?? undefined,
    apiKey,
    headers,
    models: row.models,
    source: "db",
  };
}
