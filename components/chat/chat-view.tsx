"use client";
import { X } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { Drawer } from "@/components/ui/drawer";
import { addCost } from "@/lib/agents/cost";
import type { MessageTree } from "@/lib/agents/trace";
import type { Blocked, ChatAgent, ChatMessage } from "@/lib/chat/page-data";
import type { AttachPolicy } from "@/lib/files/format";
import { AgentPicker } from "./agent-picker";
import { ApprovalContext, type Decide } from "./approval-context";
import { siblingsInfo, visiblePath } from "./branches";
import { Composer } from "./composer";
import { ConversationList } from "./conversation-list";
import { ConversationCost } from "./cost";
import { ExportMenu } from "./export-menu";
import { AssistantMessage, UserMessage } from "./message-item";
import { pendingQuestions, QuestionPanel } from "./question-panel";
import { QueuedMessages } from "./queued-messages";
import { ShareButton } from "./share-button";
import { TemporaryBanner, TemporaryToggle } from "./temporary-chat";
import { useAttachments } from "./use-attachments";
import { useChat } from "./use-chat";
import { useJumpToMessage } from "./use-jump-to-message";
import { useSteerQueue } from "./use-steer-queue";

/**
 * Requests the offline demo model understands as several tasks, so a delegating agent hands each
 * to a subagent (lines, "X and Y" of task verbs, `;`): see lib/providers/demo/tasks.ts. Picking one
 * sends it as the user's message, so they stay the English requests the demo model reads, in
 * every UI language.
 */
/** Example requests the demo model splits into several tasks (chat.view.starters.*, per language). */
const STARTERS = ["tools", "poem", "three"] as const;

const NO_FILES: AttachPolicy = { maxBytes: 0, maxPerMessage: 0, allowedKinds: [] };

interface ChatViewProps {
  conversationId: string | null;
  initialMessages: ChatMessage[];
  liveRunId: string | null;
  /** An answer being written by another app process: followed by polling. */
  remoteRun?: { messageId: string; runId: string } | null;
  agents: ChatAgent[];
  initialAgentId: string | null;
  /** What the server said refuses a new answer when the page rendered (an empty balance). */
  initialBlocked?: Blocked | null;
  /** What may be attached (the admin's limits); no attach button without it. */
  attachPolicy?: AttachPolicy;
  /** The conversation's cost from the ledger when the page rendered (null = unknown, undefined = none). */
  initialCost?: number | null;
  /** A temporary chat's deletion time (ISO); a new chat: how long one would live (hours). */
  temporary?: { until: string | null; hours: number };
}

/** A conversation (or a new one): the visible branch of messages, live traces and the composer. */
export function ChatView({
  conversationId,
  initialMessages,
  liveRunId,
  remoteRun = null,
  agents,
  initialAgentId,
  initialBlocked = null,
  attachPolicy,
  initialCost,
  temporary: temporaryInfo,
}: ChatViewProps) {
  const t = useTranslations("chat.view");
  const tc = useTranslations("chat.composer");
  const [agentId, setAgentId] = useState(initialAgentId ?? agents[0]?.id ?? "");
  const [temporary, setTemporary] = useState(Boolean(temporaryInfo?.until));
  const chat = useChat({
    conversationId,
    initialMessages,
    liveRunId,
    remoteRun,
    agentId,
    initialBlocked,
    temporary,
  });
  const [draft, setDraft] = useState("");
  const files = useAttachments(attachPolicy ?? NO_FILES);
  const [refusedEdit, setRefusedEdit] = useState<{ id: string; text: string } | null>(null);
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
  }, [path.length, chat.live?.tree]);
  useJumpToMessage(chat.messages, path, setChoice);

  // Running total: the ledger's figure at render plus the answers written since (live ones as they stream).
  const initialIds = useMemo(() => new Set(initialMessages.map((m) => m.id)), [initialMessages]);
  let conversationCost: number | null | undefined = initialCost;
  for (const m of chat.messages) {
    if (m.role !== "ASSISTANT" || initialIds.has(m.id)) continue;
    const tree = chat.live?.assistantId === m.id ? chat.live.tree : m.parts;
    const c = tree?.usage.cost;
    if (c === undefined) continue;
    conversationCost = conversationCost === undefined ? c : addCost(conversationCost, c);
  }

  const last = path.at(-1);
  // The composer empties on send and gets the text back if the server refuses it (unless the user
  // has started typing something else meanwhile).
  const send = async (text: string, parentId: string | null) => {
    setDraft("");
    const sent = files.take();
    const outcome = await chat.send(
      text,
      parentId,
      sent.flatMap((c) => (c.info ? [c.info] : [])),
    );
    if (!outcome.ok) {
      setDraft((d) => (d.trim() ? d : text));
      // The refused message's files go back to the composer too (they are still uploaded).
      files.restore(sent);
    }
  };
  const lastTree =
    last?.role === "ASSISTANT" ? (chat.live?.assistantId === last.id ? chat.live.tree : last.parts) : null;
  const midAnswer = useSteerQueue({
    running: chat.running,
    runId: chat.runId,
    assistantId: chat.live?.assistantId,
    treeOf: (id) => chat.messages.find((m) => m.id === id)?.parts,
    // Not `send`: the draft and the files in the composer are the user's next message, not this one's.
    send: async (text) => {
      const outcome = await chat.send(text, last?.id ?? null);
      if (!outcome.ok) setDraft((d) => (d.trim() ? d : text));
    },
  });
  const nav = (m: ChatMessage) => {
    const info = siblingsInfo(chat.messages, m);
    return { ...info, onChange: (i: number) => setChoice((c) => ({ ...c, [m.parentId ?? "root"]: i })) };
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      {/* Wraps on a phone: the agent picker, the running total and the actions don't fit one line. */}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <button
          type="button"
          onClick={() => setChatsOpen(true)}
          data-testid="open-chats"
          className="rounded-lg border border-zinc-300 px-2 py-1 text-sm lg:hidden dark:border-zinc-700"
        >
          {t("chats")}
        </button>
        <AgentPicker agents={agents} value={agentId} onChange={setAgentId} disabled={chat.running} />
        {agent?.isDemo && (
          <span
            className="hidden rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800 sm:inline dark:bg-amber-900/40 dark:text-amber-200"
            data-testid="demo-label"
          >
            {t("demoLabel")}
          </span>
        )}
        {conversationCost !== undefined && <ConversationCost cost={conversationCost} />}
        {temporaryInfo && !chat.conversationId && chat.messages.length === 0 && (
          <TemporaryToggle checked={temporary} onChange={setTemporary} />
        )}
        {chat.conversationId && !temporary && (
          <ShareButton conversationId={chat.conversationId} messageId={last?.id} />
        )}
        <ExportMenu conversationId={conversationId} />
      </div>
      {temporary && temporaryInfo && (
        <TemporaryBanner until={temporaryInfo.until} hours={temporaryInfo.hours} />
      )}
      <Drawer open={chatsOpen} onClose={() => setChatsOpen(false)} label={t("closeChats")} hideFrom="lg">
        <ConversationList />
      </Drawer>
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="message-list">
        <div className="mx-auto max-w-3xl space-y-6 px-4 py-6">
          {path.length === 0 && (
            <EmptyState
              agent={agent}
              hasAgents={agents.length > 0}
              onPick={chat.running ? undefined : (text) => send(text, null)}
            />
          )}
          {path.map((m) =>
            m.role === "USER" ? (
              <UserMessage
                key={m.id}
                message={m}
                nav={nav(m)}
                busy={chat.running}
                onEdit={async (text) => {
                  setRefusedEdit(null);
                  // The edited message keeps its files.
                  const outcome = await chat.send(text, m.parentId, m.attachments);
                  // Refused: the message's editor opens again with the text.
                  if (!outcome.ok) setRefusedEdit({ id: m.id, text });
                }}
                refusedEdit={refusedEdit?.id === m.id ? refusedEdit.text : undefined}
              />
            ) : (
              <AssistantMessage
                key={m.id}
                message={m}
                live={chat.live?.assistantId === m.id}
                tree={chat.live && chat.live.assistantId === m.id ? chat.live.tree : m.parts}
                nav={nav(m)}
                busy={chat.running}
                // A temporary chat is not forked into a lasting one.
                conversationId={temporary ? null : chat.conversationId}
                agentName={agentNames.get(m.agentId ?? "") ?? agent?.name}
                onRegenerate={
                  // A paused answer goes on once its calls are decided: deciding, not regenerating.
                  m.id === last?.id && m.parentId && m.status !== "PAUSED"
                    ? () => void chat.regenerate(m.parentId as string)
                    : undefined
                }
                regenerateBlocked={chat.blocked?.reason}
                decide={chat.decide}
                onStopPaused={m.pausedRunId ? () => void chat.stopPaused(m.pausedRunId as string) : undefined}
              />
            ),
          )}
          <div ref={bottom} />
        </div>
      </div>
      <div className="mx-auto w-full max-w-3xl space-y-2 px-4 pb-4">
        {chat.followingSaved && (
          <p data-testid="following-saved" className="text-xs text-zinc-500 dark:text-zinc-400">
            {t("followingSaved")}
          </p>
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
              aria-label={t("dismiss")}
              className="text-red-500"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        )}
        {/* The questions the last answer waits for, also at hand above the composer. */}
        {last?.role === "ASSISTANT" && <ComposerQuestions tree={lastTree} decide={chat.decide} />}
        <QueuedMessages items={midAnswer.queued} onRemove={midAnswer.remove} />
        <Composer
          value={draft}
          onChange={setDraft}
          running={chat.running}
          disabled={!agentId}
          onStop={chat.stop}
          onQueue={(text) => {
            setDraft("");
            midAnswer.queue(text);
          }}
          onSteer={async (text) => {
            setDraft("");
            if (!(await midAnswer.steer(text))) setDraft((d) => (d.trim() ? d : text));
          }}
          onSend={(text) => void send(text, last?.id ?? null)}
          files={attachPolicy && attachPolicy.maxPerMessage > 0 ? files : undefined}
          placeholder={agent ? tc("placeholderAgent", { name: agent.name }) : tc("noAgent")}
        />
      </div>
    </div>
  );
}

function ComposerQuestions({ tree, decide }: { tree: MessageTree | null; decide: Decide }) {
  const t = useTranslations("chat.question");
  const questions = pendingQuestions(tree);
  if (questions.length === 0) return null;
  return (
    <ApprovalContext.Provider value={decide}>
      <section
        aria-label={t("waiting")}
        className="overflow-hidden rounded-lg border border-sky-200 dark:border-sky-900/60"
        data-testid="composer-questions"
      >
        {questions.map((q) =>
          q.approval ? <QuestionPanel key={q.id} approval={q.approval} args={q.args} /> : null,
        )}
      </section>
    </ApprovalContext.Provider>
  );
}

function EmptyState({
  agent,
  hasAgents,
  onPick,
}: {
  agent?: ChatAgent;
  hasAgents: boolean;
  onPick?: (text: string) => void;
}) {
  const t = useTranslations("chat.view");
  if (!hasAgents) {
    return (
      <div className="py-16 text-center text-sm text-zinc-500">
        {t.rich("noAgents", {
          link: (chunks) => (
            <Link href="/agents/new" className="text-accent-600 hover:underline">
              {chunks}
            </Link>
          ),
        })}
      </div>
    );
  }
  return (
    <div className="space-y-3 py-12 text-center" data-testid="new-chat">
      <h1 className="text-2xl font-semibold">{agent ? t("chatWith", { name: agent.name }) : t("newChat")}</h1>
      {agent?.description && <p className="mx-auto max-w-md text-sm text-zinc-500">{agent.description}</p>}
      {agent?.subagentsEnabled && (
        <p className="mx-auto max-w-md text-xs text-zinc-500">{t("delegateHint")}</p>
      )}
      {agent && (
        <div className="mx-auto grid max-w-2xl gap-2 pt-4 text-left sm:grid-cols-3" data-testid="starters">
          {STARTERS.map((key) => t(`starters.${key}`)).map((prompt) => (
            <button
              key={prompt}
              type="button"
              data-testid="starter"
              disabled={!onPick}
              onClick={() => onPick?.(prompt)}
              className="whitespace-pre-line rounded-xl border border-zinc-200 bg-white px-3 py-2 text-left text-sm text-zinc-700 shadow-xs hover:border-accent-500 hover:bg-accent-50 focus-visible:outline-2 focus-visible:outline-accent-500 disabled:opacity-50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:bg-accent-500/10"
            >
              {prompt}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
