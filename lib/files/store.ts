// Where the bytes of attachments live. One interface, so an S3-compatible store can be added:
// the database always keeps the attachment rows and the per-hash record (size, extracted text);
// a store decides where the bytes go.
//
// The PostgreSQL store (the one built) keeps the bytes in the FileBlob table (bytea), because:
// one backup and one restore cover everything; a hash's bytes and the attachments that use them
// change in one transaction under one lock (no orphan files, no attachment without bytes); every
// app process behind one database sees the same files (no shared disk to mount); and it works
// unchanged on the embedded database. The cost: each download reads the whole file through the
// database, which is why files are capped (FILE_MAX_MB, 10 MB by default).
import "server-only";
import {
  type AttachmentInfo,
  deleteUnreferencedBlobs,
  insertBlobAndAttachment,
  readBlobData,
} from "@/lib/db/files";

export interface NewFile {
  sha256: string;
  data: Uint8Array;
  text: string | null;
  attachment: { userId: string; name: string; mimeType: string; kind: string; size: number };
  /** The user's storage quota: checked and taken in the same step as the save (concurrent uploads). */
  maxUserBytes: number;
}

export interface FileStore {
  /**
   * Stores the bytes (once per hash) and records the pending attachment that uses them, unless the
   * user's attachments would then take more than `maxUserBytes` (nothing stored; their use returned).
   */
  save(file: NewFile): Promise<{ saved: AttachmentInfo } | { refusedWithUsed: number }>;
  /** The bytes stored under a hash; null when they are gone. */
  read(sha256: string): Promise<Uint8Array | null>;
  /** Frees the bytes of the hashes no attachment uses any more (after attachments were deleted). */
  release(hashes: string[]): Promise<void>;
}

const postgresStore: FileStore = {
  save: ({ sha256, data, text, attachment, maxUserBytes }) =>
    insertBlobAndAttachment({
      blob: { sha256, size: data.byteLength, data, text },
      attachment,
      maxUserBytes,
    }),
  read: readBlobData,
  release: async (hashes) => {
    await deleteUnreferencedBlobs(hashes);
  },
};

export function fileStore(): FileStore {
  return postgresStore;
}
