/**
 * Where the skip link and the keyboard shortcuts move focus. Attributes, not ids: the chat list is
 * rendered twice (sidebar and phone drawer), and the first one on screen is the one meant.
 */
export const FOCUS_TARGET = {
  composer: "composer",
  searchChats: "search-chats",
} as const;

export function focusTarget(name: keyof typeof FOCUS_TARGET): boolean {
  const all = document.querySelectorAll<HTMLElement>(`[data-focus-target="${FOCUS_TARGET[name]}"]`);
  const el = [...all].find((e) => e.checkVisibility());
  el?.focus();
  return !!el;
}
