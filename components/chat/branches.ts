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

/** The branch choice that puts `id` on the visible path (null if there is no such message). */
export function choiceShowing(messages: ChatMessage[], id: string): Record<string, number> | null {
  const byId = new Map(messages.map((m) => [m.id, m]));
  let m = byId.get(id);
  if (!m) return null;
  const choice: Record<string, number> = {};
  while (m) {
    choice[m.parentId ?? "root"] = siblingsInfo(messages, m).index;
    m = m.parentId ? byId.get(m.parentId) : undefined;
  }
  return choice;
}
