import type { BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, type AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import type { ProviderRetry } from "../../providers/resilience";
import {
  type BudgetScope,
  budgetError,
  estimateInputTokens,
  toMicros,
  WORST_CASE_OUTPUT_TOKENS,
  worstCaseMicros,
} from "../budget";
import { addToUsage, type CallTokens, callCost, tokensOf, usageEventFields } from "../cost";
import { AgentEngineError } from "../errors";
import { forProtocol } from "../files";
import type { AgentExecution, ChatRunnable } from "./context";
import { turnKey } from "./journal";
import { ChunkMerger, detached, forEachChunk } from "./model-stream";
import { toolDefsFor } from "./tool-defs";
import { foundToolDefs, foundTools, searchToolsDef } from "./tool-search";

/**
 * The agent's model with its tools bound: its own, the extra ones of the execution, and with tool
 * search `search_tools` plus the deferred tools this execution found so far (tool-search.ts).
 */
function boundModel(exec: AgentExecution): ChatRunnable {
  const { run, input } = exec;
  const found = input.deferredTools ? foundTools(exec) : [];
  const key = found.join("\n");
  let models = run.models.get(input);
  let model = models?.bound.get(key);
  if (model) return model;
  if (!models) {
    const base = run.modelFactory({
      endpointId: input.endpointId,
      provider: input.provider,
      model: input.model,
      parameters: input.parameters,
      agentId: input.agentId,
      isSubagent: input.isSubagent,
      purpose: "chat",
    });
    models = { base, bound: new Map() };
    run.models.set(input, models);
  }
  const { base } = models;
  const tools: unknown[] = [...toolDefsFor(input), ...(exec.extraTools ?? [])];
  if (input.deferredTools) tools.push(searchToolsDef(input), ...foundToolDefs(exec));
  if (tools.length > 0) {
    if (typeof base.bindTools !== "function") {
      throw new AgentEngineError(
        "bad_request:agent",
        `Model ${input.model} of "${input.name}" cannot call tools`,
      );
    }
    model = base.bindTools(tools as BindToolsInput[]) as ChatRunnable;
  } else {
    model = base as unknown as ChatRunnable;
  }
  models.bound.set(key, model);
  return model;
}

function emitContent(exec: AgentExecution, chunk: AIMessageChunk) {
  const { run, spanId, parentSpanId, depth } = exec;
  const agentId = exec.input.agentId;
  const c = chunk.content;
  if (typeof c === "string") {
    if (c) run.emit({ type: "text_delta", spanId, parentSpanId, depth, agentId, text: c });
  } else {
    for (const part of c) {
      const p = part as { type?: string; text?: string; thinking?: string; reasoning?: string };
      if (p.type === "text" && p.text)
        run.emit({ type: "text_delta", spanId, parentSpanId, depth, agentId, text: p.text });
      else if ((p.type === "thinking" || p.type === "reasoning") && (p.thinking || p.reasoning)) {
        run.emit({
          type: "reasoning_delta",
          spanId,
          parentSpanId,
          depth,
          agentId,
          text: (p.thinking ?? p.reasoning) as string,
        });
      }
    }
  }
  const r = chunk.additional_kwargs?.[exec.input.reasoningKey];
  const reasoning =
    typeof r === "string" ? r : (r as { summary?: { text?: string }[] } | undefined)?.summary?.[0]?.text;
  if (reasoning) run.emit({ type: "reasoning_delta", spanId, parentSpanId, depth, agentId, text: reasoning });
}

/** Gives every tool call a run-unique id (span ids of subagents are tool call ids). */
function uniqueToolCallId(exec: AgentExecution, id: string | undefined): string {
  const used = exec.run.usedToolCallIds;
  let out = id && !used.has(id) ? id : `call_${exec.run.nextId()}`;
  while (used.has(out)) out = `call_${exec.run.nextId()}`;
  used.add(out);
  return out;
}

/** Adds a call to its execution and every ancestor (their usage is of their subtree). */
function addUsage(exec: AgentExecution, tokens: CallTokens, cost: number | null | undefined) {
  const micros = typeof cost === "number" ? toMicros(cost) : 0;
  for (let e: AgentExecution | undefined = exec; e; e = e.parent) {
    addToUsage(e.usage, tokens, cost);
    if (e.budget) e.budget.spentMicros += micros;
  }
}

/**
 * Stops at the nearest budget (this execution's, then its ancestors') that `over` says is
 * exceeded: a subagent's stops that child (its parent goes on), the answer's stops the run with
 * what it has. A model without a price cannot be checked (its cost is unknown, not 0).
 */
function stopAtBudget(exec: AgentExecution, over: (b: BudgetScope) => boolean) {
  for (let e: AgentExecution | undefined = exec; e; e = e.parent) {
    if (!e.budget || !over(e.budget)) continue;
    const err = budgetError(e.budget);
    if (e.budget.kind === "answer") exec.run.fail(err);
    throw err;
  }
}

/** One model turn: streams deltas as events, reports usage, runs the usage hook, returns the AI message. */
export async function callModel(exec: AgentExecution, messages: BaseMessage[]): Promise<AIMessage> {
  const { run, input } = exec;
  if (exec.turns >= exec.maxTurns) {
    throw new AgentEngineError(
      "limit:recursion",
      `Agent "${input.name}" reached its limit of ${exec.maxTurns} model turns`,
      { agentId: input.agentId, maxTurns: exec.maxTurns },
    );
  }
  const key = turnKey(exec.spanId, input.agentId, exec.turns);
  exec.turns++;
  // A resumed run: this turn happened before the pause (streamed, charged); its reply is reused.
  const replayed = run.journal.replayTurn(key);
  if (replayed) {
    for (const c of replayed.message.tool_calls ?? []) run.usedToolCallIds.add(c.id as string);
    addUsage(exec, replayed.tokens, replayed.cost);
    return replayed.message;
  }
  run.idle.begin();
  try {
    // Called from a graph node too: the model call gets none of the node's config (callbacks).
    const { message, tokens, cost } = await detached(() => streamTurn(exec, messages));
    run.journal.recordTurn(key, message, tokens, cost);
    // A turn with calls is checkpointed once they are announced (tools-node.ts), so a resumed
    // trace has them.
    if (!message.tool_calls?.length) await run.checkpoint();
    return message;
  } finally {
    run.idle.end();
  }
}

async function streamTurn(
  exec: AgentExecution,
  messages: BaseMessage[],
): Promise<{ message: AIMessage; tokens: CallTokens; cost: number | null | undefined }> {
  const { run, input } = exec;
  // The call's span starts after its last retry's wait (the waits are drawn as spans of their own).
  let startT = run.clock.offset();
  const model = boundModel(exec);
  const prompt = forProtocol(exec.system ? [exec.system, ...messages] : messages, input.provider);
  const price = run.priceOf(input);
  if (price) {
    // Before the call, its worst case must fit in every budget it spends against.
    const maxOut = Number(input.parameters.maxOutputTokens) || WORST_CASE_OUTPUT_TOKENS;
    const worst = worstCaseMicros(price, estimateInputTokens(prompt), maxOut);
    stopAtBudget(exec, (b) => b.spentMicros + worst > b.limitMicros);
  }
  // No callbacks: nothing reads them, and a handler per chunk is the main cost of streaming.
  const merger = new ChunkMerger();
  run.emit({
    type: "model_start",
    spanId: exec.spanId,
    parentSpanId: exec.parentSpanId,
    depth: exec.depth,
    agentId: input.agentId,
    provider: input.provider,
    model: input.model,
  });
  const onRetry = (retry: ProviderRetry) => {
    run.emit({
      type: "provider_retry",
      spanId: exec.spanId,
      parentSpanId: exec.parentSpanId,
      depth: exec.depth,
      agentId: input.agentId,
      model: input.model,
      ...retry,
    });
    startT = run.clock.offset() + retry.delayMs;
  };
  await forEachChunk(
    model,
    prompt,
    run.signal,
    (chunk) => {
      emitContent(exec, chunk);
      merger.add(chunk);
    },
    onRetry,
  );
  run.signal.throwIfAborted();
  const acc = merger.result();

  const usage = acc?.usage_metadata;
  const tokens = tokensOf(usage);
  const cost = price === undefined ? undefined : callCost(price, tokens);
  run.emit({
    type: "usage",
    spanId: exec.spanId,
    parentSpanId: exec.parentSpanId,
    depth: exec.depth,
    agentId: input.agentId,
    ...usageEventFields(tokens, cost),
    provider: input.provider,
    model: input.model,
    startT,
  });
  addUsage(exec, tokens, cost);
  if (run.onModelCallEnd) {
    try {
      await run.onModelCallEnd({
        agentId: input.agentId,
        spanId: exec.spanId,
        parentSpanId: exec.parentSpanId,
        depth: exec.depth,
        provider: input.provider,
        endpointId: input.endpointId,
        model: input.model,
        ...tokens,
        ...(cost !== undefined ? { cost } : {}),
        isSubagent: input.isSubagent,
      });
    } catch (err) {
      run.fail(err);
      throw err;
    }
  }
  // After it, with the actual cost (the estimate may have been low).
  stopAtBudget(exec, (b) => b.spentMicros > b.limitMicros);

  const toolCalls = (acc?.tool_calls ?? []).map((tc) => ({ ...tc, id: uniqueToolCallId(exec, tc.id) }));
  const message = new AIMessage({
    id: acc?.id,
    content: acc?.content ?? "",
    tool_calls: toolCalls,
    usage_metadata: usage,
  });
  return { message, tokens, cost };
}
