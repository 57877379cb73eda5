import "server-only";
import { type MessageTree, rootText } from "@/lib/agents";
import { applyStoredSummary, pathTo, toEngineHistory } from "@/lib/chat/history";
import { launchRun } from "@/lib/chat/launch-run";
import type { ChatMeta, LiveRun } from "@/lib/chat/live-runs";
import { loadAgentTree } from "@/lib/db/agents-tree";
import { getConversationWithMessages, type StoredMessage } from "@/lib/db/conversations";
import { AppError } from "@/lib/errors";
import type { WithAttachments } from "@/lib/files/send";
import type { Locale } from "@/lib/i18n/locales";
import { getLimitsForUser } from "@/lib/quota";
import { type ApiCaller, keyAllowsAgent } from "./authenticate";
import { pendingApprovalsOf, traceOf } from "./completion";
import type { ApiResponseObject } from "./response-schemas";
import { itemText, parseResponseRequest, type ResponseRequest } from "./responses-schema";

// POST /v1/responses and GET /v1/responses/{id} (the OpenAI Responses shape). A response is one
// stored answer: its id names the conversation and the assistant message (resp_<conv>_<msg>), so
// `previous_response_id` continues that conversation after that answer (the chat's own branch
// history, lib/chat/history.ts) and GET reads it back with its trace — read only.

export const responseIdOf = (conversationId: string, messageId: string) =>
  `resp_${conversationId}_${messageId}`;

function parseResponseId(id: string): { conversationId: string; messageId: string } | null {
  const m = id.match(/^resp_([A-Za-z0-9-]+)_([A-Za-z0-9-]+)$/);
  return m ? { conversationId: m[1], messageId: m[2] } : null;
}

/** The stored answer a response id names, of this user; 404 otherwise (another user's alike). */
async function storedResponse(userId: string, id: string, param?: string) {
  const notFound = () =>
    new AppError("not_found:conversation", param ? { fields: { [param]: param } } : undefined);
  const ids = parseResponseId(id);
  if (!ids) throw notFound();
  const conversation = await getConversationWithMessages({ id: ids.conversationId, userId }).catch(() => {
    throw notFound();
  });
  const message = conversation.messages.find((m) => m.id === ids.messageId && m.role === "ASSISTANT");
  if (!message) throw notFound();
  return { conversation, message };
}

type Status = ApiResponseObject["status"];

function statusOf(tree: MessageTree, pending: number): Status {
  if (pending) return "incomplete";
  if (tree.status === "failed") return "failed";
  if (tree.status === "running") return "in_progress";
  return "completed";
}

/** A response from an answer's tree (the chat's tree: the same text, usage and trace). */
export function responseOf({
  id,
  agentId,
  conversationId,
  messageId,
  tree,
  createdAt,
  previousResponseId,
}: {
  id: string;
  agentId: string;
  conversationId: string;
  messageId: string;
  tree: MessageTree;
  createdAt: number;
  previousResponseId: string | null;
}): ApiResponseObject {
  const pending = pendingApprovalsOf(tree);
  const status = statusOf(tree, pending.length);
  const text = rootText(tree);
  const u = tree.usage;
  return {
    id,
    object: "response",
    created_at: createdAt,
    status,
    model: agentId,
    output: [
      {
        type: "message",
        id: `msg_${messageId}`,
        status:
          status === "in_progress" ? "in_progress" : status === "incomplete" ? "incomplete" : "completed",
        role: "assistant",
        content: [{ type: "output_text", text, annotations: [] }],
      },
    ],
    output_text: text,
    previous_response_id: previousResponseId,
    incomplete_details: pending.length ? { reason: "requires_action" } : null,
    error:
      tree.status === "failed" && tree.error ? { code: tree.error.code, message: tree.error.message } : null,
    usage: {
      input_tokens: u.inputTokens,
      output_tokens: u.outputTokens,
      total_tokens: u.inputTokens + u.outputTokens,
      input_tokens_details: { cached_tokens: u.cachedInputTokens ?? 0 },
      output_tokens_details: { reasoning_tokens: u.reasoningTokens ?? 0 },
    },
    conversation_id: conversationId,
    trace: traceOf(tree),
    ...(pending.length ? { pending_approvals: pending } : {}),
  };
}

/** The caller's input as engine history plus the new user text (the last item is the user's). */
function inputOf(request: ResponseRequest): { extra: WithAttachments[]; userText: string } {
  const items =
    typeof request.input === "string" ? [{ role: "user" as const, content: request.input }] : request.input;
  const last = items[items.length - 1];
  const userText = itemText(last).trim();
  if (last.role !== "user" || !userText) {
    const param = typeof request.input === "string" ? "input" : `input[${items.length - 1}]`;
    throw new AppError("bad_request:api_param", { values: { param }, fields: { [param]: param } });
  }
  const extra: WithAttachments[] = items.slice(0, -1).map((i) => ({
    role: i.role === "developer" ? "system" : i.role,
    content: itemText(i),
  }));
  if (request.instructions) extra.unshift({ role: "system", content: request.instructions });
  return { extra, userText };
}

export interface StartedResponse {
  live: LiveRun;
  request: ResponseRequest;
  previousResponseId: string | null;
}

/** Validates, checks the agent (404/403 as chat completions) and the previous response, and launches. */
export async function startResponse({
  caller,
  body,
  locale,
}: {
  caller: ApiCaller;
  body: unknown;
  locale?: Locale;
}): Promise<StartedResponse> {
  const request = parseResponseRequest(body);
  const userId = caller.user.id;
  const limits = await getLimitsForUser({ userId });
  const tree = await loadAgentTree({ rootId: request.model, userId, maxDepth: limits.maxSubagentDepth });
  if (!keyAllowsAgent(caller, request.model)) throw new AppError("forbidden:api_key_agent");
  const { extra, userText } = inputOf(request);
  const previousResponseId = request.previous_response_id ?? null;
  let conversation: { id: string; title: string } | null = null;
  let prior = { messages: extra, ids: extra.map(() => "") };
  let initialSummary: string | undefined;
  let parentId: string | null = null;
  if (previousResponseId) {
    const found = await storedResponse(userId, previousResponseId, "previous_response_id");
    conversation = { id: found.conversation.id, title: found.conversation.title };
    const branch = applyStoredSummary(pathTo(found.conversation.messages, found.message.id));
    const history = toEngineHistory(branch.rest);
    initialSummary = branch.initialSummary;
    prior = { messages: [...history.messages, ...extra], ids: [...history.ids, ...extra.map(() => "")] };
    parentId = found.message.id;
  }
  const live = await launchRun({
    userId,
    limits,
    tree,
    conversation,
    source: "api",
    listed: caller.listConversations,
    prior,
    initialSummary,
    turn: { parentId, userText, newFiles: [], userFiles: [] },
    locale,
    maxOutputTokens: request.max_output_tokens ?? undefined,
  });
  return { live, request, previousResponseId };
}

/** The response of a launched run, from its meta. */
export function liveResponseOf(
  meta: ChatMeta,
  tree: MessageTree,
  createdAt: number,
  previous: string | null,
) {
  return responseOf({
    id: responseIdOf(meta.conversationId, meta.assistantMessageId),
    agentId: meta.agentId,
    conversationId: meta.conversationId,
    messageId: meta.assistantMessageId,
    tree,
    createdAt,
    previousResponseId: previous,
  });
}

/** The previous response of a stored answer: the answer before its user message, if any. */
function previousOf(
  messages: StoredMessage[],
  message: StoredMessage,
  conversationId: string,
): string | null {
  const asked = messages.find((m) => m.id === message.parentId);
  const before = asked?.parentId ? messages.find((m) => m.id === asked.parentId) : undefined;
  return before?.role === "ASSISTANT" ? responseIdOf(conversationId, before.id) : null;
}

/** GET /v1/responses/{id}: the stored answer with its trace (reads only). */
export async function getStoredResponse(caller: ApiCaller, id: string): Promise<ApiResponseObject> {
  const { conversation, message } = await storedResponse(caller.user.id, id);
  if (!message.parts) throw new AppError("not_found:conversation");
  return responseOf({
    id,
    agentId: message.parts.rootAgentIds[0] ?? message.agentId ?? "",
    conversationId: conversation.id,
    messageId: message.id,
    tree: message.parts,
    createdAt: Math.floor(new Date(message.createdAt).getTime() / 1000),
    previousResponseId: previousOf(conversation.messages, message, conversation.id),
  });
}
