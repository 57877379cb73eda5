/**
 * The offline demo model (protocol `demo`, endpoint "Demo (scripted, offline)", model
 * `demo-delegator`): a deterministic LangChain chat model that streams scripted answers at a
 * readable pace and exercises delegation. What it says is decided in `demo/plan.ts`, in the language
 * it is given (`locale`: the language of the request that started the run; English by default).
 */
import { createHash } from "node:crypto";
import type { CallbackManagerForLLMRun } from "@langchain/core/callbacks/manager";
import type { BaseLanguageModelInput } from "@langchain/core/language_models/base";
import {
  BaseChatModel,
  type BaseChatModelCallOptions,
  type BaseChatModelParams,
  type BindToolsInput,
} from "@langchain/core/language_models/chat_models";
import { AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { ChatGenerationChunk, type ChatResult } from "@langchain/core/outputs";
import type { Runnable } from "@langchain/core/runnables";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { messageText } from "../agents/messages";
import { DEFAULT_LOCALE, type Locale } from "../i18n/locales";
import { sleep } from "../util/abortable-sleep";
import { demoNote } from "./demo/i18n";
import { type DemoToolInfo, planTurn } from "./demo/plan";
import { DEMO_MODEL_ID } from "./demo-constants";

export interface DemoChatModelCallOptions extends BaseChatModelCallOptions {
  /** Bound tools (any form `bindTools` accepts; stored in OpenAI function format). */
  tools?: BindToolsInput[];
}

export interface DemoChatModelFields extends BaseChatModelParams {
  /** Delay before each streamed token in ms (default 20; use 0 in tests). */
  tokenDelayMs?: number;
  /** The language it answers in (default English). */
  locale?: Locale;
}

export class DemoChatModel extends BaseChatModel<DemoChatModelCallOptions, AIMessageChunk> {
  static lc_name() {
    return "DemoChatModel";
  }

  readonly model = DEMO_MODEL_ID;
  tokenDelayMs: number;
  locale: Locale;

  constructor(fields: DemoChatModelFields = {}) {
    super(fields);
    this.tokenDelayMs = fields.tokenDelayMs ?? 20;
    this.locale = fields.locale ?? DEFAULT_LOCALE;
  }

  _llmType(): string {
    return "demo";
  }

  override bindTools(
    tools: BindToolsInput[],
    kwargs?: Partial<DemoChatModelCallOptions>,
  ): Runnable<BaseLanguageModelInput, AIMessageChunk, DemoChatModelCallOptions> {
    return this.withConfig({ ...kwargs, tools: tools.map((t) => convertToOpenAITool(t)) });
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const plan = planTurn(messages, toolInfos(options.tools), this.locale);
    const id = `demo-${digest(messages.map(messageText).join("\u0000"))}`;
    // Only real waits are awaited: a pacing of 0 and a call no handler watches add no promise per
    // token (with AsyncLocalStorage active in a server, every promise costs its async hooks).
    const pace = this.tokenDelayMs;
    for (const token of tokenize(plan.text, demoNote(this.locale))) {
      if (pace > 0) await sleep(pace, options.signal);
      options.signal?.throwIfAborted();
      const chunk = new ChatGenerationChunk({
        text: token,
        message: new AIMessageChunk({ id, content: token }),
      });
      yield chunk;
      if (runManager)
        await runManager.handleLLMNewToken(token, undefined, undefined, undefined, undefined, { chunk });
    }
    options.signal?.throwIfAborted();
    const inputTokens = estimateTokens(messages.map(messageText).join("\n"));
    const outputTokens = estimateTokens(plan.text) + plan.toolCalls.length * 12;
    yield new ChatGenerationChunk({
      text: "",
      message: new AIMessageChunk({
        id,
        content: "",
        tool_call_chunks: plan.toolCalls.map((call, index) => ({
          type: "tool_call_chunk" as const,
          index,
          id: `call_${digest(`${id}:${index}:${call.name}`)}`,
          name: call.name,
          args: JSON.stringify(call.args),
        })),
        usage_metadata: {
          input_tokens: inputTokens,
          output_tokens: outputTokens,
          total_tokens: inputTokens + outputTokens,
        },
        response_metadata: {
          model_name: DEMO_MODEL_ID,
          model_provider: "demo",
          finish_reason: plan.toolCalls.length > 0 ? "tool_calls" : "stop",
        },
      }),
      generationInfo: { finish_reason: plan.toolCalls.length > 0 ? "tool_calls" : "stop" },
    });
  }

  async _generate(
    messages: BaseMessage[],
    options: this["ParsedCallOptions"],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    let merged: ChatGenerationChunk | undefined;
    for await (const chunk of this._streamResponseChunks(messages, options, runManager)) {
      merged = merged ? merged.concat(chunk) : chunk;
    }
    if (!merged) throw new Error("Demo model produced nothing");
    const usage = (merged.message as AIMessageChunk).usage_metadata;
    const tokenUsage = usage && {
      promptTokens: usage.input_tokens,
      completionTokens: usage.output_tokens,
      totalTokens: usage.total_tokens,
    };
    return { generations: [merged], llmOutput: { tokenUsage } };
  }
}

/** Rough token estimate (≈4 characters per token), as the demo has no tokenizer. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/**
 * Words with their trailing whitespace, so streamed tokens concatenate back to the text exactly.
 * The demo note goes out whole: its italics would otherwise show as a raw "_" until it ends.
 */
function tokenize(text: string, note: string): string[] {
  const words = (t: string) => t.match(/\s*\S+\s*/g) ?? (t ? [t] : []);
  const at = text.indexOf(note);
  if (at < 0) return words(text);
  const end = at + note.length;
  return [...words(text.slice(0, at)), note, ...words(text.slice(end))];
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

function toolInfos(tools: BindToolsInput[] | undefined): DemoToolInfo[] {
  return (tools ?? []).map((t) => {
    const fn = convertToOpenAITool(t).function;
    return {
      name: fn.name,
      description: fn.description,
      parameters: fn.parameters as DemoToolInfo["parameters"],
    };
  });
}
