"use client";
import { ChevronLeft, ChevronRight, RefreshCw } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { type MessageTree, shownStatus } from "@/lib/agents/trace";
import type { ChatMessage } from "@/lib/chat/page-data";
import { ApprovalContext, type Decide } from "./approval-context";
import { useCostText } from "./cost";
import { EndedEarly } from "./ended-early";
import { formatTokens } from "./format";
import { LazyMarkdown as Markdown } from "./lazy-markdown";
import { MessageActions } from "./message-actions";
import { messageElementId } from "./message-anchor";
import { MessageAttachments } from "./message-attachments";
import { MessageFeedback } from "./message-feedback";
import { useNoticeText } from "./notice-text";
import { pendingQuestions } from "./question-panel";
import { StatusBadge } from "./status-badge";
import { TimelineToggle } from "./timeline";
import { TodoList } from "./todo-list";
import { TraceContent } from "./trace-content";

interface BranchNav {
  index: number;
  count: number;
  onChange: (index: number) => void;
}

// At least 24 px square with a visible focus ring: a real target, not a glyph.
const STEP =
  "inline-flex size-7 items-center justify-center rounded-md text-base hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-accent-500 disabled:opacity-30 dark:hover:bg-zinc-800";

function BranchSwitcher({ nav }: { nav: BranchNav }) {
  const t = useTranslations("chat.message");
  if (nav.count < 2) return null;
  return (
    <span
      className="inline-flex items-center gap-0.5 text-xs text-zinc-600 tabular-nums dark:text-zinc-300"
      data-testid="branch-switcher"
    >
      <button
        type="button"
        aria-label={t("previousVersion")}
        disabled={nav.index === 0}
        onClick={() => nav.onChange(nav.index - 1)}
        className={STEP}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
      </button>
      {nav.index + 1} / {nav.count}
      <button
        type="button"
        aria-label={t("nextVersion")}
        disabled={nav.index === nav.count - 1}
        onClick={() => nav.onChange(nav.index + 1)}
        className={STEP}
      >
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </span>
  );
}

export function UserMessage({
  message,
  nav,
  onEdit,
  busy,
  refusedEdit,
}: {
  message: ChatMessage;
  nav: BranchNav;
  onEdit: (text: string) => void;
  /** The text of this message's last edit, which the server refused: the editor opens with it. */
  refusedEdit?: string;
  busy: boolean;
}) {
  const t = useTranslations("chat.message");
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  useEffect(() => {
    if (refusedEdit === undefined) return;
    setDraft(refusedEdit);
    setEditing(true);
  }, [refusedEdit]);
  return (
    <div
      id={messageElementId(message.id)}
      tabIndex={-1}
      className="group flex flex-col items-end gap-1 outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
      data-testid="user-message"
    >
      <MessageAttachments files={message.attachments ?? []} />
      {editing ? (
        <div className="w-full max-w-[85%] space-y-2">
          <textarea
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="edit-input"
            aria-label={t("editLabel")}
            rows={3}
            className="w-full rounded-xl border border-zinc-300 bg-white p-3 text-[15px] dark:border-zinc-700 dark:bg-zinc-900"
          />
          <div className="flex justify-end gap-2 text-sm">
            <button
              type="button"
              onClick={() => setEditing(false)}
              className="rounded-lg px-3 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              {t("cancel")}
            </button>
            <button
              type="button"
              data-testid="edit-send"
              disabled={!draft.trim() || busy}
              onClick={() => {
                setEditing(false);
                onEdit(draft.trim());
              }}
              className="rounded-lg bg-accent-600 px-3 py-1 text-white disabled:opacity-40"
            >
              {t("send")}
            </button>
          </div>
        </div>
      ) : (
        <div className="max-w-[85%] whitespace-pre-wrap rounded-2xl bg-accent-50 px-4 py-2 text-[15px] dark:bg-accent-500/15">
          {message.content}
        </div>
      )}
      <div className="flex items-center gap-2">
        <BranchSwitcher nav={nav} />
        {!editing && !busy && (
          <button
            type="button"
            data-testid="edit-message"
            onClick={() => setEditing(true)}
            className="text-xs text-zinc-500 hover:text-zinc-900 dark:hover:text-zinc-100"
          >
            {t("edit")}
          </button>
        )}
      </div>
    </div>
  );
}

export function AssistantMessage({
  message,
  tree,
  nav,
  onRegenerate,
  busy,
  agentName,
  regenerateBlocked,
  decide,
  onStopPaused,
  live = false,
  conversationId = null,
}: {
  message: ChatMessage;
  /** The stored conversation (copy and fork act on saved messages). */
  conversationId?: string | null;
  /** The answer is streaming into this page now (its stored status may still say PAUSED). */
  live?: boolean;
  /** Ends this answer while it waits for approvals. */
  onStopPaused?: () => void;
  tree: MessageTree | null;
  /** Decides the tool calls of this answer that wait for the user. */
  decide?: Decide;
  nav: BranchNav;
  onRegenerate?: () => void;
  /** Why a new answer would be refused now (rate limit, empty balance): Regenerate is disabled. */
  regenerateBlocked?: string;
  busy: boolean;
  agentName?: string;
}) {
  const t = useTranslations("chat.message");
  const format = useFormatter();
  const usage = message.usage;
  const shown: ReturnType<typeof shownStatus> = tree ? shownStatus(tree) : { status: "running" };
  const total = usage ? usage.inputTokens + usage.outputTokens : 0;
  const sub = usage ? usage.subagentInputTokens + usage.subagentOutputTokens : 0;
  const tCost = useTranslations("cost");
  const costText = useCostText();
  const noticeText = useNoticeText();
  return (
    <div
      id={messageElementId(message.id)}
      tabIndex={-1}
      className="group space-y-1 outline-none focus-visible:ring-2 focus-visible:ring-accent-500"
      data-testid="assistant-message"
      data-status={message.status}
    >
      <div className="flex items-center gap-2 text-xs text-zinc-500">
        <span className="font-medium text-zinc-700 dark:text-zinc-300">{agentName ?? t("agent")}</span>
        {/* Once its calls are decided, a paused answer goes on streaming: its live status applies. */}
        {message.status === "PAUSED" && !live ? (
          <>
            <span
              data-testid="paused-badge"
              className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-900/50 dark:text-amber-200"
            >
              {pendingQuestions(tree).length > 0 ? t("waitingForAnswer") : t("waitingForApproval")}
            </span>
            {onStopPaused && (
              <button
                type="button"
                data-testid="stop-paused"
                onClick={onStopPaused}
                title={t("stopPausedTitle")}
                className="rounded-md border border-zinc-300 px-2 py-0.5 text-[11px] font-medium text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
              >
                {t("stop")}
              </button>
            )}
          </>
        ) : (
          shown.status !== "completed" && <StatusBadge status={shown.status} reason={shown.reason} />
        )}
      </div>
      {tree?.notices?.map((notice, i) => (
        <p
          key={i}
          role="status"
          data-testid="run-notice"
          className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-800 dark:bg-amber-500/10 dark:text-amber-200"
        >
          {noticeText(notice)}
        </p>
      ))}
      {tree?.todos && <TodoList todos={tree.todos} />}
      {tree && tree.content.length > 0 ? (
        <ApprovalContext.Provider value={decide ?? null}>
          <TraceContent content={tree.content} />
        </ApprovalContext.Provider>
      ) : message.status === "STREAMING" ? (
        // The dot pulses, not the words: text fading in and out drops below readable contrast.
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="thinking">
          <span
            aria-hidden="true"
            className="me-1.5 inline-block size-1.5 animate-pulse rounded-full bg-current align-middle"
          />
          {t("thinking")}
        </p>
      ) : message.content ? (
        <Markdown text={message.content} />
      ) : null}
      {message.error && message.status !== "STOPPED" && (
        <p
          role="alert"
          data-testid="message-error"
          data-code={message.error.code}
          className={`rounded-lg px-3 py-2 text-sm ${
            // Stopped by a limit is not a failure: amber, like the stopped blocks.
            shown.reason
              ? "bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-100"
              : "bg-red-50 text-red-700 dark:bg-red-950/40 dark:text-red-300"
          }`}
        >
          {message.error.message}
        </p>
      )}
      {tree && shown.reason && <EndedEarly tree={tree} reason={shown.reason} />}
      <TimelineToggle spans={tree?.timeline} rootName={agentName} />
      {message.status === "STOPPED" && (
        <p className="text-xs text-amber-700 dark:text-amber-300">{t("stopped")}</p>
      )}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-500">
        <BranchSwitcher nav={nav} />
        {usage && total > 0 && (
          <span
            data-testid="message-usage"
            className="whitespace-nowrap"
            title={t("usageTitle", {
              input: format.number(usage.inputTokens),
              output: format.number(usage.outputTokens),
              subagents: format.number(sub),
            })}
          >
            {t("usage", {
              input: formatTokens(format, usage.inputTokens),
              output: formatTokens(format, usage.outputTokens),
            })}
            {sub > 0 && t("bySubagents", { percent: Math.round((sub / total) * 100) })}
          </span>
        )}
        {tree?.usage.cost !== undefined && (
          <span data-testid="message-cost" className="whitespace-nowrap">
            {tree.usage.cost === null
              ? tCost("answerUnknown")
              : tCost("answer", { cost: costText(tree.usage.cost) })}
          </span>
        )}
        {!busy && !live && message.status !== "STREAMING" && message.status !== "PAUSED" && (
          <>
            <MessageActions conversationId={conversationId} messageId={message.id} text={message.content} />
            {conversationId && <MessageFeedback messageId={message.id} initial={message.feedback} />}
          </>
        )}
        {onRegenerate && !busy && (
          <>
            <button
              type="button"
              data-testid="regenerate"
              onClick={onRegenerate}
              disabled={Boolean(regenerateBlocked)}
              title={regenerateBlocked}
              aria-describedby={regenerateBlocked ? `${message.id}-regenerate-blocked` : undefined}
              className="whitespace-nowrap hover:text-zinc-900 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:text-inherit dark:hover:text-zinc-100"
            >
              <RefreshCw className="mr-1 inline size-3 align-[-1px]" aria-hidden="true" />
              {t("regenerate")}
            </button>
            {/* Said once: the answer's own error already gives the same reason. */}
            {regenerateBlocked && regenerateBlocked !== message.error?.message && (
              <span
                id={`${message.id}-regenerate-blocked`}
                data-testid="regenerate-blocked"
                className="basis-full text-amber-700 sm:basis-auto dark:text-amber-300"
              >
                {regenerateBlocked}
              </span>
            )}
          </>
        )}
      </div>
    </div>
  );
}
