"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import type { RunEvent } from "@/lib/agents/events";
import { applyEvent, emptyTree, type MessageTree } from "@/lib/agents/trace";
import type { ApiError, ChatMeta, StreamItem } from "@/lib/chat/page-data";
import { readSse } from "./sse";

/** The answer being streamed: which message it fills and its tree so far. */
interface LiveAnswer {
  runId?: string;
  assistantId: string;
  /**
   * The run's tree as the server will store it. A new object each animation frame; its nodes are
   * updated in place by `applyEvent` (each event is applied once, when it arrives).
   */
  tree: MessageTree;
}

/** How a request ended: streamed to its end (with the final tree, if a run started) or refused. */
export type StreamOutcome = { ok: true; tree?: MessageTree } | { ok: false; error: ApiError };

const NETWORK_ERROR: ApiError = {
  code: "internal:network",
  message: "Could not reach the server. Check your connection and try again.",
};

/**
 * The stream transport of a chat: POSTs a message or reattaches to a run, reads its server-sent
 * events, applies them to the live tree once per animation frame, and stops runs. Knows nothing
 * about the conversation's messages: `onMeta` tells the caller which ids the server gave them.
 */
export function useRunStream() {
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const current = useRef<LiveAnswer | null>(null);
  const pending = useRef<RunEvent[]>([]);
  const frame = useRef<number | null>(null);

  const flush = useCallback(() => {
    frame.current = null;
    const answer = current.current;
    const batch = pending.current;
    pending.current = [];
    if (!answer || !batch.length) return;
    for (const ev of batch) applyEvent(answer.tree, ev);
    // A shallow copy: a new identity for React, no copy of the (in-place updated) nodes.
    setLive({ ...answer, tree: { ...answer.tree } });
  }, []);

  const begin = useCallback((assistantId: string, runId?: string, base?: MessageTree) => {
    pending.current = [];
    // A run resumed after a pause for approvals continues the answer it stored.
    current.current = { assistantId, runId, tree: base ? structuredClone(base) : emptyTree() };
    setLive(current.current);
  }, []);

  const end = useCallback(() => {
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    frame.current = null;
    pending.current = [];
    current.current = null;
    setLive(null);
  }, []);

  useEffect(() => () => void (frame.current !== null && cancelAnimationFrame(frame.current)), []);

  /** Reads a run's response to its end. A refused request resolves with the server's error. */
  const read = useCallback(
    async (res: Response | null, onMeta?: (meta: ChatMeta) => void): Promise<StreamOutcome> => {
      if (!res) return { ok: false, error: NETWORK_ERROR };
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => null)) as ApiError | null;
        return { ok: false, error: body ?? { code: "internal", message: `Request failed (${res.status}).` } };
      }
      try {
        for await (const item of readSse<StreamItem>(res.body)) {
          if (item.type === "meta") {
            begin(item.assistantMessageId, item.runId, item.resumedFrom);
            onMeta?.(item);
            continue;
          }
          pending.current.push(item);
          frame.current ??= requestAnimationFrame(flush);
        }
      } catch {
        // The connection dropped: what arrived is kept; the caller reloads the stored state.
      }
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      flush();
      return { ok: true, tree: current.current?.tree };
    },
    [begin, flush],
  );

  /** Starts an answer: POST /api/chat with the given body. */
  const post = useCallback(
    async (body: Record<string, unknown>, onMeta: (meta: ChatMeta) => void, signal?: AbortSignal) => {
      const res = await fetch("/api/chat", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal,
      }).catch(() => null);
      return read(res, onMeta);
    },
    [read],
  );

  /** Follows a run that is already going (from its first event on). */
  const attach = useCallback(
    async (runId: string, signal: AbortSignal): Promise<StreamOutcome> => {
      const res = await fetch(`/api/chat/runs/${runId}`, { signal }).catch(() => null);
      return read(res);
    },
    [read],
  );

  const stop = useCallback(async (runId: string) => {
    await fetch(`/api/chat/runs/${runId}/stop`, { method: "POST" }).catch(() => {});
  }, []);

  return { live, begin, end, post, attach, stop };
}
