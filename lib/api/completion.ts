// What POST /v1/chat/completions answers, read from the answer's message tree — the tree the chat
// shows, built by the same reducer (lib/agents/trace.ts applyEvent / reduceEvents) from the same
// events — so the API's text, usage and trace equal what the UI shows for that conversation.

import type { z } from "zod";
import {
  type MessageTree,
  ROOT_SPAN_ID,
  rootText,
  shownStatus,
  type TraceNode,
  type Usage,
} from "@/lib/agents";
import type { ChatMeta } from "@/lib/chat/live-runs";
import { AppError, type ErrorCode } from "@/lib/errors";
import type {
  ChatCompletion,
  pendingApprovalSchema,
  traceEntrySchema,
  usageSchema,
} from "./response-schemas";

/**
 * Why the answer ended, as `finish_reason`: "stop" when it ended (completed or stopped), or
 * "requires_action" (not one of OpenAI's values, documented in the README) when a tool call waits
 * for a person's approval: the run is paused and `pending_approvals` lists the calls; they are
 * decided with POST /v1/approvals/{id} (or in the app's chat).
 */
export type FinishReason = "stop" | "requires_action";

/** A tool call waiting for a person (its shape: response-schemas.ts). */
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

/** Tokens in OpenAI's usage shape; cached and reasoning details only when the provider reported them. */
export function usageOf(u: Usage): z.infer<typeof usageSchema> {
  return {
    prompt_tokens: u.inputTokens,
    completion_tokens: u.outputTokens,
    total_tokens: u.inputTokens + u.outputTokens,
    ...(u.cachedInputTokens !== undefined && {
      prompt_tokens_details: { cached_tokens: u.cachedInputTokens },
    }),
    ...(u.reasoningTokens !== undefined && {
      completion_tokens_details: { reasoning_tokens: u.reasoningTokens },
    }),
    // In the installation's currency when the run was priced; null = some model has no price.
    ...(u.cost !== undefined && { cost: u.cost }),
  };
}

/** One agent of the run: the root (depth 0) or a subagent block, as the chat's trace shows it. */
export type TraceEntry = z.infer<typeof traceEntrySchema>;

/** The run's agents, depth first in the order the chat shows them. */
export function traceOf(tree: MessageTree): TraceEntry[] {
  const root = shownStatus(tree);
  const out: TraceEntry[] = [
    {
      id: ROOT_SPAN_ID,
      agent: tree.rootAgentIds[0] ?? "",
      depth: 0,
      parent: null,
      task: null,
      status: root.status,
      ...(root.reason && { stop_reason: root.reason }),
      usage: usageOf(tree.usage),
      duration_ms: tree.durationMs ?? null,
    },
  ];
  const walk = (content: TraceNode[], parent: string) => {
    for (const n of content) {
      if (n.type !== "subagent") continue;
      out.push({
        id: n.id,
        agent: n.agentId,
        agent_name: n.agentName,
        depth: n.depth,
        parent,
        task: n.task,
        status: n.status,
        ...(n.stopReason && { stop_reason: n.stopReason }),
        usage: usageOf(n.usage),
        duration_ms: n.durationMs ?? null,
      });
      walk(n.content, n.id);
    }
  };
  walk(tree.content, ROOT_SPAN_ID);
  return out;
}

/** Tool calls of the tree waiting for a person. */
export function pendingApprovalsOf(tree: MessageTree): PendingApproval[] {
  const out: PendingApproval[] = [];
  const walk = (content: TraceNode[], agent: string, depth: number) => {
    for (const n of content) {
      if (n.type === "subagent") walk(n.content, n.agentId, n.depth);
      else if (n.type === "tool_call" && n.approval?.status === "pending")
        out.push({ id: n.approval.id, tool_call_id: n.id, tool: n.name, arguments: n.args, depth, agent });
    }
  };
  walk(tree.content, tree.rootAgentIds[0] ?? "", 0);
  return out;
}

/** A paused run (no end yet, a call waiting) asks for action; any other end is a stop. */
export function finishReasonOf(pending: PendingApproval[]): FinishReason {
  return pending.length ? "requires_action" : "stop";
}

const COMPLETION_PREFIX = "chatcmpl-";

export const completionId = (meta: ChatMeta) => `${COMPLETION_PREFIX}${meta.runId}`;

/** The run a completion id names (a bare run id is taken as it is). */
export const runIdOfCompletion = (id: string) =>
  id.startsWith(COMPLETION_PREFIX) ? id.slice(COMPLETION_PREFIX.length) : id;

/** The non-streaming answer: a `chat.completion` with the whole tree's usage and its trace. */
export function completionOf(meta: ChatMeta, tree: MessageTree, created: number): ChatCompletion {
  const pending = pendingApprovalsOf(tree);
  return {
    id: completionId(meta),
    object: "chat.completion" as const,
    created,
    model: meta.agentId,
    choices: [
      {
        index: 0,
        message: { role: "assistant" as const, content: rootText(tree), refusal: null },
        logprobs: null,
        finish_reason: finishReasonOf(pending),
      },
    ],
    usage: usageOf(tree.usage),
    // Extension fields (standard clients ignore them).
    conversation_id: meta.conversationId,
    trace: traceOf(tree),
    ...(pending.length ? { pending_approvals: pending } : {}),
  };
}

/** A run that failed answers as an error (its code picks the status: a balance → 429 insufficient_quota). */
export function runFailure(tree: MessageTree): AppError | null {
  if (tree.status !== "failed") return null;
  const error = tree.error ?? { code: "internal", message: "The run failed." };
  return new AppError(error.code as ErrorCode, error.message);
}
