"use client";
import { usePathname } from "next/navigation";
import { Fragment, useState } from "react";

/**
 * Gives the new-chat view a fresh identity on every visit to `/chat`.
 *
 * Once its first answer starts, the new-chat view moves the address to `/chat/<id>` with
 * `history.replaceState` and keeps streaming in place (a navigation would remount it mid-answer).
 * Next.js syncs `usePathname` with that call but the rendered page is still `/chat`'s, so a later
 * link to `/chat` ("New chat", the Chat tab, an agent card, the shortcut) renders the same element
 * again and React would keep the old conversation's state. The address returning to `/chat` is
 * what makes it a new visit: the view below is keyed by it, and starts empty.
 */
export function NewChatVisit({ agentKey, children }: { agentKey: string; children: React.ReactNode }) {
  const pathname = usePathname();
  const [seen, setSeen] = useState(pathname);
  const [visit, setVisit] = useState(0);
  // Adjusting state while rendering (React's documented pattern for "state derived from a change").
  if (pathname !== seen) {
    setSeen(pathname);
    if (pathname === "/chat") setVisit((v) => v + 1);
  }
  return <Fragment key={`${agentKey}:${visit}`}>{children}</Fragment>;
}
