"use client";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import type { ChatMessage } from "@/lib/chat/page-data";
import { choiceShowing } from "./branches";
import { MESSAGE_PARAM, messageElementId } from "./message-anchor";

/**
 * A link to a message (a search result): show the branch it is on, then scroll to it and focus it,
 * once per link. Call after the chat's own scroll-to-bottom effect so this one wins.
 */
export function useJumpToMessage(
  messages: ChatMessage[],
  path: ChatMessage[],
  setChoice: (choice: Record<string, number>) => void,
) {
  const target = useSearchParams().get(MESSAGE_PARAM);
  const done = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the link (target) changes
  useEffect(() => {
    if (!target) return;
    done.current = null;
    const choice = choiceShowing(messages, target);
    if (choice) setChoice(choice);
  }, [target]);

  useEffect(() => {
    if (!target || done.current === target || !path.some((m) => m.id === target)) return;
    const el = document.getElementById(messageElementId(target));
    if (!el) return;
    done.current = target;
    el.scrollIntoView({ block: "center" });
    el.focus({ preventScroll: true });
  }, [target, path]);
}
