import "server-only";
import { conversationHashes, deleteStalePending, unreferencedBlobHashes } from "@/lib/db/files";
import { PENDING_TTL_MS } from "./limits";
import { fileStore } from "./store";

/**
 * Runs a deletion of a conversation (its attachments go with it, by cascade) and then frees the
 * stored bytes no other attachment uses; content shared by hash with another message stays.
 */
export async function releasingConversationFiles<T>(
  conversationId: string,
  remove: () => Promise<T>,
): Promise<T> {
  const hashes = await conversationHashes(conversationId);
  const out = await remove();
  if (hashes.length) await fileStore().release(hashes);
  return out;
}

/** Rows per batch of the sweep (a later sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * The server's periodic housekeeping of files: uploads left in a composer and never sent, older than
 * a day (anyone's, not only on that user's next upload), and bytes no attachment uses any more —
 * those of a deleted account's attachments, or a release that failed. Returns the uploads deleted
 * and the stored contents freed.
 */
export async function sweepFiles({ now = new Date() }: { now?: Date } = {}): Promise<{
  pending: number;
  blobs: number;
}> {
  const stale = await deleteStalePending({
    before: new Date(now.getTime() - PENDING_TTL_MS),
    take: SWEEP_BATCH,
  });
  // After the stale uploads went: their bytes are among these unless another attachment uses them.
  const orphans = await unreferencedBlobHashes({ take: SWEEP_BATCH });
  if (orphans.length) await fileStore().release(orphans);
  return { pending: stale.length, blobs: orphans.length };
}
