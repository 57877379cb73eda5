// The streaming answer of POST /v1/responses: the Responses API's typed events — response.created,
// the message item and its output_text part, response.output_text.delta for the root agent's
// text, then the done events and response.completed (response.incomplete when a tool call waits,
// response.failed when the run failed). With `include_agent_events` every other event of the run
// (subagents, their text and tools) comes as `agent.<type>` (opt-in: the official SDK's stream
// helper refuses event types it does not know).
import { applyEvent, emptyTree, ROOT_SPAN_ID } from "@/lib/agents";
import type { ChatMeta } from "@/lib/chat/live-runs";
import type { SseFraming } from "@/lib/chat/sse-stream";
import { liveResponseOf } from "./responses";

export function responseFraming({
  meta,
  createdAt,
  previousResponseId,
  agentEvents,
}: {
  meta: ChatMeta;
  createdAt: number;
  previousResponseId: string | null;
  agentEvents: boolean;
}): SseFraming {
  // The answer as the chat builds it, event by event (a resumed run starts from its stored tree).
  const tree = emptyTree();
  let seq = 0;
  const event = (type: string, fields: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: seq++, ...fields })}\n\n`;
  const snapshot = () => liveResponseOf(meta, tree, createdAt, previousResponseId);
  const itemId = `msg_${meta.assistantMessageId}`;
  const at = { item_id: itemId, output_index: 0, content_index: 0 };
  return {
    item(item) {
      if (item.type === "meta") {
        const shell = { ...snapshot(), status: "in_progress", output: [] };
        const message = {
          type: "message",
          id: itemId,
          status: "in_progress",
          role: "assistant",
          content: [],
        };
        return (
          event("response.created", { response: shell }) +
          event("response.in_progress", { response: shell }) +
          event("response.output_item.added", { output_index: 0, item: message }) +
          event("response.content_part.added", {
            ...at,
            part: { type: "output_text", text: "", annotations: [] },
          })
        );
      }
      applyEvent(tree, item);
      if (item.type === "text_delta" && item.spanId === ROOT_SPAN_ID)
        return event("response.output_text.delta", { ...at, delta: item.text, logprobs: [] });
      return agentEvents ? event(`agent.${item.type}`, { event: item }) : "";
    },
    end() {
      const final = snapshot();
      const [message] = final.output;
      const part = message.content[0];
      const kind =
        final.status === "failed"
          ? "response.failed"
          : final.status === "incomplete"
            ? "response.incomplete"
            : "response.completed";
      return (
        event("response.output_text.done", { ...at, text: part.text, logprobs: [] }) +
        event("response.content_part.done", { ...at, part }) +
        event("response.output_item.done", { output_index: 0, item: message }) +
        event(kind, { response: final })
      );
    },
  };
}
