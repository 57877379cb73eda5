// Shared by server messages and the composer's chips.

/** "512 B", "14 KB", "3.2 MB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  const mb = n / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

/** What the composer may attach, as the chat page hands it to the browser. */
export interface AttachPolicy {
  maxBytes: number;
  maxPerMessage: number;
  allowedKinds: ("text" | "pdf" | "image")[];
}
