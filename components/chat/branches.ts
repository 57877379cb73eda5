import type { ChatMessage } from "@/lib/chat/page-data";

/** Children of each message (null = top level), oldest first. */
export function childrenOf(messages: ChatMessage[]): Map<string | null, ChatMessage[]> {
  const index = new Map<string | null, ChatMessage[]>();
  for (const m of messages) {
    const list = index.get(m.parentId) ?? [];
    list.push(m);
    index.set(m.parentId, list);
  }
  return index;
}

/**
 * The branch to show: from the top, at each level the child picked by the user (`choice`, keyed
 * by parent id) or else the newest one.
 */
export function visiblePath(messages: ChatMessage[], choice: Record<string, number>): ChatMessage[] {
  const index = childrenOf(messages);
  const path: ChatMessage[] = [];
  let parent: string | null = null;
  for (;;) {
    const kids: ChatMessage[] = index.get(parent) ?? [];
    if (!kids.length) return path;
    const key = parent ?? "root";
    const pick: ChatMessage = kids[Math.min(choice[key] ?? kids.length - 1, kids.length - 1)];
    path.push(pick);
    parent = pick.id;
  }
}

export function siblingsInfo(messages: ChatMessage[], message: ChatMessage) {
  const siblings = messages.filter((m) => m.parentId === message.parentId);
  return { index: siblings.findIndex((m) => m.id === message.id), count: siblings.length };
}
