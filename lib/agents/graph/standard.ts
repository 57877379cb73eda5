import type { BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Annotation, Command, END, GraphRecursionError, StateGraph } from "@langchain/langgraph";
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
 * The run enters the loop at the tools node: its first model turn is taken outside the graph (see
 * `runAgentGraph`), and the input is a `Command` that writes the conversation and goes to `tools`,
 * so no `__start__` task runs. Nodes route with `Command.goto` instead of edges: LangGraph gives
 * every node a reader-less control branch anyway, while a conditional edge adds a writer that copies
 * the checkpoint and channels to read the node's own writes, and a plain edge a third writer.
 */
function compileStandardGraph() {
  return new StateGraph(AgentState)
    .addNode(
      "model",
      async (state, config) => {
        const messages = [await callModel(execOf(config), state.messages)];
        return new Command({ update: { messages }, goto: hasToolCalls(messages) ? "tools" : END });
      },
      { ends: ["tools", END] },
    )
    .addNode(
      "tools",
      async (state, config) => {
        const { messages } = await runTools(execOf(config), state.messages, runAgentGraph);
        return new Command({ update: { messages }, goto: "model" });
      },
      { ends: ["model"] },
    )
    .compile();
}

let compiledFromTools: ReturnType<typeof compileStandardGraph> | undefined;

/**
 * The single-agent graph entered at the tools node. Its shape is the same for every agent (what
 * differs — model, tools, instructions, subagents — travels in the config), so it is compiled once
 * per process.
 */
function standardGraphFromTools() {
  compiledFromTools ??= compileStandardGraph();
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
      // Entered by a Command, the graph runs no `__start__` step, so LangGraph allows one node step
      // more than `recursionLimit`: the limit left after the first turn (limit - 1 steps) is passed
      // as limit - 2. LangGraph refuses 0, so the one step a limit of 2 leaves is run here.
      if (limit === 2) {
        await runTools(exec, afterFirst, runAgentGraph);
        throw new GraphRecursionError(`Recursion limit of 1 reached`);
      }
      const out = await standardGraphFromTools().invoke(
        new Command({ update: { messages: afterFirst }, goto: "tools" }),
        { configurable: { exec }, recursionLimit: limit - 2 },
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
