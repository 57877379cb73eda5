import type { StoredMessage } from "@/lib/db/conversations";
import type { AttachmentInfo } from "@/lib/db/files";

/** The messages from the first one down to `leafId` by parent links (one branch of the tree). */
export function pathTo(messages: StoredMessage[], leafId: string | null): StoredMessage[] {
  if (!leafId) return [];
  const byId = new Map(messages.map((m) => [m.id, m]));
  const path: StoredMessage[] = [];
  let cur = byId.get(leafId);
  const seen = new Set<string>();
  while (cur && !seen.has(cur.id)) {
    seen.add(cur.id);
    path.push(cur);
    cur = cur.parentId ? byId.get(cur.parentId) : undefined;
  }
  return path.reverse();
}

export interface EngineHistory {
  messages: { role: "user" | "assistant"; content: string; attachments?: AttachmentInfo[] }[];
  /** Stored message id of each engine message (same order). */
  ids: string[];
}

/** Engine history for a branch: user text and the assistant's final text (failed empty answers skipped). */
export function toEngineHistory(path: StoredMessage[]): EngineHistory {
  const kept = path.filter((m) => m.role === "USER" || m.content.trim().length > 0);
  return {
    messages: kept.map((m) => ({
      role: m.role === "USER" ? "user" : "assistant",
      content: m.content,
      ...(m.attachments?.length ? { attachments: m.attachments } : {}),
    })),
    ids: kept.map((m) => m.id),
  };
}

/** Stored on an assistant message's parts when its run summarized older messages. */
export interface StoredSummary {
  summary?: string;
  /** The last stored message the summary covers; later messages are sent verbatim. */
  summaryUpTo?: string;
}

/**
 * The newest summary on a branch and the messages after what it covers: the next run starts from
 * that summary instead of summarizing the whole conversation again.
 */
export function applyStoredSummary(path: StoredMessage[]): {
  initialSummary?: string;
  rest: StoredMessage[];
} {
  for (let i = path.length - 1; i >= 0; i--) {
    const parts = path[i].parts as (StoredSummary & object) | null;
    if (path[i].role !== "ASSISTANT" || !parts?.summary || !parts.summaryUpTo) continue;
    const upTo = path.findIndex((m) => m.id === parts.summaryUpTo);
    if (upTo === -1) continue;
    return { initialSummary: parts.summary, rest: path.slice(upTo + 1) };
  }
  return { rest: path };
}
