import "server-only";
import { z } from "zod";
import { listUsableAgents } from "@/lib/db/agents";
import { type ApiKeyRow, insertApiKey, listUserApiKeys } from "@/lib/db/api-keys";
import { AppError } from "@/lib/errors";
import { newKeySecret } from "./key-secret";

// Creating Agents API keys: a name, an expiry (days, or none) and optionally the agents it may use
// (only agents the user may use now). The secret is returned once and never stored.

/** Expiry choices offered in Settings, in days; 0 = never. */
export const EXPIRY_DAYS = [7, 30, 90, 365, 0] as const;
const MAX_KEYS_PER_USER = 50;

export const createKeyInput = z.object({
  name: z.string().trim().min(1, "field.name_required").max(100, "field.name_long"),
  expiresInDays: z.union(
    EXPIRY_DAYS.map((d) => z.literal(d)) as [z.ZodLiteral<7>, ...z.ZodLiteral<number>[]],
  ),
  agentIds: z.array(z.string().min(1).max(100)).max(100).default([]),
  /** False: the conversations it starts stay out of the chat list and search. */
  listConversations: z.boolean().default(true),
});
export type CreateKeyInput = z.input<typeof createKeyInput>;

export async function createApiKey({
  userId,
  input: raw,
  now = new Date(),
}: {
  userId: string;
  /** Checked again here (the action checks it first, for its field errors). */
  input: CreateKeyInput;
  now?: Date;
}): Promise<{ key: ApiKeyRow; secret: string }> {
  const input = createKeyInput.parse(raw);
  const existing = await listUserApiKeys({ userId });
  if (existing.filter((k) => !k.revokedAt).length >= MAX_KEYS_PER_USER) throw new AppError("limit:api_keys");
  const agentIds = [...new Set(input.agentIds)];
  if (agentIds.length) {
    const usable = new Set((await listUsableAgents({ userId })).map((a) => a.id));
    if (agentIds.some((id) => !usable.has(id))) throw new AppError("not_found:agent");
  }
  const { secret, hash, prefix } = newKeySecret();
  const expiresAt = input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * 86_400_000) : null;
  const key = await insertApiKey({
    userId,
    name: input.name,
    keyHash: hash,
    prefix,
    agentIds,
    listConversations: input.listConversations,
    expiresAt,
  });
  return { key, secret };
}
