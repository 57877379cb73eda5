import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import { BaseChatModel, type BaseChatModelParams } from "@langchain/core/language_models/chat_models";
import { AIMessage, AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { ChatGenerationChunk, type ChatResult } from "@langchain/core/outputs";
import { sleep } from "../../util/abortable-sleep";
import { messageText } from "../messages";
import type { ModelFactory, ModelSpec } from "../types";

export { messageText };

/** One scripted model response. */
export interface ScriptedTurn {
  /** Streamed in chunks of `chunkSize` characters. */
  text?: string;
  /** Streamed first, in `additional_kwargs[reasoningKey]`. */
  reasoning?: string;
  reasoningKey?: "reasoning" | "reasoning_content";
  toolCalls?: { name: string; args: Record<string, unknown>; id?: string }[];
  /** Token usage reported on the last chunk; default: a rough estimate. */
  usage?: { input: number; output: number; cached?: number; reasoning?: number };
  /** Wait before answering; rejects with an AbortError when the call's signal aborts. */
  delayMs?: number;
  /** Throw this instead of answering (after the delay). */
  error?: string | Error;
}

export interface ScriptContext {
  messages: BaseMessage[];
  /** Bound tool names (from `{name}` or OpenAI `{function: {name}}` definitions). */
  toolNames: string[];
  tools: unknown[];
  /** Index of this call on this model (all bound copies share the counter). */
  callIndex: number;
  /** Content of the leading system message, "" when none. */
  system: string;
  /** Text of the last message. */
  lastText: string;
}

/** An array is played in order (the last turn repeats); a function picks the turn from the input. */
export type Script = ScriptedTurn[] | ((ctx: ScriptContext) => ScriptedTurn | Promise<ScriptedTurn>);

export interface ScriptedChatModelFields extends BaseChatModelParams {
  script: Script;
  /** Characters per streamed text chunk (default 16). */
  chunkSize?: number;
  /** Keep a log of every call's input in `calls` (default true; benchmarks turn it off). */
  record?: boolean;
}

interface SharedState {
  callCount: number;
  calls: { messages: BaseMessage[]; toolNames: string[]; tools: unknown[]; start: number; end: number }[];
}

export function boundToolName(t: unknown): string {
  const o = t as { name?: string; function?: { name?: string } };
  return o.function?.name ?? o.name ?? "";
}

let idCounter = 0;

/**
 * A chat model that answers from a script: supports `bindTools`, streaming through
 * `_streamResponseChunks`, tool calls (as tool_call_chunks), reasoning deltas, `usage_metadata`
 * and per-call delays that honour the abort signal. Used by unit tests, route tests and benchmarks.
 */
export class ScriptedChatModel extends BaseChatModel {
  readonly script: Script;
  readonly chunkSize: number;
  readonly record: boolean;
  boundTools: unknown[] = [];
  private shared: SharedState;

  constructor(fields: ScriptedChatModelFields, shared?: SharedState) {
    super(fields);
    this.script = fields.script;
    this.chunkSize = Math.max(1, fields.chunkSize ?? 16);
    this.record = fields.record ?? true;
    this.shared = shared ?? { callCount: 0, calls: [] };
  }

  static lc_name() {
    return "ScriptedChatModel";
  }

  _llmType(): string {
    return "scripted";
  }

  /** Inputs of every call so far (shared by bound copies), with start/end times in ms. */
  get calls() {
    return this.shared.calls;
  }

  get callCount() {
    return this.shared.callCount;
  }

  override bindTools(tools: unknown[]): ScriptedChatModel {
    const bound = new ScriptedChatModel(
      { script: this.script, chunkSize: this.chunkSize, record: this.record },
      this.shared,
    );
    bound.boundTools = [...tools];
    return bound;
  }

  private async nextTurn(messages: BaseMessage[]): Promise<ScriptedTurn> {
    const callIndex = this.shared.callCount++;
    if (Array.isArray(this.script)) return this.script[Math.min(callIndex, this.script.length - 1)] ?? {};
    const first = messages[0];
    return this.script({
      messages,
      tools: this.boundTools,
      toolNames: this.boundTools.map(boundToolName),
      callIndex,
      system: first && first.getType() === "system" ? messageText(first) : "",
      lastText: messageText(messages[messages.length - 1]),
    });
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const start = performance.now();
    const turn = await this.nextTurn(messages);
    const record = this.record
      ? {
          messages: [...messages],
          toolNames: this.boundTools.map(boundToolName),
          tools: this.boundTools,
          start,
          end: start,
        }
      : undefined;
    if (record) this.shared.calls.push(record);
    if (turn.delayMs && turn.delayMs > 0) await sleep(turn.delayMs, options.signal);
    options.signal?.throwIfAborted();
    if (turn.error) throw typeof turn.error === "string" ? new Error(turn.error) : turn.error;

    const id = `scripted-${++idCounter}`;
    const key = turn.reasoningKey ?? "reasoning_content";
    if (turn.reasoning) {
      yield new ChatGenerationChunk({
        text: "",
        message: new AIMessageChunk({ id, content: "", additional_kwargs: { [key]: turn.reasoning } }),
      });
    }
    const text = turn.text ?? "";
    for (let i = 0; i < text.length; i += this.chunkSize) {
      const piece = text.slice(i, i + this.chunkSize);
      yield new ChatGenerationChunk({ text: piece, message: new AIMessageChunk({ id, content: piece }) });
      await runManager?.handleLLMNewToken(piece);
    }
    const input = turn.usage?.input ?? Math.ceil(messages.reduce((n, m) => n + messageText(m).length, 0) / 4);
    const output = turn.usage?.output ?? Math.max(1, Math.ceil(text.length / 4));
    yield new ChatGenerationChunk({
      text: "",
      message: new AIMessageChunk({
        id,
        content: "",
        tool_call_chunks: (turn.toolCalls ?? []).map((tc, index) => ({
          type: "tool_call_chunk" as const,
          index,
          id: tc.id ?? `call_${id}_${index}`,
          name: tc.name,
          args: JSON.stringify(tc.args),
        })),
        usage_metadata: {
          input_tokens: input,
          output_tokens: output,
          total_tokens: input + output,
          ...(turn.usage?.cached ? { input_token_details: { cache_read: turn.usage.cached } } : {}),
          ...(turn.usage?.reasoning ? { output_token_details: { reasoning: turn.usage.reasoning } } : {}),
        },
      }),
    });
    if (record) record.end = performance.now();
  }

  async _generate(messages: BaseMessage[], options: this["ParsedCallOptions"]): Promise<ChatResult> {
    let acc: AIMessageChunk | undefined;
    for await (const chunk of this._streamResponseChunks(messages, options)) {
      acc = acc ? acc.concat(chunk.message as AIMessageChunk) : (chunk.message as AIMessageChunk);
    }
    const message = new AIMessage({
      content: acc?.content ?? "",
      tool_calls: acc?.tool_calls,
      usage_metadata: acc?.usage_metadata,
      additional_kwargs: acc?.additional_kwargs,
    });
    return { generations: [{ text: messageText(message), message }] };
  }
}

/**
 * A `modelFactory` that serves scripted models: one script per agent id, or a function of the
 * model spec. Models are created per call, so keep a reference through `models` if a test needs
 * to inspect calls.
 */
export function scriptedModelFactory(
  scripts: Record<string, Script> | ((spec: ModelSpec) => Script),
  opts: Omit<ScriptedChatModelFields, "script"> = {},
): ModelFactory & { models: Map<string, ScriptedChatModel[]> } {
  const models = new Map<string, ScriptedChatModel[]>();
  const factory = ((spec: ModelSpec) => {
    const script = typeof scripts === "function" ? scripts(spec) : scripts[spec.agentId];
    if (!script) throw new Error(`No script for agent ${spec.agentId}`);
    const model = new ScriptedChatModel({ ...opts, script });
    if (opts.record !== false) {
      const list = models.get(spec.agentId) ?? [];
      list.push(model);
      models.set(spec.agentId, list);
    }
    return model;
  }) as unknown as ModelFactory & { models: Map<string, ScriptedChatModel[]> };
  factory.models = models;
  return factory;
}
