// The admin's endpoints: read one for the edit form (names of headers, never values or keys),
// create, update and delete. Names must be unique, also against the ready-made endpoints.
import "server-only";
import { isUniqueViolation } from "@/lib/db/client";
import {
  countAgentsOnEndpoint,
  deleteEndpointRow,
  type EndpointColumns,
  endpointNameTaken,
  findEndpointRow,
  findEndpointSummaryRow,
  findEndpointWithEmails,
  insertEndpoint,
  updateEndpointRow,
} from "@/lib/db/endpoints";
import { AppError, text } from "@/lib/errors";
import { DEMO_ENDPOINT_NAME, type Protocol, SecretError } from "@/lib/providers";
import { type EndpointSummary, envEndpoints, summaryOf } from "./catalog";
import { assertSecretsStayWithAddress, decryptEndpointKey, secretColumns, storedHeaders } from "./secrets";

/** The admin's view of a stored endpoint: who may use it and the names (never values) of its headers. */
export interface AdminEndpoint extends EndpointSummary {
  allowedEmails: string[];
  headerNames: string[];
  /** True when the stored key or headers can no longer be decrypted (encryption key changed). */
  secretsUnreadable: boolean;
  /** Agents that use this endpoint (they stop working when it is deleted). */
  agentCount: number;
}

export interface EndpointInput {
  name: string;
  protocol: Protocol;
  baseURL?: string | null;
  /** undefined = keep the stored key; "" = remove it. */
  apiKey?: string;
  /**
   * undefined = keep all stored headers; {} = remove them. Otherwise the new set of headers, where a
   * `null` value keeps the stored value of that header (the form never receives header values).
   */
  headers?: Record<string, string | null>;
  models: string[];
  restricted: boolean;
  allowUserKeys: boolean;
  allowedUserIds: string[];
}

const gone = () => new AppError("not_found:endpoint");
const nameTaken = () =>
  new AppError("conflict:endpoint_name", { fields: { name: text("conflict.endpoint_name") } });

/** One stored endpoint for the admin's edit form (no key, no header values). */
export async function getAdminEndpoint({ id }: { id: string }): Promise<AdminEndpoint> {
  const row = await findEndpointWithEmails({ id });
  if (!row) throw gone();
  let headerNames: string[] = [];
  let secretsUnreadable = false;
  try {
    headerNames = Object.keys(storedHeaders(row));
    if (row.apiKeyEncrypted) decryptEndpointKey({ id, apiKeyEncrypted: row.apiKeyEncrypted });
  } catch (err) {
    if (!(err instanceof SecretError)) throw err;
    secretsUnreadable = true;
  }
  return {
    ...summaryOf({ ...row, users: row.users.map((u) => ({ userId: u.userId })) }),
    allowedEmails: row.users.map((u) => u.user.email).sort(),
    headerNames,
    secretsUnreadable,
    agentCount: await countAgentsOnEndpoint({ id }),
  };
}

/** Names taken by ready-made endpoints too (the chat keys endpoints by name). */
async function assertNameFree(name: string, exceptId?: string) {
  const lower = name.trim().toLowerCase();
  const builtin = [...envEndpoints().map((e) => e.name), DEMO_ENDPOINT_NAME];
  if (
    builtin.some((n) => n.toLowerCase() === lower) ||
    (await endpointNameTaken({ name: name.trim(), exceptId }))
  ) {
    throw nameTaken();
  }
}

function columnsOf(input: EndpointInput): EndpointColumns {
  return {
    name: input.name.trim(),
    protocol: input.protocol,
    baseURL: input.baseURL || null,
    models: input.models,
    restricted: input.restricted,
    allowUserKeys: input.allowUserKeys,
  };
}

export async function createEndpoint({ input }: { input: EndpointInput }): Promise<EndpointSummary> {
  await assertNameFree(input.name);
  try {
    const { id } = await insertEndpoint({
      columns: columnsOf(input),
      allowedUserIds: input.allowedUserIds,
      secretsFor: (newId) => secretColumns(newId, input, {}),
    });
    return summaryOf(await findEndpointSummaryRow({ id }));
  } catch (err) {
    throw isUniqueViolation(err) ? nameTaken() : err;
  }
}

export async function updateEndpoint({
  id,
  input,
}: {
  id: string;
  input: EndpointInput;
}): Promise<EndpointSummary> {
  const existing = await findEndpointRow({ id });
  if (!existing) throw gone();
  assertSecretsStayWithAddress(existing, {
    protocol: input.protocol,
    baseURL: input.baseURL || null,
    apiKey: input.apiKey,
    headers: input.headers,
  });
  await assertNameFree(input.name, id);
  // Header values the form left empty keep their stored value.
  const needsStored = input.headers && Object.values(input.headers).some((v) => v === null);
  const stored = needsStored ? storedHeaders(existing) : {};
  try {
    await updateEndpointRow({
      id,
      columns: columnsOf(input),
      secrets: secretColumns(id, input, stored),
      allowedUserIds: input.allowedUserIds,
    });
  } catch (err) {
    throw isUniqueViolation(err) ? nameTaken() : err;
  }
  return summaryOf(await findEndpointSummaryRow({ id }));
}

export async function deleteEndpoint({ id }: { id: string }): Promise<void> {
  if (!(await deleteEndpointRow({ id }))) throw gone();
}
