// The limits on attachments, from the environment (see .env.example). Shared by the upload route,
// the chat route and the composer (which checks before uploading, so a refusal comes early).
import "server-only";
import { env } from "@/lib/env";
import type { AttachPolicy } from "./format";
import type { FileKind } from "./sniff";

export interface FileLimits {
  maxBytes: number;
  maxPerMessage: number;
  allowedKinds: FileKind[];
  quotaBytes: number;
}

const MB = 1024 * 1024;

export function fileLimits(): FileLimits {
  const e = env();
  return {
    maxBytes: Math.floor(e.FILE_MAX_MB * MB),
    maxPerMessage: e.FILE_MAX_PER_MESSAGE,
    allowedKinds: e.FILE_ALLOWED_TYPES,
    quotaBytes: Math.floor(e.FILE_STORAGE_QUOTA_MB * MB),
  };
}

/** What the composer needs to check before uploading. */
export function attachPolicy(): AttachPolicy {
  const { maxBytes, maxPerMessage, allowedKinds } = fileLimits();
  return { maxBytes, maxPerMessage, allowedKinds };
}
