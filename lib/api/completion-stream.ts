// The streaming answer of POST /v1/chat/completions: standard `chat.completion.chunk` events for
// the root agent's text, and every other event of the run (subagents starting, their text and
// tools, usage) as chunks with empty `choices` and an `agent_event` extension field, which
// standard clients skip. The end: a chunk with `finish_reason` and the trace, the usage chunk when
// asked for (`stream_options.include_usage`), then `data: [DONE]`. A run that failed ends with
// an `error` event in OpenAI's shape (official clients raise it).
import { applyEvent, emptyTree, ROOT_SPAN_ID } from "@/lib/agents";
import type { ChatMeta } from "@/lib/chat/live-runs";
import type { SseFraming } from "@/lib/chat/sse-stream";
import { completionId, finishReasonOf, pendingApprovalsOf, traceOf, usageOf } from "./completion";
import { openAiErrorOf } from "./openai-errors";

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

export function completionFraming({
  meta,
  created,
  includeUsage,
}: {
  meta: ChatMeta;
  created: number;
  includeUsage: boolean;
}): SseFraming {
  // The answer as the chat builds it, event by event: the end's trace and usage come from it.
  const tree = emptyTree();
  const base = { id: completionId(meta), object: "chat.completion.chunk", created, model: meta.agentId };
  const chunk = (fields: Record<string, unknown>) => data({ ...base, ...fields });
  return {
    item(item) {
      if (item.type === "meta")
        return chunk({
          choices: [
            { index: 0, delta: { role: "assistant", content: "" }, logprobs: null, finish_reason: null },
          ],
          conversation_id: item.conversationId,
        });
      applyEvent(tree, item);
      if (item.type === "text_delta" && item.spanId === ROOT_SPAN_ID)
        return chunk({
          choices: [{ index: 0, delta: { content: item.text }, logprobs: null, finish_reason: null }],
        });
      return chunk({ choices: [], agent_event: item });
    },
    end() {
      if (tree.status === "failed" && tree.error) {
        const mapped = openAiErrorOf(tree.error.code);
        return data({
          error: { message: tree.error.message, type: mapped.type, code: mapped.code, param: null },
        });
      }
      const pending = pendingApprovalsOf(tree);
      let out = chunk({
        choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: finishReasonOf(pending) }],
        trace: traceOf(tree),
        ...(pending.length && { pending_approvals: pending }),
      });
      if (includeUsage) out += chunk({ choices: [], usage: usageOf(tree.usage) });
      return `${out}data: [DONE]\n\n`;
    },
  };
}
