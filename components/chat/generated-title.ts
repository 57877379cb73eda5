// A new conversation's title is written by a job after its first answer (lib/chat/titles.ts): the
// chat list is read again once it has changed, so the sidebar shows it without a reload.
import type { ConversationItem } from "@/lib/chat/page-data";
import { CONVERSATIONS_CHANGED } from "./chat-events";

const TRIES = 10;
const EVERY_MS = 1500;

/** Reads the list a few times (at most 10, 1.5 s apart) until the conversation's title is not `initial`. */
export function watchGeneratedTitle(conversationId: string, initial: string): void {
  let tries = 0;
  const tick = async () => {
    tries++;
    const res = await fetch("/api/conversations", { cache: "no-store" }).catch(() => null);
    const body = res?.ok ? ((await res.json()) as { conversations: ConversationItem[] }) : null;
    const title = body?.conversations.find((c) => c.id === conversationId)?.title;
    if (title !== undefined && title !== initial) {
      window.dispatchEvent(new Event(CONVERSATIONS_CHANGED));
      return;
    }
    if (tries < TRIES) setTimeout(() => void tick(), EVERY_MS);
  };
  setTimeout(() => void tick(), EVERY_MS);
}
