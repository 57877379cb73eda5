"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { MessageTree, TraceNode } from "@/lib/agents/trace";

export interface QueuedMessage {
  id: string;
  text: string;
}

/** The texts of the steering notes of a trace (where the root agent received them). */
function steeredTexts(tree: MessageTree | null | undefined): Set<string> {
  const out = new Set<string>();
  const walk = (nodes: TraceNode[]) => {
    for (const n of nodes) if (n.type === "steer") out.add(n.text);
  };
  if (tree) walk(tree.content);
  return out;
}

/**
 * Steer and Queue while an answer runs. Queued messages live in this page (a visible list the user
 * can prune) and go out one by one as the next turns once the answer has ended. Steer hands the text
 * to the running answer's root agent through the server (any process); one the answer ended without
 * reading — it was already writing its last words, or had ended — joins the front of the queue.
 */
export function useSteerQueue({
  running,
  runId,
  assistantId,
  treeOf,
  send,
}: {
  running: boolean;
  runId: string | undefined;
  /** The message of the answer being written. */
  assistantId: string | undefined;
  /** A stored answer's trace (its steering notes say what its root agent read). */
  treeOf: (messageId: string) => MessageTree | null | undefined;
  /** Sends a message as the next turn; resolves when that answer has ended. */
  send: (text: string) => Promise<unknown>;
}) {
  const [queued, setQueued] = useState<QueuedMessage[]>([]);
  /** Steered texts, with the answer they went to, until that answer has ended. */
  const steered = useRef<{ text: string; messageId: string | undefined }[]>([]);
  const sending = useRef(false);
  const [, setTick] = useState(0);

  const queue = useCallback((text: string) => {
    setQueued((q) => [...q, { id: Math.random().toString(36).slice(2), text }]);
  }, []);
  const remove = useCallback((id: string) => setQueued((q) => q.filter((m) => m.id !== id)), []);

  /** Resolves false when the server refused the text (the caller keeps the draft). */
  const steer = useCallback(
    async (text: string): Promise<boolean> => {
      if (!runId) {
        queue(text);
        return true;
      }
      const res = await fetch(`/api/chat/runs/${encodeURIComponent(runId)}/steer`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ text }),
      }).catch(() => null);
      if (res?.ok) {
        steered.current.push({ text, messageId: assistantId });
        return true;
      }
      // The answer ended meanwhile: the message becomes the next turn instead.
      if (res?.status === 404) {
        queue(text);
        return true;
      }
      return false;
    },
    [runId, assistantId, queue],
  );

  useEffect(() => {
    if (running || sending.current) return;
    if (steered.current.length) {
      // Not the last message: a background task's follow-up may have come after the answer.
      const unread = steered.current
        .filter((s) => !s.messageId || !steeredTexts(treeOf(s.messageId)).has(s.text))
        .map((s) => s.text);
      steered.current = [];
      if (unread.length) {
        setQueued((q) => [
          ...unread.map((text) => ({ id: Math.random().toString(36).slice(2), text })),
          ...q,
        ]);
        return;
      }
    }
    const [next, ...rest] = queued;
    if (!next) return;
    setQueued(rest);
    sending.current = true;
    void send(next.text).finally(() => {
      sending.current = false;
      setTick((n) => n + 1);
    });
  }, [running, queued, treeOf, send]);

  return { queued, queue, remove, steer };
}
