/**
 * A scripted chat model for the peer engines, behaving like lib/agents/testing/scripted-model.ts
 * (text streamed in 16-character chunks, tool calls as tool_call_chunks on the last chunk,
 * usage_metadata, an optional delay that honours the abort signal). It is built on the
 * @langchain/core copy the peer itself loads, so its messages pass the peer's own class checks.
 */

/** The three @langchain/core entry points the model needs, from the peer's own core copy. */
export interface CoreModules {
  chatModels: { BaseChatModel: new (fields: Record<string, unknown>) => object };
  messages: {
    AIMessageChunk: new (fields: Record<string, unknown>) => object;
    AIMessage: new (fields: Record<string, unknown>) => object;
  };
  outputs: { ChatGenerationChunk: new (fields: Record<string, unknown>) => object };
}

export interface Turn {
  text?: string;
  toolCalls?: { name: string; args: Record<string, unknown> }[];
  usage: { input: number; output: number };
  delayMs?: number;
}

export interface Msg {
  content: unknown;
  getType?: () => string;
  _getType?: () => string;
}

export type Script = ((messages: Msg[]) => Turn) & { calls?: { parent: number; child: number } };

export const TEXT = "Here is a short answer from the scripted model, streamed in a few chunks.";

export function msgType(m: Msg): string {
  return (m.getType?.() ?? m._getType?.() ?? "") as string;
}

export function msgText(m: Msg | undefined): string {
  if (!m) return "";
  const c = m.content;
  if (typeof c === "string") return c;
  if (Array.isArray(c)) return c.map((p) => (typeof p === "string" ? p : (p?.text ?? ""))).join("");
  return "";
}

/**
 * The same script as bench/engine.ts: a child (its last user message is a subtask) answers TEXT
 * after `childDelayMs`; a parent delegates `fanout` tasks through `toolName`, then answers once it
 * sees tool results; with fanout 0 it just answers (W1).
 */
export function benchScript(opts: {
  fanout: number;
  childDelayMs: number;
  toolName: string;
  subagentType: string;
}): Script {
  const calls = { parent: 0, child: 0 };
  const script: Script = (messages) => {
    const lastHuman = [...messages].reverse().find((m) => msgType(m) === "human");
    if (msgText(lastHuman).includes("Subtask ")) {
      calls.child++;
      return { text: TEXT, delayMs: opts.childDelayMs, usage: { input: 10, output: 15 } };
    }
    calls.parent++;
    if (opts.fanout === 0) return { text: TEXT, usage: { input: 20, output: 15 } };
    if (messages.some((m) => msgType(m) === "tool"))
      return { text: "All subtasks are done.", usage: { input: 50, output: 6 } };
    return {
      toolCalls: Array.from({ length: opts.fanout }, (_, i) => ({
        name: opts.toolName,
        args: { subagent_type: opts.subagentType, description: `Subtask ${i + 1}: summarise part ${i + 1}` },
      })),
      usage: { input: 40, output: 30 },
    };
  };
  script.calls = calls;
  return script;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error("Aborted"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error("Aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

let ids = 0;

// biome-ignore lint/suspicious/noExplicitAny: the class is built on whichever core copy the peer uses.
type AnyClass = new (...args: any[]) => any;

/** Builds the scripted model class on the given core copy. Fields: `{ script }`. */
export function scriptedModelClass(core: CoreModules): AnyClass {
  const Base = core.chatModels.BaseChatModel as unknown as AnyClass;
  const { AIMessageChunk, AIMessage } = core.messages;
  const { ChatGenerationChunk } = core.outputs;

  return class BenchScriptedChatModel extends Base {
    script: Script;
    chunkSize = 16;
    constructor(fields: { script?: Script; benchScript?: Script } & Record<string, unknown>) {
      super({});
      const s = fields.script ?? fields.benchScript;
      if (!s) throw new Error("BenchScriptedChatModel needs a script");
      this.script = s;
    }
    static lc_name() {
      return "BenchScriptedChatModel";
    }
    _llmType() {
      return "bench-scripted";
    }
    bindTools() {
      // Tool definitions do not change the script; the same instance answers.
      return this;
    }
    async *_streamResponseChunks(
      messages: Msg[],
      options: { signal?: AbortSignal },
      runManager?: { handleLLMNewToken(t: string): Promise<void> },
    ) {
      const turn = this.script(messages);
      if (turn.delayMs && turn.delayMs > 0) await sleep(turn.delayMs, options?.signal);
      const id = `bench-${++ids}`;
      const text = turn.text ?? "";
      for (let i = 0; i < text.length; i += this.chunkSize) {
        const piece = text.slice(i, i + this.chunkSize);
        yield new ChatGenerationChunk({ text: piece, message: new AIMessageChunk({ id, content: piece }) });
        await runManager?.handleLLMNewToken(piece);
      }
      const { input, output } = turn.usage;
      yield new ChatGenerationChunk({
        text: "",
        message: new AIMessageChunk({
          id,
          content: "",
          tool_call_chunks: (turn.toolCalls ?? []).map((tc, index) => ({
            type: "tool_call_chunk",
            index,
            id: `call_${id}_${index}`,
            name: tc.name,
            args: JSON.stringify(tc.args),
          })),
          usage_metadata: { input_tokens: input, output_tokens: output, total_tokens: input + output },
        }),
      });
    }
    async _generate(messages: Msg[], options: { signal?: AbortSignal }) {
      // biome-ignore lint/suspicious/noExplicitAny: chunk classes of the peer's core copy.
      let acc: any;
      for await (const chunk of this._streamResponseChunks(messages, options)) {
        // biome-ignore lint/suspicious/noExplicitAny: see above
        const m = (chunk as any).message;
        acc = acc ? acc.concat(m) : m;
      }
      const message = new AIMessage({
        id: acc?.id,
        content: acc?.content ?? "",
        tool_calls: acc?.tool_calls,
        usage_metadata: acc?.usage_metadata,
      });
      return { generations: [{ text: msgText(message as Msg), message }] };
    }
  };
}
