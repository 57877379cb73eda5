// My files (Settings → My files, and the composer's "From my files"): the user's uploads, one entry
// per file (the same bytes under the same name, however often sent), where each is used, and the
// storage they take against the user's quota.
import "server-only";
import { storageUsedBy } from "@/lib/db/files";
import { userAttachmentRows } from "@/lib/db/my-files";
import { fileLimits } from "./limits";

export interface MyFile {
  /** The newest attachment of this file: what the composer sends again, and what Delete removes. */
  id: string;
  name: string;
  mimeType: string;
  kind: string;
  size: number;
  createdAt: string;
  /** The conversations it was sent in (newest first); empty for an upload never sent. */
  usedIn: Array<{ id: string; title: string }>;
}

export interface MyFiles {
  files: MyFile[];
  /** Bytes the user's attachments take (each sent copy counts) and the quota, in bytes. */
  used: number;
  quota: number;
}

export async function myFiles(userId: string): Promise<MyFiles> {
  const [rows, used, limits] = await Promise.all([
    userAttachmentRows(userId),
    storageUsedBy(userId),
    fileLimits(userId),
  ]);
  const byFile = new Map<string, MyFile>();
  for (const r of rows) {
    const key = `${r.sha256}\u0000${r.name}`;
    let file = byFile.get(key);
    if (!file) {
      file = {
        id: r.id,
        name: r.name,
        mimeType: r.mimeType,
        kind: r.kind,
        size: r.size,
        createdAt: r.createdAt.toISOString(),
        usedIn: [],
      };
      byFile.set(key, file);
    }
    if (r.messageId && r.conversation && !file.usedIn.some((c) => c.id === r.conversation?.id)) {
      file.usedIn.push({ id: r.conversation.id, title: r.conversation.title });
    }
  }
  return { files: [...byFile.values()], used, quota: limits.quotaBytes };
}
