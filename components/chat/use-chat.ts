"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { RunEvent } from "@/lib/agents/events";
import { type MessageTree, reduceEvents } from "@/lib/agents/trace";
import { readSse } from "./sse";
import type { ApiError, ChatMessage } from "./types";

interface Meta {
  type: "meta";
  runId: string;
  conversationId: string;
  userMessageId: string;
  assistantMessageId: string;
  title: string;
}

interface LiveState {
  runId?: string;
  assistantId: string;
  events: RunEvent[];
}

export const CONVERSATIONS_CHANGED = "conversations:changed";

const tempId = () => `temp-${Math.random().toString(36).slice(2)}`;

/**
 * Chat state of one conversation: stored messages (all branches), the live run's events (reduced
 * to the same tree the server stores), sending, regenerating, stopping and reattaching.
 */
export function useChat({
  conversationId: initialConversationId,
  initialMessages,
  liveRunId,
  remoteRun,
  agentId,
}: {
  conversationId: string | null;
  initialMessages: ChatMessage[];
  liveRunId: string | null;
  remoteRun: { messageId: string; runId: string } | null;
  agentId: string;
}) {
  const [conversationId, setConversationId] = useState(initialConversationId);
  const [messages, setMessages] = useState(initialMessages);
  const [live, setLive] = useState<LiveState | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const pending = useRef<RunEvent[]>([]);
  const frame = useRef<number | null>(null);
  const conversationRef = useRef(conversationId);
  conversationRef.current = conversationId;

  const liveTree: MessageTree | null = useMemo(() => (live ? reduceEvents(live.events) : null), [live]);

  const flush = useCallback(() => {
    frame.current = null;
    const batch = pending.current;
    pending.current = [];
    if (batch.length) setLive((l) => (l ? { ...l, events: [...l.events, ...batch] } : l));
  }, []);

  const reload = useCallback(async (id: string) => {
    const res = await fetch(`/api/conversations/${id}`, { cache: "no-store" });
    if (!res.ok) return;
    const data = (await res.json()) as { messages: ChatMessage[] };
    setMessages(data.messages);
  }, []);

  const consume = useCallback(
    async (res: Response, temp?: { user: string; assistant: string }) => {
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => null)) as ApiError | null;
        setError(body ?? { code: "internal", message: `Request failed (${res.status}).` });
        if (temp) setMessages((ms) => ms.filter((m) => m.id !== temp.user && m.id !== temp.assistant));
        setLive(null);
        return;
      }
      let convId = conversationRef.current;
      for await (const item of readSse<Meta | RunEvent>(res.body)) {
        if (item.type === "meta") {
          const meta = item as Meta;
          if (temp) {
            setMessages((ms) =>
              ms
                .filter((m) => !(temp.user !== meta.userMessageId && m.id === meta.userMessageId))
                .map((m) =>
                  m.id === temp.user
                    ? { ...m, id: meta.userMessageId }
                    : m.id === temp.assistant
                      ? { ...m, id: meta.assistantMessageId, parentId: meta.userMessageId }
                      : m,
                ),
            );
          }
          setLive({ runId: meta.runId, assistantId: meta.assistantMessageId, events: [] });
          if (convId !== meta.conversationId) {
            convId = meta.conversationId;
            setConversationId(convId);
            window.history.replaceState(null, "", `/chat/${convId}`);
          }
          window.dispatchEvent(new Event(CONVERSATIONS_CHANGED));
          continue;
        }
        pending.current.push(item as RunEvent);
        frame.current ??= requestAnimationFrame(flush);
      }
      if (frame.current) cancelAnimationFrame(frame.current);
      flush();
      if (convId) await reload(convId);
      setLive(null);
      window.dispatchEvent(new Event(CONVERSATIONS_CHANGED));
    },
    [flush, reload],
  );

  // Reattach to a run that was still going when the page loaded.
  useEffect(() => {
    if (!liveRunId) return;
    const controller = new AbortController();
    fetch(`/api/chat/runs/${liveRunId}`, { signal: controller.signal })
      .then((res) =>
        res.ok ? consume(res) : conversationRef.current ? reload(conversationRef.current) : undefined,
      )
      .catch(() => {});
    return () => controller.abort();
  }, [liveRunId, consume, reload]);

  // An answer written by another app process: poll its saved state until it leaves STREAMING.
  const [remote, setRemote] = useState(remoteRun);
  useEffect(() => {
    if (!remote || !conversationRef.current) return;
    const id = conversationRef.current;
    const timer = setInterval(async () => {
      const res = await fetch(`/api/conversations/${id}`, { cache: "no-store" }).catch(() => null);
      if (!res?.ok) return;
      const data = (await res.json()) as { messages: ChatMessage[] };
      setMessages(data.messages);
      if (data.messages.find((m) => m.id === remote.messageId)?.status !== "STREAMING") setRemote(null);
    }, 1500);
    return () => clearInterval(timer);
  }, [remote]);

  const send = useCallback(
    async (text: string, parentId: string | null) => {
      setError(null);
      const temp = { user: tempId(), assistant: tempId() };
      const now = new Date().toISOString();
      const base = { parts: null, error: null, usage: null, agentId, createdAt: now };
      setMessages((ms) => [
        ...ms,
        { ...base, id: temp.user, parentId, role: "USER", content: text, status: "COMPLETE" },
        {
          ...base,
          id: temp.assistant,
          parentId: temp.user,
          role: "ASSISTANT",
          content: "",
          status: "STREAMING",
        },
      ]);
      setLive({ assistantId: temp.assistant, events: [] });
      const res = await fetch("/api/chat", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          conversationId: conversationRef.current ?? undefined,
          agentId,
          text,
          parentMessageId: parentId,
        }),
      }).catch(() => null);
      if (!res) {
        setError({
          code: "internal:network",
          message: "Could not reach the server. Check your connection and try again.",
        });
        setMessages((ms) => ms.filter((m) => m.id !== temp.user && m.id !== temp.assistant));
        setLive(null);
        return;
      }
      await consume(res, temp);
    },
    [agentId, consume],
  );

  const regenerate = useCallback(
    async (userMessageId: string) => {
      setError(null);
      const temp = { user: userMessageId, assistant: tempId() };
      setMessages((ms) => [
        ...ms,
        {
          id: temp.assistant,
          parentId: userMessageId,
          role: "ASSISTANT",
          content: "",
          status: "STREAMING",
          parts: null,
          error: null,
          usage: null,
          agentId,
          createdAt: new Date().toISOString(),
        },
      ]);
      setLive({ assistantId: temp.assistant, events: [] });
      const res = await fetch("/api/chat", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          conversationId: conversationRef.current,
          agentId,
          regenerateMessageId: userMessageId,
        }),
      });
      await consume(res, temp);
    },
    [agentId, consume],
  );

  const stop = useCallback(async () => {
    const runId = live?.runId ?? remote?.runId;
    if (!runId) return;
    await fetch(`/api/chat/runs/${runId}/stop`, { method: "POST" }).catch(() => {});
  }, [live?.runId, remote?.runId]);

  return {
    conversationId,
    messages,
    live,
    liveTree,
    error,
    setError,
    send,
    regenerate,
    stop,
    running: live !== null,
  };
}
