// "Fetch models": asks an endpoint, saved or not, for its model list from the server, so keys
// never travel to the browser. This is the only outbound HTTP of the endpoint pages.
import "server-only";
import { findEndpointRow } from "@/lib/db/endpoints";
import { AppError } from "@/lib/errors";
import { listModels } from "@/lib/providers";
import type { EndpointInput } from "./admin";
import { assertSecretsStayWithAddress, decryptEndpointKey, mergeHeaders, storedHeaders } from "./secrets";

/**
 * With `id`, a missing key or a header value of `null` falls back to what that row stores, but only
 * when the draft keeps the row's protocol and base URL (stored secrets never go anywhere else). Throws
 * the provider's user-facing error (`provider:auth`, `provider:connection`, ...).
 */
export async function fetchEndpointModels({
  id,
  draft,
}: {
  id?: string;
  draft: Pick<EndpointInput, "name" | "protocol" | "baseURL" | "apiKey" | "headers">;
}): Promise<string[]> {
  const row = id ? await findEndpointRow({ id }) : null;
  if (id && !row) throw new AppError("not_found:endpoint");
  if (row) assertSecretsStayWithAddress(row, draft);
  let apiKey = draft.apiKey || undefined;
  if (draft.apiKey === undefined && row?.apiKeyEncrypted) {
    apiKey = decryptEndpointKey({ id: row.id, apiKeyEncrypted: row.apiKeyEncrypted });
  }
  const headers = mergeHeaders(row ? storedHeaders(row) : {}, draft.headers);
  return listModels({
    name: draft.name || "(unnamed)",
    protocol: draft.protocol,
    baseURL: draft.baseURL || undefined,
    apiKey,
    headers: headers ?? undefined,
  });
}
