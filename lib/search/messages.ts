import "server-only";
import { searchMessages } from "@/lib/db/conversation-search";
import { parseSearch } from "./query";
import { makeSnippet, type Snippet } from "./snippet";

/** A message search result as the browser receives it. */
export interface MessageSearchResult {
  conversationId: string;
  title: string;
  messageId: string;
  role: "USER" | "ASSISTANT";
  snippet: Snippet;
}

/** The user's messages matching `raw`, each with its highlighted snippet; [] for an empty search. */
export async function searchUserMessages(userId: string, raw: string | null): Promise<MessageSearchResult[]> {
  const search = parseSearch(raw);
  if (!search) return [];
  const rows = await searchMessages({ userId, search });
  return rows.map((r) => ({
    conversationId: r.conversationId,
    title: r.title,
    messageId: r.messageId,
    role: r.role,
    snippet: makeSnippet(r.content, search.phrase, search.words),
  }));
}
