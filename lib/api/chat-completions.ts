import "server-only";
import { type MessageTree, type RunEvent, reduceEvents } from "@/lib/agents";
import { launchRun } from "@/lib/chat/launch-run";
import type { LiveRun } from "@/lib/chat/live-runs";
import { loadAgentTree } from "@/lib/db/agents-tree";
import { AppError } from "@/lib/errors";
import type { WithAttachments } from "@/lib/files/send";
import type { Locale } from "@/lib/i18n/locales";
import { getLimitsForUser } from "@/lib/quota";
import { type ApiCaller, keyAllowsAgent } from "./authenticate";
import {
  type ChatCompletionRequest,
  type ChatMessage,
  contentText,
  parseChatCompletionRequest,
} from "./chat-schema";

// POST /v1/chat/completions: the key's user runs an agent (`model`) with its whole subagent tree,
// through the chat's own launch (lib/chat/launch-run.ts launchRun): the same limits, rate limits,
// concurrency, balances and budgets as the browser, a conversation in the user's list marked "api".

/**
 * The caller's history as the engine takes it. Chat Completions is stateless: the caller sends
 * the whole conversation each time. System and developer messages join the agent's instructions;
 * the caller's own tool calls and results become text (the agent's tools are not theirs, so
 * they cannot be replayed as tool messages).
 */
export function historyOf(messages: ChatMessage[]): { prior: WithAttachments[]; userText: string } {
  const prior = messages.slice(0, -1).map(engineMessage);
  const userText = contentText(messages[messages.length - 1].content).trim();
  if (!userText) {
    const param = `messages[${messages.length - 1}].content`;
    throw new AppError("bad_request:api_param", { values: { param }, fields: { [param]: param } });
  }
  return { prior, userText };
}

function engineMessage(m: ChatMessage): WithAttachments {
  if (m.role === "system" || m.role === "developer")
    return { role: "system", content: contentText(m.content) };
  if (m.role === "user") return { role: "user", content: contentText(m.content) };
  if (m.role === "tool")
    return { role: "user", content: `[tool result ${m.tool_call_id}]\n${contentText(m.content)}` };
  const calls = (m.tool_calls ?? []).map(
    (c) => `[tool call ${c.id}: ${c.function.name}(${c.function.arguments})]`,
  );
  return { role: "assistant", content: [contentText(m.content), ...calls].filter(Boolean).join("\n") };
}

/** Validates the request, checks the agent (404 unknown to the user, 403 outside the key) and launches the run. */
export async function startCompletion({
  caller,
  body,
  locale,
}: {
  caller: ApiCaller;
  body: unknown;
  locale?: Locale;
}): Promise<{ live: LiveRun; request: ChatCompletionRequest }> {
  const request = parseChatCompletionRequest(body);
  const userId = caller.user.id;
  const limits = await getLimitsForUser({ userId });
  const tree = await loadAgentTree({ rootId: request.model, userId, maxDepth: limits.maxSubagentDepth });
  if (!keyAllowsAgent(caller, request.model)) throw new AppError("forbidden:api_key_agent");
  const { prior, userText } = historyOf(request.messages);
  const live = await launchRun({
    userId,
    limits,
    tree,
    conversation: null,
    source: "api",
    listed: caller.listConversations,
    // Only the last user message is stored (with the answer); the caller's history is not.
    prior: { messages: prior, ids: prior.map(() => "") },
    turn: { parentId: null, userText, newFiles: [], userFiles: [] },
    locale,
    maxOutputTokens: request.max_completion_tokens ?? request.max_tokens ?? undefined,
  });
  return { live, request };
}

/** The answer's tree once its run has ended or paused, from its events (the chat's reducer). */
export async function endedTree(live: LiveRun): Promise<MessageTree> {
  await live.ended;
  return reduceEvents(live.items.filter((i): i is RunEvent => i.type !== "meta"));
}
