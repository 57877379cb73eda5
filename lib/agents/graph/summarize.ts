import { type AIMessageChunk, type BaseMessage, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { addToUsage, callCost, tokensOf, usageEventFields } from "../cost";
import { messageText } from "../messages";
import type { AgentExecution } from "./context";

export const SUMMARY_PROMPT =
  "Summarize the conversation below for the assistant that will continue it. Keep every fact, decision, " +
  "open question and user preference; drop pleasantries. Reply with the summary only.";

/** Rough token count (4 characters per token plus per-message overhead); no tokenizer offline. */
export function estimateTokens(messages: BaseMessage[]): number {
  let n = 0;
  for (const m of messages) n += Math.ceil(messageText(m).length / 4) + 4;
  return n;
}

/** Index of the first message kept verbatim, or 0 when nothing needs summarizing. */
export function summaryCutIndex(exec: AgentExecution, messages: BaseMessage[]): number {
  const s = exec.input.summarization;
  if (!s || messages.length < 2) return 0;
  let cut: number;
  if (s.trigger.type === "messages" && s.trigger.value > 0) {
    if (messages.length <= s.trigger.value) return 0;
    cut = messages.length - Math.max(1, Math.floor(s.trigger.value / 2));
  } else {
    const budget =
      s.trigger.value > 0
        ? Math.min(s.trigger.value, exec.input.effectiveMaxContextTokens)
        : exec.input.effectiveMaxContextTokens;
    if (estimateTokens(messages) <= budget) return 0;
    const keep = Math.floor(budget / 2);
    let used = 0;
    cut = messages.length;
    while (cut > 1) {
      const t = estimateTokens([messages[cut - 1]]);
      if (used + t > keep && cut < messages.length) break;
      used += t;
      cut--;
    }
  }
  // Never start the kept tail with tool results whose call would be summarized away.
  while (cut > 0 && messages[cut]?.getType() === "tool") cut--;
  return cut;
}

function transcript(messages: BaseMessage[]): string {
  return messages.map((m) => `${m.getType()}: ${messageText(m)}`).join("\n");
}

/**
 * Summarizes the older part of a root conversation when it exceeds the agent's budget or trigger.
 * Returns the kept messages and the new summary (which goes into the system message).
 */
export async function summarizeIfNeeded(
  exec: AgentExecution,
  messages: BaseMessage[],
): Promise<{ messages: BaseMessage[]; summary?: string }> {
  const s = exec.input.summarization;
  const cut = summaryCutIndex(exec, messages);
  if (!s || cut <= 0) return { messages };
  const { run, input } = exec;
  const done = run.journal.data.summary;
  if (done) {
    // A resumed run: the summary was made (and streamed, and charged) before the pause.
    const tokens = {
      inputTokens: done.inputTokens,
      outputTokens: done.outputTokens,
      cachedInputTokens: done.cachedInputTokens ?? 0,
      reasoningTokens: done.reasoningTokens ?? 0,
    };
    addToUsage(exec.usage, tokens, done.cost);
    return { messages: messages.slice(done.cut), summary: done.text };
  }
  const model = run.modelFactory({
    endpointId: s.endpointId,
    provider: s.provider,
    model: s.model,
    parameters: s.parameters,
    agentId: input.agentId,
    isSubagent: input.isSubagent,
    purpose: "summarize",
  });
  const previous = input.initialSummary ? `Earlier summary:\n${input.initialSummary}\n\n` : "";
  // Streamed like every other model call: `invoke` on a streaming client makes LangChain count
  // tokens with tiktoken data it downloads, and nothing in a run may reach beyond the endpoint.
  const stream = await model.stream(
    [new SystemMessage(SUMMARY_PROMPT), new HumanMessage(previous + transcript(messages.slice(0, cut)))],
    { signal: run.signal, callbacks: undefined },
  );
  let reply: AIMessageChunk | undefined;
  for await (const chunk of stream) reply = reply ? reply.concat(chunk) : chunk;
  run.signal.throwIfAborted();
  const tokens = tokensOf(reply?.usage_metadata);
  const price = run.priceOf({ endpointId: s.endpointId, model: s.model });
  const cost = price === undefined ? undefined : callCost(price, tokens);
  const base = {
    spanId: exec.spanId,
    parentSpanId: exec.parentSpanId,
    depth: exec.depth,
    agentId: input.agentId,
  };
  run.emit({
    type: "usage",
    ...base,
    ...usageEventFields(tokens, cost),
    provider: s.provider,
    model: s.model,
  });
  addToUsage(exec.usage, tokens, cost);
  if (run.onModelCallEnd) {
    try {
      await run.onModelCallEnd({
        ...base,
        provider: s.provider,
        endpointId: s.endpointId,
        model: s.model,
        ...tokens,
        ...(cost !== undefined ? { cost } : {}),
        isSubagent: false,
      });
    } catch (err) {
      run.fail(err);
      throw err;
    }
  }
  const summary = messageText(reply);
  run.journal.data.summary = { text: summary, cut, ...tokens, ...(cost !== undefined ? { cost } : {}) };
  run.emit({ type: "summary", ...base, text: summary, summarizedMessages: cut });
  return { messages: messages.slice(cut), summary };
}
