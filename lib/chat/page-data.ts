// What the chat pages show, read only: a page render never writes (an answer nobody is writing
// any more is shown as interrupted here, and stored as such by the reaper, lib/quota/runs.ts).
import "server-only";
import { closeInterrupted } from "@/lib/agents/trace";
import { type AgentSummary, listUsableAgents } from "@/lib/db/agents";
import {
  type ConversationSummary,
  getConversationForUser,
  listMessages,
  type StoredMessage,
} from "@/lib/db/conversations";
import { type Feedback, feedbackOf } from "@/lib/db/message-feedback";
import { runStatusByMessage } from "@/lib/db/run-signals";
import { pausedRunsOf } from "@/lib/db/tool-approvals";
import type { ErrorBody } from "@/lib/errors";
import { errorBody, errorWriter, requestErrorLocale } from "@/lib/http/error-body";
import { DEMO_ENDPOINT_ID } from "@/lib/providers";
import { emptyBalanceRefusal, INTERRUPTED } from "@/lib/quota";
import { expiredView } from "./approval-expiry";
import { isLive, liveRunForConversation } from "./live-runs";
import { runBus } from "./run-bus";
import { storedErrorMessage } from "./stored-error";

// The chat's data as the browser receives it (JSON: dates as ISO strings). The client imports these
// with `import type`, so the server's shapes are the only definition.

/** A message of a conversation, as pages and GET /api/conversations/:id send it. */
export type ChatMessage = Omit<StoredMessage, "createdAt"> & {
  createdAt: string;
  /** An answer waiting for approvals: its run, which Stop ends. */
  pausedRunId?: string;
  /** The owner's thumbs up/down on an answer (conversation pages only). */
  feedback?: Feedback;
};

/** An agent in the chat's picker. */
export interface ChatAgent {
  id: string;
  name: string;
  description: string;
  subagentsEnabled: boolean;
  allowSelf: boolean;
  childCount: number;
  model: string;
  isDemo: boolean;
  owned: boolean;
}

/** An item of GET /api/conversations. */
export type ConversationItem = Omit<ConversationSummary, "updatedAt"> & { updatedAt: string };

/** The JSON body of every refused request (`errorResponse`). */
export type ApiError = ErrorBody;

/** GET /api/conversations/:id. */
export interface ConversationJson {
  messages: ChatMessage[];
  liveRunId: string | null;
}

/** What refuses the user's next answer, and until when (ms since the epoch; null: no known end). */
export interface Blocked {
  reason: string;
  until: number | null;
}

/** Whether a new answer would be refused right now for an empty balance (read only). */
export async function chatBlocked({ userId }: { userId: string }): Promise<Blocked | null> {
  const refusal = await emptyBalanceRefusal({ userId });
  if (!refusal) return null;
  return {
    reason: (await errorBody(refusal, await requestErrorLocale())).message,
    until: refusal.retryAfter ? Date.now() + refusal.retryAfter * 1000 : null,
  };
}

export type { ChatMeta, StreamItem } from "./live-runs";

function toChatAgent(a: AgentSummary): ChatAgent {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    subagentsEnabled: a.subagentsEnabled,
    allowSelf: a.allowSelf,
    childCount: a.childCount,
    model: a.model,
    isDemo: a.provider === DEMO_ENDPOINT_ID,
    owned: a.isOwner,
  };
}

/** Agents the user may chat with, for the picker (own first, delegating ones first among them). */
export async function chatAgents({ userId }: { userId: string }): Promise<ChatAgent[]> {
  const agents = await listUsableAgents({ userId });
  return agents
    .map(toChatAgent)
    .sort(
      (x, y) => Number(y.owned) - Number(x.owned) || Number(y.subagentsEnabled) - Number(x.subagentsEnabled),
    );
}

function toChatMessage(m: StoredMessage): ChatMessage {
  // An answer whose process died: its blocks that were running say "interrupted" too.
  const parts = m.status === "INTERRUPTED" && m.parts ? closeInterrupted(m.parts) : m.parts;
  return { ...m, parts, createdAt: m.createdAt.toISOString() };
}

export interface ConversationView {
  conversation: { id: string; agentId: string | null };
  messages: ChatMessage[];
  /**
   * The run of this conversation, followed live: held by this process, or by another one when the
   * live run bus can follow it from here (Redis).
   */
  liveRunId: string | null;
  /** An answer another app process is writing that can't be followed live: polled instead. */
  remoteRun: { messageId: string; runId: string } | null;
}

/**
 * A conversation of the user's with its messages. A message still STREAMING that this process
 * isn't running either runs in another app process (its run is RUNNING) or was cut off by a crash:
 * then it is shown as interrupted.
 */
export async function conversationView({
  id,
  userId,
}: {
  id: string;
  userId: string;
}): Promise<ConversationView> {
  const conversation = await getConversationForUser({ id, userId });
  const messages = await listMessages({ conversationId: id });
  const feedback = await feedbackOf({
    userId,
    messageIds: messages.filter((m) => m.role === "ASSISTANT").map((m) => m.id),
  });
  const notHere = messages.filter((m) => m.status === "STREAMING" && !isLive(m.id)).map((m) => m.id);
  const runStatus = await runStatusByMessage({ assistantMessageIds: notHere });
  const running = (mid: string) => runStatus.get(mid)?.status === "RUNNING";
  const remoteId = notHere.find(running);
  const live = liveRunForConversation(id);
  const remote =
    !live && remoteId ? { messageId: remoteId, runId: runStatus.get(remoteId)?.runId as string } : null;
  // A paused answer whose time to decide is over shows as expired (the sweep stores it so).
  const paused = await pausedRunsOf({
    assistantMessageIds: messages.filter((m) => m.status === "PAUSED").map((m) => m.id),
  });
  const expired = (mid: string) => (paused.get(mid)?.expiresAt?.getTime() ?? Infinity) <= Date.now();
  // Errors are stored with their code: worded here, in the reader's language of today.
  const write = await errorWriter(await requestErrorLocale());
  const withFeedback = (m: ChatMessage): ChatMessage => {
    const f = feedback.get(m.id);
    return f ? { ...m, feedback: f } : m;
  };
  const worded = (m: ChatMessage): ChatMessage =>
    withFeedback(
      m.error ? { ...m, error: { code: m.error.code, message: storedErrorMessage(m.error, write) } } : m,
    );
  return {
    conversation: { id: conversation.id, agentId: conversation.agentId },
    messages: messages.map((m) =>
      worded(
        notHere.includes(m.id) && !running(m.id)
          ? toChatMessage({
              ...m,
              status: "INTERRUPTED",
              error: { ...INTERRUPTED },
            })
          : expired(m.id)
            ? toChatMessage(expiredView(m))
            : { ...toChatMessage(m), pausedRunId: paused.get(m.id)?.runId },
      ),
    ),
    liveRunId: live?.meta.runId ?? (remote && runBus().followsOtherProcesses ? remote.runId : null),
    remoteRun: remote && !runBus().followsOtherProcesses ? remote : null,
  };
}
