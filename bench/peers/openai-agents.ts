/**
 * @openai/agents (the OpenAI Agents SDK) as a bench:engine peer, "agents as tools": one parent
 * agent with a child agent exposed through `asTool` ("worker"), both on a scripted `Model`
 * (the SDK's public model interface) that plays bench/peers/scripted.ts's script: the parent emits
 * `fanout` function calls to the child tool in one turn and answers once it sees their results; a
 * child sees only its task (the tool's input) and answers TEXT in 16-character deltas after
 * `childDelayMs`. Agents are built once per shape and reused across runs, runs are streamed with
 * `run(agent, input, { stream: true })` and consumed to the end, tracing off (ours has none either).
 */
import {
  Agent,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  type StreamEvent,
  setTracingDisabled,
  Usage,
} from "@openai/agents";
import type { EngineAdapter } from "./adapters";
import { TEXT } from "./scripted";

const CHUNK = 16;
let seq = 0;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

type Item = { type?: string; role?: string };
type Turn = {
  text?: string;
  calls?: { name: string; args: Record<string, unknown> }[];
  input: number;
  output: number;
  delayMs?: number;
};

/** The scripted model; `decide` is the script, called once per model call. */
class ScriptedModel implements Model {
  calls = 0;
  constructor(private readonly decide: (input: Item[]) => Turn) {}

  private turn(request: ModelRequest): Turn {
    this.calls++;
    const input =
      typeof request.input === "string" ? [{ type: "message", role: "user" }] : (request.input as Item[]);
    return this.decide(input);
  }

  private output(turn: Turn, id: string) {
    const out: ModelResponse["output"] = [];
    if (turn.text)
      out.push({
        type: "message",
        role: "assistant",
        status: "completed",
        id,
        content: [{ type: "output_text", text: turn.text }],
      });
    for (const [i, c] of (turn.calls ?? []).entries())
      out.push({
        type: "function_call",
        callId: `call_${id}_${i}`,
        name: c.name,
        arguments: JSON.stringify(c.args),
        status: "completed",
      });
    return out;
  }

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const turn = this.turn(request);
    await sleep(turn.delayMs ?? 0, request.signal);
    const id = `resp_${++seq}`;
    return {
      usage: new Usage({
        requests: 1,
        inputTokens: turn.input,
        outputTokens: turn.output,
        totalTokens: turn.input + turn.output,
      }),
      output: this.output(turn, id),
      responseId: id,
    };
  }

  async *getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    const turn = this.turn(request);
    await sleep(turn.delayMs ?? 0, request.signal);
    const id = `resp_${++seq}`;
    yield { type: "response_started" };
    const text = turn.text ?? "";
    for (let i = 0; i < text.length; i += CHUNK)
      yield { type: "output_text_delta", delta: text.slice(i, i + CHUNK) };
    yield {
      type: "response_done",
      response: {
        id,
        usage: {
          requests: 1,
          inputTokens: turn.input,
          outputTokens: turn.output,
          totalTokens: turn.input + turn.output,
        },
        output: this.output(turn, id),
      },
    };
  }
}

const TASK = (i: number) => `Subtask ${i + 1}: summarise part ${i + 1}`;

export async function openaiAgentsAdapter(): Promise<EngineAdapter> {
  setTracingDisabled(true);
  const runner = new Runner({ tracingDisabled: true });
  const shapes = new Map<string, { agent: Agent; parent: ScriptedModel; child: ScriptedModel }>();
  const shape = (fanout: number, childDelayMs: number) => {
    const key = `${fanout}/${childDelayMs}`;
    let s = shapes.get(key);
    if (s) return s;
    const child = new ScriptedModel((input) => {
      // A child sees only its task: one user message, nothing of the parent's conversation.
      if (input.length !== 1) throw new Error(`a child saw ${input.length} items, expected its task only`);
      return { text: TEXT, input: 10, output: 15, delayMs: childDelayMs };
    });
    const parent = new ScriptedModel((input) =>
      fanout === 0
        ? { text: TEXT, input: 20, output: 15 }
        : input.some((m) => m.type === "function_call_result")
          ? { text: "All subtasks are done.", input: 50, output: 6 }
          : {
              calls: Array.from({ length: fanout }, (_, i) => ({ name: "worker", args: { input: TASK(i) } })),
              input: 40,
              output: 30,
            },
    );
    const worker = new Agent({ name: "worker", instructions: "You are agent a.", model: child });
    const agent = new Agent({
      name: "a",
      instructions: "You are agent a.",
      model: parent,
      tools:
        fanout > 0 ? [worker.asTool({ toolName: "worker", toolDescription: "Agent a does a things" })] : [],
    });
    s = { agent, parent, child };
    shapes.set(key, s);
    return s;
  };
  const run = async (fanout: number, childDelayMs: number) => {
    const result = await runner.run(shape(fanout, childDelayMs).agent, "Please help with this.", {
      stream: true,
      maxTurns: 50,
    });
    let deltas = 0;
    for await (const ev of result) if (ev.type === "raw_model_stream_event") deltas++;
    await result.completed;
    if (deltas === 0) throw new Error("no model stream events reached the consumer");
  };
  return {
    name: "openai-agents",
    w1: () => run(0, 0),
    fanout: (d, n) => run(n, d),
    calls: (n, d) => {
      const s = shapes.get(`${n}/${d}`);
      return { parent: s?.parent.calls ?? 0, child: s?.child.calls ?? 0 };
    },
  };
}
