"use client";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { reportSpend } from "@/components/quota/balance-events";
import type { RunEvent } from "@/lib/agents/events";
import { applyEvent, emptyTree, type MessageTree } from "@/lib/agents/trace";
import type { ApiError, ChatMeta, StreamItem } from "@/lib/chat/page-data";
import { FrameBatcher } from "./frame-batch";
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

/**
 * The stream transport of a chat: POSTs a message or reattaches to a run, reads its server-sent
 * events, applies them to the live tree (at most once per animation frame, paced by render cost:
 * `FrameBatcher`), and stops runs. Knows nothing
 * about the conversation's messages: `onMeta` tells the caller which ids the server gave them.
 */
export function useRunStream() {
  const t = useTranslations("chat.errors");
  const [live, setLive] = useState<LiveAnswer | null>(null);
  const current = useRef<LiveAnswer | null>(null);
  const [batcher] = useState(
    () =>
      new FrameBatcher<RunEvent>((batch) => {
        const answer = current.current;
        if (!answer) return;
        for (const ev of batch) applyEvent(answer.tree, ev);
        // A shallow copy: a new identity for React, no copy of the (in-place updated) nodes.
        setLive({ ...answer, tree: { ...answer.tree } });
      }),
  );
  // The cost of the last update, measured once it is committed, paces the next one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after every committed live update
  useLayoutEffect(() => batcher.rendered(), [live, batcher]);

  const begin = useCallback(
    (assistantId: string, runId?: string, base?: MessageTree) => {
      batcher.clear();
      // A run resumed after a pause for approvals continues the answer it stored.
      current.current = { assistantId, runId, tree: base ? structuredClone(base) : emptyTree() };
      setLive(current.current);
    },
    [batcher],
  );

  const end = useCallback(() => {
    batcher.clear();
    stopWanted.current = false;
    current.current = null;
    setLive(null);
  }, [batcher]);

  useEffect(() => () => batcher.clear(), [batcher]);

  const stop = useCallback(async (runId: string) => {
    await fetch(`/api/chat/runs/${runId}/stop`, { method: "POST" }).catch(() => {});
  }, []);

  // A Stop pressed before the server said which run it started is sent as soon as it does.
  const stopWanted = useRef(false);
  /** Stops the answer streaming here, also one whose run id has not arrived yet. */
  const stopLive = useCallback(async () => {
    const runId = current.current?.runId;
    if (runId) await stop(runId);
    else if (current.current) stopWanted.current = true;
  }, [stop]);

  /** Reads a run's response to its end. A refused request resolves with the server's error. */
  const read = useCallback(
    async (res: Response | null, onMeta?: (meta: ChatMeta) => void): Promise<StreamOutcome> => {
      // The server's refusal as it sent it; worded here only when there is none to show.
      if (!res) return { ok: false, error: { code: "internal:network", message: t("network") } };
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => null)) as ApiError | null;
        return {
          ok: false,
          error: body ?? { code: "internal", message: t("requestFailed", { status: res.status }) },
        };
      }
      try {
        for await (const item of readSse<StreamItem>(res.body)) {
          if (item.type === "meta") {
            begin(item.assistantMessageId, item.runId, item.resumedFrom);
            onMeta?.(item);
            if (stopWanted.current) {
              stopWanted.current = false;
              void stop(item.runId);
            }
            continue;
          }
          if (item.type === "usage")
            reportSpend({ tokens: item.inputTokens + item.outputTokens, ts: item.ts });
          batcher.push(item);
        }
      } catch {
        // The connection dropped: what arrived is kept; the caller reloads the stored state.
      }
      batcher.flush(true);
      return { ok: true, tree: current.current?.tree };
    },
    [begin, batcher, stop, t],
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

  return { live, begin, end, post, attach, stop, stopLive };
}
