import "server-only";
import { getDb } from "./client";

// Shared links (lib/shares holds the policy): queries only.

export interface ShareSummary {
  id: string;
  conversationId: string;
  conversationTitle: string;
  messageId: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

const SUMMARY = {
  id: true,
  conversationId: true,
  messageId: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  conversation: { select: { title: true } },
} as const;

type SummaryRow = {
  id: string;
  conversationId: string;
  messageId: string;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  conversation: { title: string };
};

const toSummary = ({ conversation, ...r }: SummaryRow): ShareSummary => ({
  ...r,
  conversationTitle: conversation.title,
});

/** Whether the message is one of the conversation's, and the conversation the user's. */
export async function ownsMessage({
  userId,
  conversationId,
  messageId,
}: {
  userId: string;
  conversationId: string;
  messageId: string;
}): Promise<boolean> {
  const row = await getDb().message.findFirst({
    where: { id: messageId, conversationId, conversation: { userId } },
    select: { id: true },
  });
  return row !== null;
}

export async function insertShare(data: {
  userId: string;
  conversationId: string;
  messageId: string;
  tokenHash: string;
  expiresAt: Date | null;
}): Promise<ShareSummary> {
  return toSummary(await getDb().conversationShare.create({ data, select: SUMMARY }));
}

/** The user's links, newest first (revoked and expired ones too: the list says which). */
export async function listSharesForUser({
  userId,
  conversationId,
}: {
  userId: string;
  conversationId?: string;
}): Promise<ShareSummary[]> {
  const rows = await getDb().conversationShare.findMany({
    where: { userId, ...(conversationId ? { conversationId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
    select: SUMMARY,
  });
  return rows.map(toSummary);
}

/** Revokes one of the user's live links; false when it isn't theirs or was already revoked. */
export async function revokeShareOfUser({ userId, id }: { userId: string; id: string }): Promise<boolean> {
  const { count } = await getDb().conversationShare.updateMany({
    where: { id, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count === 1;
}

/** The link a token hash names, with what it opens onto. */
export function findShareByHash({ tokenHash }: { tokenHash: string }) {
  return getDb().conversationShare.findUnique({
    where: { tokenHash },
    select: {
      id: true,
      conversationId: true,
      messageId: true,
      expiresAt: true,
      revokedAt: true,
      conversation: { select: { title: true, expiresAt: true } },
    },
  });
}
