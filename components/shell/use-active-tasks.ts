"use client";
import { useEffect, useRef, useState } from "react";
import { CONVERSATIONS_CHANGED, TASKS_FINISHED } from "@/components/chat/chat-events";

/** While tasks run, how often the sidebar asks again (no tasks: it asks only after an answer ends). */
const POLL_MS = 4000;

type Active = { id: string; conversationId: string }[];
interface Answer {
  now: string;
  tasks: Active;
  ended: Active;
}

/**
 * The user's running background tasks, for the sidebar's count. Asked on load and after every
 * answer; polled only while some run. Tasks that ended since the last ask (also one that started
 * and ended in between) are said with TASKS_FINISHED, so an open chat shows the follow-up message
 * without a reload.
 */
export function useActiveTasks(): number {
  const [active, setActive] = useState<Active>([]);
  // The server's time of the last answer: the next ask gets the tasks that ended since.
  const since = useRef<string | null>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    const again = () => setAsked((n) => n + 1);
    window.addEventListener(CONVERSATIONS_CHANGED, again);
    return () => window.removeEventListener(CONVERSATIONS_CHANGED, again);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `asked` is the trigger to ask again
  useEffect(() => {
    let cancelled = false;
    const query = since.current ? `?since=${encodeURIComponent(since.current)}` : "";
    fetch(`/api/tasks/active${query}`, { cache: "no-store" })
      .then((r) => (r.ok ? (r.json() as Promise<Answer>) : null))
      .then((body) => {
        if (!body || cancelled) return;
        since.current = body.now;
        setActive(body.tasks);
        const ended = body.ended.map((t) => t.conversationId);
        if (ended.length) window.dispatchEvent(new CustomEvent(TASKS_FINISHED, { detail: ended }));
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [asked]);
  useEffect(() => {
    if (active.length === 0) return;
    const timer = setTimeout(() => setAsked((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [active]);
  return active.length;
}
