import type { BaseMessage } from "@langchain/core/messages";
import type { RunnableConfig } from "@langchain/core/runnables";
import { Annotation, END, START, StateGraph } from "@langchain/langgraph";
import type { AgentExecution } from "./context";
import { callModel } from "./model-node";
import { hasToolCalls, mapGraphError, runAgentGraph } from "./standard";
import { type HandoffResolver, runTools } from "./tools-node";

/** State of a multi-agent conversation. */
export const MultiAgentState = Annotation.Root({
  /** Shared conversation of every agent; system messages are added per model call. */
  messages: Annotation<BaseMessage[]>({ reducer: (a, b) => a.concat(b), default: () => [] }),
  /** Index of the agent holding the conversation (changes on a handoff). */
  active: Annotation<number>({ reducer: (_, b) => b, default: () => 0 }),
});

interface MultiConfig {
  execs: AgentExecution[];
  resolveHandoff: HandoffResolver;
  indexOf: Map<string, number>;
}

interface CompiledMultiAgentGraph {
  invoke(input: { messages: BaseMessage[] }, config: RunnableConfig): Promise<{ messages: BaseMessage[] }>;
}

const cfgOf = (config: RunnableConfig) => config.configurable?.multi as MultiConfig;

/**
 * One node per agent plus a shared tools node. With edges, `transfer_to_<agent>` calls route the
 * conversation; without edges the agents answer one after another (an agent chain).
 */
function compileMultiAgentGraph(count: number, chain: boolean) {
  // biome-ignore lint/suspicious/noExplicitAny: node names are generated, so the builder's literal types can't follow.
  const g: any = new StateGraph(MultiAgentState);
  const names = Array.from({ length: count }, (_, i) => `agent_${i}`);
  names.forEach((name, i) => {
    g.addNode(name, async (state: typeof MultiAgentState.State, config: RunnableConfig) => ({
      messages: [await callModel(cfgOf(config).execs[i], state.messages)],
      active: i,
    }));
  });
  g.addNode("tools", async (state: typeof MultiAgentState.State, config: RunnableConfig) => {
    const cfg = cfgOf(config);
    const r = await runTools(cfg.execs[state.active], state.messages, runAgentGraph, cfg.resolveHandoff);
    return {
      messages: r.messages,
      active: r.handoffTo !== undefined ? (cfg.indexOf.get(r.handoffTo) ?? state.active) : state.active,
    };
  });
  g.addEdge(START, names[0]);
  names.forEach((name, i) => {
    const next = chain && i < count - 1 ? names[i + 1] : END;
    g.addConditionalEdges(
      name,
      (s: typeof MultiAgentState.State) => (hasToolCalls(s.messages) ? "tools" : next),
      ["tools", next],
    );
  });
  g.addConditionalEdges("tools", (s: typeof MultiAgentState.State) => names[s.active], names);
  return g.compile() as CompiledMultiAgentGraph;
}

const cache = new Map<string, ReturnType<typeof compileMultiAgentGraph>>();

/** Compiled once per configuration (agent count, chain or handoff routing). */
export function multiAgentGraph(count: number, chain: boolean) {
  const key = `${count}:${chain}`;
  let graph = cache.get(key);
  if (!graph) {
    graph = compileMultiAgentGraph(count, chain);
    cache.set(key, graph);
  }
  return graph;
}

export async function runMultiAgentGraph(
  execs: AgentExecution[],
  messages: BaseMessage[],
  chain: boolean,
  resolveHandoff: HandoffResolver,
): Promise<BaseMessage[]> {
  const indexOf = new Map(execs.map((e, i) => [e.input.agentId, i]));
  try {
    const out = await multiAgentGraph(execs.length, chain).invoke(
      { messages },
      {
        configurable: { multi: { execs, resolveHandoff, indexOf } satisfies MultiConfig },
        recursionLimit: execs[0].run.limits.recursionLimit,
      },
    );
    return out.messages;
  } catch (err) {
    throw mapGraphError(err, execs[0]);
  }
}
