import type { BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Annotation, END, GraphRecursionError, START, StateGraph } from "@langchain/langgraph";
import { AgentEngineError } from "../errors";
import type { AgentExecution } from "./context";
import { callModel } from "./model-node";
import { detached } from "./model-stream";
import { runTools } from "./tools-node";

const concat = (a: BaseMessage[], b: BaseMessage[]) => a.concat(b);

/** State of one agent's loop. */
export const AgentState = Annotation.Root({
  /** Conversation as this agent sees it; the system message is added per model call, not stored. */
  messages: Annotation<BaseMessage[]>({ reducer: concat, default: () => [] }),
});

export function execOf(config: RunnableConfig): AgentExecution {
  return config.configurable?.exec as AgentExecution;
}

export function hasToolCalls(messages: BaseMessage[]): boolean {
  const last = messages[messages.length - 1] as { tool_calls?: unknown[] } | undefined;
  return (last?.tool_calls?.length ?? 0) > 0;
}

/**
 * model → (tools → model)* → END. The execution (model, tools, span) comes in `configurable.exec`.
 * With `fromTools`, the same loop is entered at the tools node: the run continues after a first
 * model turn that was taken outside the graph (see `runAgentGraph`).
 */
function compileStandardGraph(fromTools = false) {
  return new StateGraph(AgentState)
    .addNode("model", async (state, config) => ({
      messages: [await callModel(execOf(config), state.messages)],
    }))
    .addNode("tools", async (state, config) => ({
      messages: (await runTools(execOf(config), state.messages, runAgentGraph)).messages,
    }))
    .addEdge(START, fromTools ? "tools" : "model")
    .addConditionalEdges("model", (state) => (hasToolCalls(state.messages) ? "tools" : END), ["tools", END])
    .addEdge("tools", "model")
    .compile();
}

let compiledFromTools: ReturnType<typeof compileStandardGraph> | undefined;

/**
 * The single-agent graph entered at the tools node. Its shape is the same for every agent (what
 * differs — model, tools, instructions, subagents — travels in the config), so it is compiled once
 * per process.
 */
function standardGraphFromTools() {
  compiledFromTools ??= compileStandardGraph(true);
  return compiledFromTools;
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
 * The first model turn is the graph's `model` node run directly: a turn without tool calls ends
 * the graph anyway (model → END), so an answer that calls no tool — every leaf subagent's, and
 * every plain reply — costs one model call instead of a LangGraph run (Pregel setup, checkpoints,
 * and a LangSmith RunTree per node, writer and branch). A turn that calls tools continues in the
 * compiled graph from the tools node, with one step less of recursion budget, so the loop, its
 * limits and its events are the same as when the whole run went through the graph.
 */
export async function runAgentGraph(exec: AgentExecution, messages: BaseMessage[]): Promise<BaseMessage[]> {
  const limit = recursionLimitFor(exec);
  try {
    const run = async () => {
      // LangGraph's own checks: a limit below 1 is refused; with 1 the graph stops after the model node.
      if (limit < 1) throw new Error(`Passed "recursionLimit" must be at least 1.`);
      const first = await callModel(exec, messages);
      const afterFirst = messages.concat([first]);
      if (!hasToolCalls(afterFirst)) return afterFirst;
      if (limit < 2) throw new GraphRecursionError(`Recursion limit of ${limit} reached`);
      const out = await standardGraphFromTools().invoke(
        { messages: afterFirst },
        { configurable: { exec }, recursionLimit: limit - 1 },
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
