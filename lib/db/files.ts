import "server-only";
import { getDb, type Tx } from "./client";
import { Prisma } from "./generated/client";

/** An attachment as the chat and the API show it (no bytes, no owner). */
export interface AttachmentInfo {
  id: string;
  name: string;
  mimeType: string;
  kind: string;
  size: number;
}

export const ATTACHMENT_INFO = { id: true, name: true, mimeType: true, kind: true, size: true } as const;
const INFO = ATTACHMENT_INFO;

// Uploads and sweeps of one hash are serialised by this transaction-scoped lock, so a sweep never
// deletes bytes that an upload is attaching at the same moment.
const lockHash = (tx: Tx, sha256: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`file:${sha256}`}, 0))`;

// A user's uploads are serialised by this one (taken before any hash lock), so the storage they
// use is counted and added to as one step: concurrent uploads can't all fit under the same room.
const lockUserStorage = (tx: Tx, userId: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`file-storage:${userId}`}, 0))`;

/** Sum of the sizes of a user's attachments, read inside `tx`. */
async function usedIn(tx: Tx, userId: string): Promise<number> {
  const agg = await tx.attachment.aggregate({ where: { userId }, _sum: { size: true } });
  return agg._sum.size ?? 0;
}

/**
 * Stores the bytes once per hash (kept when already there) and records the user's pending
 * attachment, in one transaction under the user's storage lock and the hash's lock — unless the
 * user's attachments plus this one would take more than `maxUserBytes`: then nothing is written and
 * the bytes the user's attachments take are returned.
 */
export async function insertBlobAndAttachment({
  blob,
  attachment,
  maxUserBytes,
}: {
  blob: { sha256: string; size: number; data: Uint8Array; text: string | null };
  attachment: { userId: string; name: string; mimeType: string; kind: string; size: number };
  maxUserBytes: number;
}): Promise<{ saved: AttachmentInfo } | { refusedWithUsed: number }> {
  return getDb().$transaction(async (tx) => {
    await lockUserStorage(tx, attachment.userId);
    const used = await usedIn(tx, attachment.userId);
    if (used + attachment.size > maxUserBytes) return { refusedWithUsed: used };
    await lockHash(tx, blob.sha256);
    await tx.$executeRaw`
      INSERT INTO "FileBlob" ("sha256", "size", "data", "text")
      VALUES (${blob.sha256}, ${blob.size}, ${Buffer.from(blob.data)}, ${blob.text})
      ON CONFLICT ("sha256") DO NOTHING`;
    return {
      saved: await tx.attachment.create({ data: { ...attachment, sha256: blob.sha256 }, select: INFO }),
    };
  });
}

/** Bytes stored under a hash, or null. */
export async function readBlobData(sha256: string): Promise<Uint8Array | null> {
  const row = await getDb().fileBlob.findUnique({ where: { sha256 }, select: { data: true } });
  return row?.data ?? null;
}

/** Deletes the blobs among `hashes` that no attachment uses any more; returns the deleted hashes. */
export async function deleteUnreferencedBlobs(hashes: string[]): Promise<string[]> {
  const unique = [...new Set(hashes)].sort();
  if (!unique.length) return [];
  return getDb().$transaction(async (tx) => {
    for (const h of unique) await lockHash(tx, h);
    const rows = await tx.$queryRaw<{ sha256: string }[]>`
      DELETE FROM "FileBlob" b
      WHERE b."sha256" IN (${Prisma.join(unique)})
        AND NOT EXISTS (SELECT 1 FROM "Attachment" a WHERE a."sha256" = b."sha256")
      RETURNING b."sha256"`;
    return rows.map((r) => r.sha256);
  });
}

/**
 * Hashes whose bytes no attachment uses (their attachments went with a deleted user or a failed
 * release), up to `take`: candidates for `deleteUnreferencedBlobs`, which checks again under lock.
 */
export async function unreferencedBlobHashes({ take }: { take: number }): Promise<string[]> {
  const rows = await getDb().$queryRaw<{ sha256: string }[]>`
    SELECT b."sha256" FROM "FileBlob" b
    WHERE NOT EXISTS (SELECT 1 FROM "Attachment" a WHERE a."sha256" = b."sha256")
    LIMIT ${take}`;
  return rows.map((r) => r.sha256);
}

/** An attachment of the user (any state), with its hash; null when missing or someone else's. */
export async function findOwnAttachment({ id, userId }: { id: string; userId: string }) {
  const row = await getDb().attachment.findUnique({
    where: { id },
    select: { ...INFO, userId: true, sha256: true, messageId: true, conversationId: true },
  });
  return row && row.userId === userId ? row : null;
}

/** The text stored for a hash (text files and PDFs). */
export async function readBlobText(sha256: string): Promise<string | null> {
  const row = await getDb().fileBlob.findUnique({ where: { sha256 }, select: { text: true } });
  return row?.text ?? null;
}

/** Bytes a user's attachments take, counted per attachment (what the storage quota limits). */
export async function storageUsedBy(userId: string): Promise<number> {
  const agg = await getDb().attachment.aggregate({ where: { userId }, _sum: { size: true } });
  return agg._sum.size ?? 0;
}

/** The user's attachments among `ids`, with their hash and where they are attached. */
export async function attachmentsByIds({ ids, userId }: { ids: string[]; userId: string }) {
  if (!ids.length) return [];
  return getDb().attachment.findMany({
    where: { id: { in: ids }, userId },
    select: { ...INFO, sha256: true, messageId: true, conversationId: true },
  });
}

/** Content of attachments by id: the stored text, and the bytes of images only (one query). */
export async function attachmentContents(
  ids: string[],
): Promise<Map<string, { text: string | null; data: Uint8Array | null }>> {
  if (!ids.length) return new Map();
  const rows = await getDb().$queryRaw<{ id: string; text: string | null; data: Uint8Array | null }[]>`
    SELECT a."id", b."text", CASE WHEN a."kind" = 'image' THEN b."data" END AS "data"
    FROM "Attachment" a JOIN "FileBlob" b ON b."sha256" = a."sha256"
    WHERE a."id" IN (${Prisma.join([...new Set(ids)])})`;
  return new Map(rows.map((r) => [r.id, { text: r.text, data: r.data }]));
}

/**
 * Makes attachments part of a sent message: pending ones are linked; ones already on another
 * message (edit and resend) are copied onto this one, sharing the stored bytes.
 */
export async function attachToMessage({
  userId,
  conversationId,
  messageId,
  attachments,
}: {
  userId: string;
  conversationId: string;
  messageId: string;
  attachments: {
    id: string;
    messageId: string | null;
    name: string;
    mimeType: string;
    kind: string;
    size: number;
    sha256: string;
  }[];
}) {
  const pending = attachments.filter((a) => !a.messageId).map((a) => a.id);
  const copies = attachments.filter((a) => a.messageId && a.messageId !== messageId);
  await getDb().$transaction(async (tx) => {
    if (pending.length)
      await tx.attachment.updateMany({
        where: { id: { in: pending }, userId, messageId: null },
        data: { messageId, conversationId },
      });
    for (const a of copies) {
      await lockHash(tx, a.sha256);
      await tx.attachment.create({
        data: {
          userId,
          conversationId,
          messageId,
          name: a.name,
          mimeType: a.mimeType,
          kind: a.kind,
          size: a.size,
          sha256: a.sha256,
        },
      });
    }
  });
}

/** Hashes of a conversation's attachments (read before the conversation is deleted). */
export async function conversationHashes(conversationId: string): Promise<string[]> {
  const rows = await getDb().attachment.findMany({
    where: { conversationId },
    select: { sha256: true },
    distinct: ["sha256"],
  });
  return rows.map((r) => r.sha256);
}

/** Deletes a pending attachment of the user; returns its hash (null when none was deleted). */
export async function deletePendingAttachment({ id, userId }: { id: string; userId: string }) {
  const row = await findOwnAttachment({ id, userId });
  if (!row || row.messageId) return null;
  const { count } = await getDb().attachment.deleteMany({ where: { id, userId, messageId: null } });
  return count ? row.sha256 : null;
}

/**
 * Deletes uploads never sent with a message, older than `before` (one user's, or anyone's up to
 * `take`); returns their hashes.
 */
export async function deleteStalePending({
  userId,
  before,
  take,
}: {
  userId?: string;
  before: Date;
  take?: number;
}) {
  const candidates = await getDb().attachment.findMany({
    where: { ...(userId ? { userId } : {}), messageId: null, createdAt: { lt: before } },
    select: { id: true, sha256: true, userId: true, name: true },
    take,
  });
  // An upload an eval case names is that suite's file, not a forgotten one: it stays.
  const kept = await evalCaseFileNames([...new Set(candidates.map((r) => r.userId))]);
  const rows = candidates.filter((r) => !kept.has(`${r.userId}\u0000${r.name}`));
  if (!rows.length) return [];
  await getDb().attachment.deleteMany({ where: { id: { in: rows.map((r) => r.id) }, messageId: null } });
  return rows.map((r) => r.sha256);
}

/** "owner\u0000name" of every file the eval cases of these users' agents name. */
async function evalCaseFileNames(userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await getDb().$queryRaw<Array<{ userId: string; name: string }>>`
    SELECT DISTINCT g."ownerId" AS "userId", f.name
    FROM "EvalCase" c
    JOIN "EvalSuite" s ON s.id = c."suiteId"
    JOIN "Agent" g ON g.id = s."agentId"
    CROSS JOIN LATERAL unnest(c.files) AS f(name)
    WHERE g."ownerId" = ANY(${userIds})`;
  return new Set(rows.map((r) => `${r.userId}\u0000${r.name}`));
}

/** The user's newest attachment of each of these names (an eval case's files); absent names are missing. */
export async function newestAttachmentsByName({
  userId,
  names,
}: {
  userId: string;
  names: string[];
}): Promise<Map<string, AttachmentInfo>> {
  if (!names.length) return new Map();
  const rows = await getDb().attachment.findMany({
    where: { userId, name: { in: names } },
    orderBy: { createdAt: "desc" },
    select: INFO,
  });
  const byName = new Map<string, AttachmentInfo>();
  for (const r of rows) if (!byName.has(r.name)) byName.set(r.name, r);
  return byName;
}
