import type { BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Annotation, Command, END, GraphRecursionError, StateGraph } from "@langchain/langgraph";
import { AgentEngineError } from "../errors";
import type { AgentExecution } from "./context";
import { callModel } from "./model-node";
import { detached } from "./model-stream";
import { steeringBefore } from "./steer";
import { runTools } from "./tools-node";

const concat = (a: BaseMessage[], b: BaseMessage[]) => a.concat(b);

/** State of one agent's loop. */
export const AgentState = Annotation.Root({
  /** Conversation as this agent sees it; the system message is added per model call, not stored. */
  messages: Annotation<BaseMessage[]>({ reducer: concat, default: () => [] }),
});

/** What one run of the loop graph gets in `configurable.loop`. */
interface LoopConfig {
  exec: AgentExecution;
  /** Node steps (model turns and tools rounds) the recursion limit still allows to finish. */
  steps: { left: number };
}

const loopOf = (config: RunnableConfig) => config.configurable?.loop as LoopConfig;

/**
 * Counts a finished node step. LangGraph checks its limit after a step, before it looks for the
 * next one: the step that reaches the limit still runs, then the run fails, even when it was the
 * last (a model turn going to END). This keeps that rule for model turns and tools rounds alike.
 */
function stepDone(steps: { left: number }) {
  if (--steps.left < 0) throw new GraphRecursionError("Recursion limit reached");
}

export function hasToolCalls(messages: BaseMessage[]): boolean {
  const last = messages[messages.length - 1] as { tool_calls?: unknown[] } | undefined;
  return (last?.tool_calls?.length ?? 0) > 0;
}

/**
 * model → (tools → model)* → END, as a loop of one node: a `turn` is a tools round and the model
 * turn that reads its results, then `Command.goto` says whether another turn follows. The run's
 * first model turn is taken outside the graph (see `runAgentGraph`), which is entered by a `Command`
 * that writes the conversation and goes to `turn` (no `__start__` task). One Pregel step per round
 * instead of two (with a conditional edge, a third writer that copies the checkpoint per model step):
 * each step costs a checkpoint, a task, a runnable sequence and its writers.
 * The recursion limit still counts model turns and tools rounds one by one, as when each was a
 * node (`stepDone`); LangGraph's own limit is set above what that count allows.
 * The execution (model, tools, span) comes in `configurable.loop`; the graph's shape is the same for
 * every agent, so it is compiled once per process.
 */
function compileStandardGraph() {
  return new StateGraph(AgentState)
    .addNode(
      "turn",
      async (state, config) => {
        const { exec, steps } = loopOf(config);
        const { messages: results } = await runTools(exec, state.messages, runAgentGraph);
        stepDone(steps);
        const steered = steeringBefore(exec);
        const reply = await callModel(exec, state.messages.concat(results, steered));
        stepDone(steps);
        return new Command({
          update: { messages: [...results, ...steered, reply] },
          goto: hasToolCalls([reply]) ? "turn" : END,
        });
      },
      { ends: ["turn", END] },
    )
    .compile();
}

let compiledLoop: ReturnType<typeof compileStandardGraph> | undefined;

function standardGraph() {
  compiledLoop ??= compileStandardGraph();
  return compiledLoop;
}

/** LangGraph's recursion limit for an execution: the admin limit at the root, 2 steps per turn below. */
export function recursionLimitFor(exec: AgentExecution): number {
  return exec.depth === 0 && exec.maxTurns === Number.POSITIVE_INFINITY
    ? exec.run.limits.recursionLimit
    : exec.maxTurns * 2 + 1;
}

export function mapGraphError(err: unknown, exec: AgentExecution): unknown {
  if (err instanceof GraphRecursionError) {
    return new AgentEngineError("limit:recursion", `Agent "${exec.input.name}" reached the recursion limit`, {
      agentId: exec.input.agentId,
    });
  }
  return err;
}

/**
 * Runs one agent execution to the end and returns its conversation (input + new messages).
 *
 * The first model turn is taken directly: a turn without tool calls ends the loop anyway, so an
 * answer that calls no tool — every leaf subagent's, and every plain reply — costs one model call
 * instead of a LangGraph run (Pregel setup, checkpoints, a task per step). A turn that calls tools
 * continues in the compiled loop with the rest of the recursion budget, so the loop, its limits
 * and its events are the same as when the whole run went through a model → tools → model graph.
 */
export async function runAgentGraph(exec: AgentExecution, messages: BaseMessage[]): Promise<BaseMessage[]> {
  const limit = recursionLimitFor(exec);
  try {
    const run = async () => {
      // LangGraph's own checks: a limit below 1 is refused; with 1 the graph stops after the model node.
      if (limit < 1) throw new Error(`Passed "recursionLimit" must be at least 1.`);
      const steered = steeringBefore(exec);
      const first = await callModel(exec, messages.concat(steered));
      const afterFirst = messages.concat(steered, [first]);
      if (!hasToolCalls(afterFirst)) return afterFirst;
      if (limit < 2) throw new GraphRecursionError(`Recursion limit of ${limit} reached`);
      // The first turn was step 1; LangGraph would let steps up to `limit` run and fail after
      // step `limit`, so `limit - 2` more steps may finish.
      const steps = { left: limit - 2 };
      const out = await standardGraph().invoke(
        new Command({ update: { messages: afterFirst }, goto: "turn" }),
        {
          configurable: { loop: { exec, steps } satisfies LoopConfig },
          // More graph steps (two node steps each) than `steps` allows: its count stops the loop.
          recursionLimit: Math.max(1, steps.left),
        },
      );
      return out.messages;
    };
    // A child runs as its own graph run, detached from the parent node's ambient config: it must not
    // inherit the parent's configurable, stream or signal (it gets the run's signal instead).
    return exec.parent ? await detached(run) : await run();
  } catch (err) {
    throw mapGraphError(err, exec);
  }
}
