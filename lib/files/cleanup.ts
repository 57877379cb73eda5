import "server-only";
import { conversationHashes } from "@/lib/db/files";
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
