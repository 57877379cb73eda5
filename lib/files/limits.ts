// The limits on attachments: size, files per message and storage per user are the admin's (quota
// settings, per-user overrides: Admin → Files); the kinds a server accepts are the operator's
// (FILE_ALLOWED_TYPES). Shared by the upload route, the chat route and the composer (which checks
// before uploading, so a refusal comes early).
import "server-only";
import { env } from "@/lib/env";
import { getEffectiveQuota } from "@/lib/quota/settings";
import type { AttachPolicy } from "./format";
import type { FileKind } from "./sniff";

export interface FileLimits {
  maxBytes: number;
  maxPerMessage: number;
  allowedKinds: FileKind[];
  quotaBytes: number;
}

const MB = 1024 * 1024;

/** Uploads never sent with a message are deleted after this long (on the user's next upload or by the sweep). */
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

export async function fileLimits(userId: string): Promise<FileLimits> {
  const quota = await getEffectiveQuota({ userId });
  return {
    maxBytes: quota.maxFileMegabytes * MB,
    maxPerMessage: quota.maxFilesPerMessage,
    allowedKinds: env().FILE_ALLOWED_TYPES,
    quotaBytes: quota.fileStorageMegabytes * MB,
  };
}

/** What the composer needs to check before uploading. */
export async function attachPolicy(userId: string): Promise<AttachPolicy> {
  const { maxBytes, maxPerMessage, allowedKinds } = await fileLimits(userId);
  return { maxBytes, maxPerMessage, allowedKinds };
}
