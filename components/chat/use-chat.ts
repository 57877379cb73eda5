"use client";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ApiError, Blocked, ChatMessage, ChatMeta, ConversationJson } from "@/lib/chat/page-data";
import type { AttachmentInfo } from "@/lib/db/files";
import type { Decide } from "./approval-context";
import { CONVERSATIONS_CHANGED, TASKS_FINISHED } from "./chat-events";
import { watchGeneratedTitle } from "./generated-title";
import { type StreamOutcome, useRunStream } from "./use-run-stream";

const tempId = () => `temp-${Math.random().toString(36).slice(2)}`;

/** Refusals that will refuse the next request too, until `retryAfter` (if the server gave one). */
const BLOCKING = /^(rate_limit|limit:balance)/;

/**
 * Message state of one conversation: stored messages (all branches), optimistic messages while a
 * request is on its way, the refusal of the last request, and what the server said blocks the next
 * one (rate limit, empty balance). The stream itself is `useRunStream`'s.
 */
export function useChat({
  conversationId: initialConversationId,
  initialMessages,
  liveRunId,
  remoteRun,
  agentId,
  initialBlocked = null,
  temporary = false,
}: {
  conversationId: string | null;
  initialMessages: ChatMessage[];
  liveRunId: string | null;
  remoteRun: { messageId: string; runId: string } | null;
  agentId: string;
  /** What the page knew blocks a new answer when it rendered (an empty balance). */
  initialBlocked?: Blocked | null;
  /** A new conversation starts as a temporary chat. */
  temporary?: boolean;
}) {
  const t = useTranslations("chat.errors");
  const [conversationId, setConversationId] = useState(initialConversationId);
  const [messages, setMessages] = useState(initialMessages);
  const [error, setError] = useState<ApiError | null>(null);
  const [blocked, setBlocked] = useState<Blocked | null>(initialBlocked);
  const stream = useRunStream();
  const { begin, end } = stream;

  // A rate limit or a refill lifts the block by itself: re-enable then.
  useEffect(() => {
    if (!blocked?.until) return;
    const t = setTimeout(() => setBlocked(null), Math.max(0, blocked.until - Date.now()));
    return () => clearTimeout(t);
  }, [blocked]);

  const reload = useCallback(async (id: string): Promise<ChatMessage[] | null> => {
    const res = await fetch(`/api/conversations/${id}`, { cache: "no-store" }).catch(() => null);
    if (!res?.ok) return null;
    const data = (await res.json()) as ConversationJson;
    setMessages(data.messages);
    return data.messages;
  }, []);

  // A background task of this conversation ended: its follow-up message is stored, show it.
  useEffect(() => {
    if (!conversationId) return;
    const id = conversationId;
    const onFinished = (e: Event) => {
      if ((e as CustomEvent<string[]>).detail?.includes(id) && !liveRunRef.current) void reload(id);
    };
    window.addEventListener(TASKS_FINISHED, onFinished);
    return () => window.removeEventListener(TASKS_FINISHED, onFinished);
  }, [conversationId, reload]);

  // An answer followed by polling its saved state (another app process writes it and it can't be
  // streamed from here, or its live stream was cut off before the answer ended).
  const [remote, setRemote] = useState(remoteRun);
  const liveRunRef = useRef<string | undefined>(undefined);
  liveRunRef.current = stream.live?.runId;

  /** After a request: on refusal drop the optimistic messages and keep the error; else reload. */
  const settle = useCallback(
    async (
      outcome: StreamOutcome,
      convId: string | null,
      drop: string[],
      /** The run followed, when known before its stream said so (reattaching to it). */
      followedRunId?: string,
    ): Promise<StreamOutcome> => {
      if (!outcome.ok) {
        setError(outcome.error);
        if (BLOCKING.test(outcome.error.code))
          setBlocked({
            reason: outcome.error.message,
            until: outcome.error.retryAfter ? Date.now() + outcome.error.retryAfter * 1000 : null,
          });
        setMessages((ms) => ms.filter((m) => !drop.includes(m.id)));
      } else {
        // A run can end on the same limits (the balance ran out during the answer).
        const ended = outcome.tree?.error;
        const runId = liveRunRef.current ?? followedRunId;
        const saved = convId ? await reload(convId) : null;
        // The saved answer's error is worded in the reader's language (the stream's is the engine's).
        const worded = saved?.findLast((m) => m.role === "ASSISTANT" && m.error?.code === ended?.code)?.error;
        setBlocked(
          ended && BLOCKING.test(ended.code)
            ? { reason: worded?.message ?? ended.message, until: null }
            : null,
        );
        // The stream ended but the answer didn't (its process or Redis went away mid-answer).
        const unfinished = saved?.find((m) => m.role === "ASSISTANT" && m.status === "STREAMING");
        if (unfinished && runId) setRemote({ messageId: unfinished.id, runId });
      }
      end();
      window.dispatchEvent(new Event(CONVERSATIONS_CHANGED));
      return outcome;
    },
    [end, reload],
  );

  // Reattach to a run that was still going when the page loaded.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per run id the page was rendered with
  useEffect(() => {
    if (!liveRunId || !initialConversationId) return;
    const controller = new AbortController();
    stream.attach(liveRunId, controller.signal).then((outcome) => {
      if (!controller.signal.aborted)
        // A stream that could not be followed here (Redis away) falls back to the saved answer too.
        void settle(outcome.ok ? outcome : { ok: true }, initialConversationId, [], liveRunId);
    });
    return () => controller.abort();
  }, [liveRunId]);

  // Poll the followed answer's saved state until it leaves STREAMING.
  useEffect(() => {
    if (!remote || !conversationId) return;
    const timer = setInterval(async () => {
      const res = await fetch(`/api/conversations/${conversationId}`, { cache: "no-store" }).catch(
        () => null,
      );
      if (!res?.ok) return;
      const data = (await res.json()) as ConversationJson;
      setMessages(data.messages);
      if (data.messages.find((m) => m.id === remote.messageId)?.status !== "STREAMING") setRemote(null);
    }, 1500);
    return () => clearInterval(timer);
  }, [remote, conversationId]);

  /** Starts an answer with optimistic messages; their temp ids become the server's on `meta`. */
  const run = useCallback(
    async (
      body: Record<string, unknown>,
      optimistic: ChatMessage[],
      temp: { user: string; assistant: string },
    ) => {
      setError(null);
      setMessages((ms) => [...ms, ...optimistic]);
      begin(temp.assistant);
      let convId = conversationId;
      const isNew = !conversationId && !body.temporary;
      let firstTitle = "";
      const onMeta = (meta: ChatMeta) => {
        firstTitle = meta.title;
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
        if (convId !== meta.conversationId) {
          convId = meta.conversationId;
          setConversationId(convId);
          window.history.replaceState(null, "", `/chat/${convId}`);
        }
        window.dispatchEvent(new Event(CONVERSATIONS_CHANGED));
      };
      const outcome = await stream.post(body, onMeta);
      const settled = await settle(
        outcome,
        convId,
        optimistic.map((m) => m.id),
      );
      if (isNew && convId && outcome.ok) watchGeneratedTitle(convId, firstTitle);
      return settled;
    },
    [begin, conversationId, settle, stream.post],
  );

  const placeholder = useCallback(
    (
      id: string,
      parentId: string | null,
      role: ChatMessage["role"],
      content: string,
      attachments: AttachmentInfo[] = [],
    ): ChatMessage => ({
      id,
      parentId,
      role,
      content,
      status: role === "USER" ? "COMPLETE" : "STREAMING",
      parts: null,
      error: null,
      usage: null,
      agentId,
      createdAt: new Date().toISOString(),
      attachments,
    }),
    [agentId],
  );

  /** Sends a message. Resolves `{ ok: false }` when the server refused it (the caller keeps the draft). */
  const send = useCallback(
    (text: string, parentId: string | null, files: AttachmentInfo[] = []) => {
      const temp = { user: tempId(), assistant: tempId() };
      return run(
        {
          conversationId: conversationId ?? undefined,
          agentId,
          text,
          parentMessageId: parentId,
          ...(files.length ? { fileIds: files.map((f) => f.id) } : {}),
          ...(temporary && !conversationId ? { temporary: true } : {}),
        },
        [
          placeholder(temp.user, parentId, "USER", text, files),
          placeholder(temp.assistant, temp.user, "ASSISTANT", ""),
        ],
        temp,
      );
    },
    [agentId, conversationId, placeholder, run, temporary],
  );

  const regenerate = useCallback(
    (userMessageId: string) => {
      const temp = { user: userMessageId, assistant: tempId() };
      return run(
        { conversationId, agentId, regenerateMessageId: userMessageId },
        [placeholder(temp.assistant, userMessageId, "ASSISTANT", "")],
        temp,
      );
    },
    [agentId, conversationId, placeholder, run],
  );

  /**
   * Decides a tool call that waits (any depth). A run paused in the database resumes on the server:
   * follow it from there, continuing its stored answer; a run still streaming here goes on in its
   * own stream.
   */
  const decide: Decide = useCallback(
    async (approvalId, body) => {
      const res = await fetch(`/api/chat/approvals/${approvalId}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      }).catch(() => null);
      if (!res) return { code: "internal:network", message: t("networkRetry") };
      if (!res.ok) {
        const refused = ((await res.json().catch(() => null)) as ApiError | null) ?? {
          code: "internal",
          message: t("requestFailed", { status: res.status }),
        };
        // Decided elsewhere or expired: show what is stored now.
        if (res.status === 409 && conversationId) await reload(conversationId);
        return refused;
      }
      const out = (await res.json()) as { runId: string; resumed: boolean };
      if (out.resumed && conversationId) {
        const convId = conversationId;
        void stream
          .attach(out.runId, new AbortController().signal)
          .then((outcome) => settle(outcome.ok ? outcome : { ok: true }, convId, [], out.runId));
      }
      return null;
    },
    [conversationId, reload, settle, stream.attach, t],
  );

  const streaming = stream.live !== null;
  const remoteRunId = remote?.runId;
  const stop = useCallback(async () => {
    if (streaming) await stream.stopLive();
    else if (remoteRunId) await stream.stop(remoteRunId);
  }, [streaming, remoteRunId, stream.stopLive, stream.stop]);

  /** Ends an answer that waits for approvals (stored as stopped), then shows it as stored. */
  const stopPaused = useCallback(
    async (pausedRunId: string) => {
      await stream.stop(pausedRunId);
      if (conversationId) await reload(conversationId);
    },
    [conversationId, reload, stream.stop],
  );

  return {
    conversationId,
    stopPaused,
    messages,
    live: stream.live,
    error,
    setError,
    blocked,
    send,
    regenerate,
    stop,
    decide,
    running: stream.live !== null || remote !== null,
    /** The run of the answer being written (live or followed), for Steer. */
    runId: stream.live?.runId ?? remote?.runId,
    /** The answer is followed through its saved state, not live. */
    followingSaved: remote !== null,
  };
}
