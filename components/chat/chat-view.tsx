"use client";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { Drawer } from "@/components/ui/drawer";
import { AgentPicker } from "./agent-picker";
import { siblingsInfo, visiblePath } from "./branches";
import { Composer } from "./composer";
import { ConversationList } from "./conversation-list";
import { AssistantMessage, UserMessage } from "./message-item";
import type { ChatAgent, ChatMessage } from "./types";
import { useChat } from "./use-chat";

interface ChatViewProps {
  conversationId: string | null;
  initialMessages: ChatMessage[];
  liveRunId: string | null;
  /** An answer being written by another app process: followed by polling. */
  remoteRun?: { messageId: string; runId: string } | null;
  agents: ChatAgent[];
  initialAgentId: string | null;
}

/** A conversation (or a new one): the visible branch of messages, live traces and the composer. */
export function ChatView({
  conversationId,
  initialMessages,
  liveRunId,
  remoteRun = null,
  agents,
  initialAgentId,
}: ChatViewProps) {
  const [agentId, setAgentId] = useState(initialAgentId ?? agents[0]?.id ?? "");
  const chat = useChat({ conversationId, initialMessages, liveRunId, remoteRun, agentId });
  const [choice, setChoice] = useState<Record<string, number>>({});
  const [chatsOpen, setChatsOpen] = useState(false);
  const path = useMemo(() => visiblePath(chat.messages, choice), [chat.messages, choice]);
  const bottom = useRef<HTMLDivElement>(null);
  const agentNames = useMemo(() => new Map(agents.map((a) => [a.id, a.name])), [agents]);
  const agent = agents.find((a) => a.id === agentId);

  // A new message or branch shows the newest version at each level.
  const count = chat.messages.length;
  useEffect(() => {
    if (count) setChoice({});
  }, [count]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever the visible content grows
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [path.length, chat.liveTree]);

  const last = path.at(-1);
  const nav = (m: ChatMessage) => {
    const info = siblingsInfo(chat.messages, m);
    return { ...info, onChange: (i: number) => setChoice((c) => ({ ...c, [m.parentId ?? "root"]: i })) };
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-3 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <button
          type="button"
          onClick={() => setChatsOpen(true)}
          data-testid="open-chats"
          className="rounded-lg border border-zinc-300 px-2 py-1 text-sm lg:hidden dark:border-zinc-700"
        >
          Chats
        </button>
        <AgentPicker agents={agents} value={agentId} onChange={setAgentId} disabled={chat.running} />
        {agent?.isDemo && (
          <span
            className="hidden rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800 sm:inline dark:bg-amber-900/40 dark:text-amber-200"
            data-testid="demo-label"
          >
            Scripted demo model · offline
          </span>
        )}
      </div>
      <Drawer open={chatsOpen} onClose={() => setChatsOpen(false)} label="Close chats" hideFrom="lg">
        <ConversationList />
      </Drawer>
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="message-list">
        <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
          {path.length === 0 && <EmptyState agent={agent} hasAgents={agents.length > 0} />}
          {path.map((m) =>
            m.role === "USER" ? (
              <UserMessage
                key={m.id}
                message={m}
                nav={nav(m)}
                busy={chat.running}
                onEdit={(text) => chat.send(text, m.parentId)}
              />
            ) : (
              <AssistantMessage
                key={m.id}
                message={m}
                tree={chat.live?.assistantId === m.id ? chat.liveTree : m.parts}
                nav={nav(m)}
                busy={chat.running}
                agentName={agentNames.get(m.agentId ?? "") ?? agent?.name}
                onRegenerate={
                  m.id === last?.id && m.parentId ? () => chat.regenerate(m.parentId as string) : undefined
                }
              />
            ),
          )}
          {chat.error && (
            <div
              role="alert"
              data-testid="chat-error"
              data-code={chat.error.code}
              className="flex items-start justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
            >
              <span>{chat.error.message}</span>
              <button
                type="button"
                onClick={() => chat.setError(null)}
                aria-label="Dismiss"
                className="text-red-500"
              >
                ✕
              </button>
            </div>
          )}
          <div ref={bottom} />
        </div>
      </div>
      <div className="mx-auto w-full max-w-3xl px-4 pb-4">
        <Composer
          running={chat.running}
          disabled={!agentId}
          onStop={chat.stop}
          onSend={(text) => chat.send(text, last?.id ?? null)}
          placeholder={
            agent
              ? `Message ${agent.name}…  (Enter to send, Shift+Enter for a new line)`
              : "Create an agent first"
          }
        />
      </div>
    </div>
  );
}

function EmptyState({ agent, hasAgents }: { agent?: ChatAgent; hasAgents: boolean }) {
  if (!hasAgents) {
    return (
      <div className="py-16 text-center text-sm text-zinc-500">
        You have no agents yet.{" "}
        <Link href="/agents/new" className="text-accent-600 hover:underline">
          Build one
        </Link>
        .
      </div>
    );
  }
  return (
    <div className="space-y-3 py-12 text-center" data-testid="new-chat">
      <h1 className="text-2xl font-semibold">{agent ? `Chat with ${agent.name}` : "New chat"}</h1>
      {agent?.description && <p className="mx-auto max-w-md text-sm text-zinc-500">{agent.description}</p>}
      {agent?.subagentsEnabled && (
        <p className="mx-auto max-w-md text-xs text-zinc-500">
          This agent can delegate. Ask for several things at once (one per line, or “A and B”) and watch each
          delegation appear as a trace block.
        </p>
      )}
    </div>
  );
}
