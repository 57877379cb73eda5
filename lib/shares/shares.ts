// Shared links: a read-only view of one conversation up to one message, opened by an unguessable
// token (only its SHA-256 is stored). Revoked, expired or naming a conversation that is gone, a
// token reads as nothing at all: the page answers 404 without saying which.
import "server-only";
import { z } from "zod";
import { closeInterrupted } from "@/lib/agents/trace";
import { pathTo } from "@/lib/chat/history";
import type { ChatMessage } from "@/lib/chat/page-data";
import { storedErrorMessage } from "@/lib/chat/stored-error";
import { temporaryUntil } from "@/lib/db/chat-settings";
import { getConversationForUser, listMessages, type StoredMessage } from "@/lib/db/conversations";
import {
  findShareByHash,
  insertShare,
  listSharesForUser,
  ownsMessage,
  revokeShareOfUser,
  type ShareSummary,
} from "@/lib/db/shares";
import { AppError } from "@/lib/errors";
import type { ErrorWriter } from "@/lib/http/error-writer";
import { hashSecretToken, looksLikeSecretToken, newSecretToken } from "@/lib/util/secret-token";

export const SHARE_PREFIX = "sh_";

/** How long a link lives, in days (null = until revoked). */
export const SHARE_EXPIRY = { never: null, "1d": 1, "7d": 7, "30d": 30 } as const;
export type ShareExpiry = keyof typeof SHARE_EXPIRY;
export const SHARE_EXPIRY_CHOICES = Object.keys(SHARE_EXPIRY) as ShareExpiry[];

const id = z.string().trim().min(1).max(64);

export const createShareSchema = z.object({
  conversationId: id,
  /** The last message shown; default: the latest message of the conversation's newest branch. */
  messageId: id.optional(),
  expiresIn: z.enum(SHARE_EXPIRY_CHOICES as [ShareExpiry, ...ShareExpiry[]]).default("never"),
});
export type CreateShareInput = z.input<typeof createShareSchema>;

export const shareNotFound = () => new AppError("not_found:share");

/** The newest message of the newest branch (the newest child at each level), as the chat shows it. */
function latestOfNewestBranch(messages: StoredMessage[]): string | null {
  let parent: string | null = null;
  let last: string | null = null;
  for (;;) {
    const kids = messages.filter((m) => m.parentId === parent);
    const pick = kids.at(-1);
    if (!pick) return last;
    last = pick.id;
    parent = pick.id;
  }
}

/** Creates a link to the user's conversation; the token is in the answer once and never stored. */
export async function createShare({
  userId,
  input,
  now = new Date(),
}: {
  userId: string;
  input: CreateShareInput;
  now?: Date;
}): Promise<{ token: string; share: ShareSummary }> {
  const parsed = createShareSchema.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request:share");
  const { conversationId, expiresIn } = parsed.data;
  // Someone else's conversation is a missing one (the same 404).
  await getConversationForUser({ id: conversationId, userId });
  // A temporary chat is about to be deleted: it gets no link.
  if (await temporaryUntil({ id: conversationId, userId })) throw new AppError("bad_request:share_temporary");
  const messageId = parsed.data.messageId ?? latestOfNewestBranch(await listMessages({ conversationId }));
  if (!messageId || !(await ownsMessage({ userId, conversationId, messageId }))) {
    throw new AppError("bad_request:share_message");
  }
  const days = SHARE_EXPIRY[expiresIn];
  const { secret, hash } = newSecretToken(SHARE_PREFIX);
  const share = await insertShare({
    userId,
    conversationId,
    messageId,
    tokenHash: hash,
    expiresAt: days === null ? null : new Date(now.getTime() + days * 86_400_000),
  });
  return { token: secret, share };
}

export function listShares({ userId, conversationId }: { userId: string; conversationId?: string }) {
  return listSharesForUser({ userId, conversationId });
}

/** Revokes one of the user's links; someone else's (or an unknown one) is a 404. */
export async function revokeShare({ userId, id }: { userId: string; id: string }): Promise<void> {
  if (!(await revokeShareOfUser({ userId, id }))) throw shareNotFound();
}

/** Whether a link is live at `now`. */
export const isLive = (s: { revokedAt: Date | null; expiresAt: Date | null }, now: Date) =>
  !s.revokedAt && (!s.expiresAt || s.expiresAt > now);

/** A message as the share page shows it: files by name only (they are not served through a link). */
export type SharedMessage = Omit<ChatMessage, "attachments" | "pausedRunId"> & {
  attachments: { name: string }[];
};

export interface SharedConversation {
  title: string;
  messages: SharedMessage[];
}

/**
 * What a token opens onto, read only: the path from the first message to the shared one. Null for
 * a malformed, unknown, revoked or expired token, or a temporary chat past its time.
 */
export async function readShare({
  token,
  write,
  now = new Date(),
}: {
  token: string;
  /** Words stored errors in the reader's language. */
  write: ErrorWriter;
  now?: Date;
}): Promise<SharedConversation | null> {
  if (!looksLikeSecretToken(token, SHARE_PREFIX)) return null;
  const share = await findShareByHash({ tokenHash: hashSecretToken(token) });
  if (!share || !isLive(share, now)) return null;
  const gone = share.conversation.expiresAt;
  if (gone && gone <= now) return null;
  const path = pathTo(await listMessages({ conversationId: share.conversationId }), share.messageId);
  return {
    title: share.conversation.title,
    messages: path.map((m) => ({
      id: m.id,
      parentId: m.parentId,
      role: m.role,
      content: m.content,
      parts: m.status === "INTERRUPTED" && m.parts ? closeInterrupted(m.parts) : m.parts,
      status: m.status,
      error: m.error ? { code: m.error.code, message: storedErrorMessage(m.error, write) } : null,
      usage: m.usage,
      agentId: null,
      createdAt: m.createdAt.toISOString(),
      attachments: m.attachments.map((a) => ({ name: a.name })),
    })),
  };
}
