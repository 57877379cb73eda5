// A user's own API keys for endpoints that accept them: stored encrypted (bound to user and
// endpoint), shown masked, used instead of the shared key in that user's chats.
import "server-only";
import {
  deleteUserKeyRow,
  findEndpointForUser,
  listPersonalKeyRows,
  saveUserKeyRow,
} from "@/lib/db/endpoints";
import { AppError } from "@/lib/errors";
import type { Protocol } from "@/lib/providers";
import { encryptUserKey, keyHint, last4 } from "./secrets";

/** An endpoint that accepts personal keys, as its user sees it on the settings page. */
export interface PersonalKeySlot {
  endpointId: string;
  name: string;
  protocol: Protocol;
  /** The user's own key, masked; null when they have none. */
  keyHint: string | null;
  /** Whether the endpoint has a shared key to fall back on. */
  hasSharedKey: boolean;
}

/** Endpoints the user may use that accept personal keys, with the user's own key masked. */
export async function listPersonalKeySlots({ userId }: { userId: string }): Promise<PersonalKeySlot[]> {
  const rows = await listPersonalKeyRows({ userId });
  return rows.map((r) => ({
    endpointId: r.id,
    name: r.name,
    protocol: r.protocol as Protocol,
    keyHint: r.userKeys[0] ? keyHint(r.userKeys[0].keyEncrypted, r.userKeys[0].keyLast4) : null,
    hasSharedKey: Boolean(r.apiKeyEncrypted),
  }));
}

/** A user's own key for an endpoint that allows it (replaces the previous one). */
export async function setUserEndpointKey({
  userId,
  endpointId,
  apiKey,
}: {
  userId: string;
  endpointId: string;
  apiKey: string;
}): Promise<void> {
  const row = await findEndpointForUser({ id: endpointId, userId });
  if (!row || (row.restricted && row.users.length === 0)) {
    throw new AppError("not_found:endpoint");
  }
  if (!row.allowUserKeys) {
    throw new AppError("forbidden:endpoint", { key: "forbidden.endpoint_personal_keys" });
  }
  await saveUserKeyRow({
    userId,
    endpointId,
    keyEncrypted: encryptUserKey(userId, endpointId, apiKey),
    keyLast4: last4(apiKey),
  });
}

export async function removeUserEndpointKey({ userId, endpointId }: { userId: string; endpointId: string }) {
  await deleteUserKeyRow({ userId, endpointId });
}
